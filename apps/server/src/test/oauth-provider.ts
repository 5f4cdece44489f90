/**
 * TEST ONLY: the authorization server of a cloud app for connector tests — the real OAuth 2 server
 * library (oauth2-mock-server) on the provider's endpoint paths, plus what the library leaves to
 * the provider: which access tokens the app's API accepts (`validTokens`, hand the same Set to the
 * API peer), which refresh tokens are revoked, and a shorter token life to force refreshes.
 *
 * A refused refresh answers like Google's token endpoint (RFC 6749 §5.2):
 *   400 {"error":"invalid_grant","error_description":"Token has been expired or revoked."}
 */
import { Events, OAuth2Server } from "oauth2-mock-server";

export type OAuthProvider = {
  url: string;
  server: OAuth2Server;
  /** Access tokens the API peer accepts (every token issued, until expired or revoked). */
  validTokens: Set<string>;
  /** Token requests seen, by grant type. */
  grants: string[];
  /** expires_in of the next token answers (null: the library's default, one hour). */
  expiresIn: number | null;
  /** Refresh tokens work once and each refresh issues a new one (Slack, Microsoft); default off. */
  singleUseRefresh: boolean;
  /** Access tokens stop working; refresh tokens still do (an expired access token). */
  expireAccessTokens(): void;
  /** Access and refresh tokens stop working (the user revoked Mnemo's access). */
  revokeAll(): void;
  close(): Promise<void>;
};

export async function startOAuthProvider(
  endpoints: { authorize: string; token: string },
  port = 0,
  /** Rewrites a token answer into the provider's own shape (Slack's authed_user, Notion's workspace). */
  shape?: (body: Record<string, unknown>, grant: string) => Record<string, unknown>,
): Promise<OAuthProvider> {
  const server = new OAuth2Server(undefined, undefined, { endpoints });
  await server.issuer.keys.generate("RS256");
  await server.start(port, "127.0.0.1");
  const validTokens = new Set<string>();
  const issuedRefresh = new Set<string>();
  const grants: string[] = [];
  const state = { expiresIn: null as number | null, singleUseRefresh: false };
  server.service.on(
    Events.BeforeResponse,
    (
      response: { body: Record<string, unknown>; statusCode: number },
      req: { body?: Record<string, string> },
    ) => {
      const grant = req.body?.grant_type ?? "";
      grants.push(grant);
      if (grant === "refresh_token" && !issuedRefresh.has(req.body?.refresh_token ?? "")) {
        response.statusCode = 400;
        response.body = { error: "invalid_grant", error_description: "Token has been expired or revoked." };
        return;
      }
      if (grant === "refresh_token" && state.singleUseRefresh)
        issuedRefresh.delete(req.body?.refresh_token ?? "");
      else if (grant === "refresh_token") delete response.body.refresh_token; // Google keeps the old one
      if (state.expiresIn !== null) response.body.expires_in = state.expiresIn;
      const access = response.body.access_token;
      if (typeof access === "string") validTokens.add(access);
      const refresh = response.body.refresh_token;
      if (typeof refresh === "string") issuedRefresh.add(refresh);
      if (shape) response.body = shape(response.body, grant);
    },
  );
  return {
    url: server.issuer.url!,
    server,
    validTokens,
    grants,
    get expiresIn() {
      return state.expiresIn;
    },
    set expiresIn(v) {
      state.expiresIn = v;
    },
    get singleUseRefresh() {
      return state.singleUseRefresh;
    },
    set singleUseRefresh(v) {
      state.singleUseRefresh = v;
    },
    expireAccessTokens: () => validTokens.clear(),
    revokeAll: () => {
      validTokens.clear();
      issuedRefresh.clear();
    },
    close: () => server.stop(),
  };
}
