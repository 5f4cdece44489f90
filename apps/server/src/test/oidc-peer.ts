import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type Configuration } from "oidc-provider";

/** One person the provider can sign in. */
export type OidcAccount = { email: string; name: string; emailVerified?: boolean };

export type OidcPeer = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** People who may sign in (by e-mail, typed on the provider's login page). */
  accounts: Map<string, OidcAccount>;
  close(): Promise<void>;
};

const page = (
  uid: string,
  hint: string,
) => `<!doctype html><html><head><title>Test identity provider</title></head>
<body><h1>Sign in to the test identity provider</h1>
<form method="post" action="/interaction/${uid}/login">
<label>E-mail <input name="email" type="email" value="${hint.replace(/[^\w@.+-]/g, "")}" autocomplete="off"></label>
<button type="submit">Continue</button></form></body></html>`;

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

/**
 * TEST ONLY: a real OpenID Provider (`oidc-provider`, OpenID-certified) on a loopback port with
 * one confidential client. Its login page asks only for an e-mail of `accounts`; consent is
 * granted for the client's scopes (a company provider the organisation trusts).
 */
export async function startOidcPeer(opts: { redirectUri: string; port?: number }): Promise<OidcPeer> {
  const accounts = new Map<string, OidcAccount>();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = "mnemo-sso";
  const clientSecret = "mnemo-sso-client-secret-for-tests";
  const config: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [opts.redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    scopes: ["openid", "email", "profile"],
    cookies: { keys: ["oidc-peer-test-cookie-key"] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, id) => {
      const a = accounts.get(id);
      if (!a) return undefined;
      return {
        accountId: id,
        claims: () => ({ sub: id, email: a.email, email_verified: a.emailVerified ?? true, name: a.name }),
      };
    },
    loadExistingGrant: async (ctx) => {
      const accountId = ctx.oidc.session?.accountId;
      if (!accountId || !ctx.oidc.client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
  };
  const provider = new Provider(issuer, config);
  const callback = provider.callback();
  server.on("request", (req, res) => {
    const m = req.url?.match(/^\/interaction\/([\w-]+)(\/login)?/);
    if (!m) return void callback(req, res);
    void (async () => {
      try {
        const details = await provider.interactionDetails(req, res);
        if (!m[2]) {
          res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
          return void res.end(page(details.uid, String(details.params.login_hint ?? "")));
        }
        const email = ((await readForm(req)).get("email") ?? "").toLowerCase();
        if (!accounts.has(email)) {
          res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
          return void res.end(page(details.uid, email).replace("<form", "<p>Unknown account.</p><form"));
        }
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: email } },
          { mergeWithLastSubmission: false },
        );
      } catch (err) {
        res.writeHead(400, { "content-type": "text/plain" });
        res.end((err as Error).message);
      }
    })();
  });
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
