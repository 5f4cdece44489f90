import crypto from "node:crypto";
import type * as Arctic from "arctic";
import { integrationMessages } from "@mnemo/contracts";
import type { Actor } from "../../platform/context.ts";
import { AppError, notFound, validation } from "../../platform/lib/errors.ts";
import { ConnectError, type Connector } from "./connectors/types.ts";
import { findConnector, unavailableFor } from "./registry.ts";
import { appCredentials, isUnconfigured } from "./credentials.ts";
import { standardTokens, tokenSecret } from "./cloud.ts";
import { planWithRoomFor, presentCounted, storeAccount, type AppsDeps } from "./service.ts";
import * as repo from "./repo.ts";

/** A connection started must come back within this long. */
const STATE_TTL_MS = 10 * 60 * 1000;

/** arctic loads with the first OAuth connection, not at start-up. */
let arcticModule: Promise<typeof Arctic> | undefined;
const loadArctic = () => (arcticModule ??= import("arctic"));

const hash = (state: string) => crypto.createHash("sha256").update(state).digest("hex");

/** Only a path of this site is a valid place to return to (no open redirect). */
function safeReturnPath(raw: string | undefined): string {
  if (!raw || !raw.startsWith("/") || raw.startsWith("//") || raw.includes("\\"))
    return "/settings#integrations";
  return raw;
}

/** The app, when `actor` may connect it (its organisation's client counts: registry.unavailableFor). */
async function connectable(deps: AppsDeps, actor: Actor, appName: string): Promise<Connector> {
  const connector = findConnector(appName);
  if (!connector) throw notFound("No such app.");
  const reason = await unavailableFor(connector, deps.connector.settings, actor.id, deps.connector.orgKeys);
  if (reason) throw new AppError("conflict", reason);
  return connector;
}

/**
 * GET /t/get_connection_link: where the browser goes to connect an account. OAuth apps: the
 * app's sign-in page (state and PKCE verifier kept server-side, single use, 10 minutes; the app
 * sends the user back to /settings?app=<id>). Other apps: their connect form in settings.
 */
export async function connectionLink(
  deps: AppsDeps,
  actor: Actor,
  q: { app_name: string; redirect_uri?: string; origin: string; connection_id?: string },
) {
  const connector = await connectable(deps, actor, q.app_name);
  if (!connector.oauth) return { link: `/settings?connect=${encodeURIComponent(connector.id)}#integrations` };
  if (q.connection_id) {
    // Reconnect: the user's own account of this app signs in again (its tokens replaced in place
    // by the callback); signing in as another app account is still bound by the limits there.
    const own = await repo.findOwnAccount(deps.db, actor.id, q.connection_id);
    if (!own || own.app !== connector.id) throw notFound("Connected account not found.");
  } else await planWithRoomFor(deps, actor, connector);
  const ep = await appCredentials(connector, deps.connector.settings, actor.id, deps.connector.orgKeys);
  if (isUnconfigured(ep)) throw new AppError("conflict", ep.unavailable);
  const arctic = await loadArctic();
  const state = arctic.generateState();
  const pkce = ep.pkce !== false;
  const verifier = arctic.generateCodeVerifier();
  const callback = ep.redirectUri ?? `${q.origin}/settings?app=${encodeURIComponent(connector.id)}`;
  await repo.pruneOAuthStates(deps.db, new Date(Date.now() - STATE_TTL_MS));
  await repo.insertOAuthState(deps.db, {
    stateHash: hash(state),
    ownerId: actor.id,
    app: connector.id,
    codeVerifier: pkce ? verifier : "",
    redirectUri: `${callback}\n${safeReturnPath(q.redirect_uri)}`,
  });
  const client = new arctic.OAuth2Client(ep.clientId, ep.clientSecret, callback);
  const url = pkce
    ? client.createAuthorizationURLWithPKCE(
        ep.authorize,
        state,
        arctic.CodeChallengeMethod.S256,
        verifier,
        ep.scopes,
      )
    : client.createAuthorizationURL(ep.authorize, state, ep.scopes);
  for (const [k, v] of Object.entries(ep.authorizeParams ?? {})) url.searchParams.set(k, v);
  return { link: url.href };
}

/**
 * POST /auth/oauth_callback: the app sent the user back with a code. The state must be one this
 * user started for this app, unused and fresh; the code is exchanged with the PKCE verifier, the
 * account identified, and its tokens stored sealed. Connecting the same app account again
 * (Reconnect) refreshes its tokens.
 */
export async function oauthCallback(
  deps: AppsDeps,
  actor: Actor,
  q: { app_name: string; auth_code: string; state: string },
) {
  const connector = await connectable(deps, actor, q.app_name);
  if (!connector.oauth) throw validation("This app does not connect through a sign-in page.");
  const pending = await repo.takeOAuthState(deps.db, hash(q.state));
  if (
    !pending ||
    pending.ownerId !== actor.id ||
    pending.app !== connector.id ||
    Date.now() - pending.createdAt.getTime() > STATE_TTL_MS
  ) {
    throw validation(integrationMessages.tokenInvalid);
  }
  const [callback, returnTo] = pending.redirectUri.split("\n");
  const ep = await appCredentials(connector, deps.connector.settings, actor.id, deps.connector.orgKeys);
  if (isUnconfigured(ep)) throw new AppError("conflict", ep.unavailable);
  let tokenSet: Record<string, string>;
  let tokenResponse: Record<string, unknown>;
  try {
    const arctic = await loadArctic();
    const client = new arctic.OAuth2Client(ep.clientId, ep.clientSecret, callback!);
    const tokens = await client.validateAuthorizationCode(
      ep.token,
      q.auth_code,
      pending.codeVerifier || null,
    );
    tokenResponse = tokens.data as Record<string, unknown>;
    tokenSet = tokenSecret((connector.oauth.readTokens ?? standardTokens)(tokenResponse));
  } catch (err) {
    deps.log.warn({ app: connector.id, err: (err as Error).name }, "oauth code exchange failed");
    throw validation(integrationMessages.tokenInvalid);
  }
  let identity;
  try {
    identity = await connector.oauth.identify(tokenSet.access_token!, deps.connector, tokenResponse);
  } catch (err) {
    if (err instanceof ConnectError) throw validation(err.message);
    throw new AppError("upstream", integrationMessages.connectAccountFailed({ app: connector.name }));
  }
  // Sealed: access_token, refresh_token, expires_at (cloud.ts refreshes before it).
  const secret = deps.box.seal(tokenSet);
  const plan = await deps.planOf(actor);
  // Connecting the same app account again (Reconnect) refreshes its tokens.
  const row = await storeAccount(deps, actor, connector, plan, identity, {
    secret,
    onExisting: (tx, existing) => repo.updateAccountSecret(tx, existing.id, secret, identity.title),
  });
  if (connector.sync) await deps.enqueueSync(row.id, `connect:${row.id}:${Date.now()}`);
  return { account: await presentCounted(deps, row), redirect_uri: returnTo ?? "/settings#integrations" };
}
