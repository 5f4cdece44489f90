/**
 * The operator's OAuth client of an app, resolved in ONE place (the seam for per-organisation keys).
 *
 * Today the client id, secret and redirect come from the environment, through the connector's
 * `oauth.endpoints(settings)` (e.g. GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, GOOGLE_REDIRECT_URL).
 * Once organisations exist, an organisation's own keys (set with POST
 * /api/org/update_organization_keys) take precedence for its members: `appCredentials` is where
 * that look-up goes — find the owner's organisation, read its keys for `connector.id`, and answer
 * them merged over the environment's endpoints. Everything that needs a client (the sign-in link,
 * the code exchange, token refresh in cloud.ts) calls this and nothing else, so that change is
 * local to this file. `presentIntegration` (the catalogue, no user) keeps the environment's view.
 */
import type { AppSettings, Connector, OAuthEndpoints } from "./connectors/types.ts";

/** What the environment-only resolver answers for an app without a client. */
export type Unconfigured = { unavailable: string };

/**
 * The OAuth client and endpoints `ownerId`'s accounts of `connector` use, or why there is none.
 * `ownerId` is unused until organisations exist (see above).
 */
export async function appCredentials(
  connector: Connector,
  settings: AppSettings,
  ownerId?: string,
): Promise<OAuthEndpoints | Unconfigured> {
  void ownerId;
  if (!connector.oauth) return { unavailable: "This app does not connect through a sign-in page." };
  const reason = connector.unavailableReason ?? connector.oauth.unconfigured(settings);
  if (reason) return { unavailable: reason };
  return connector.oauth.endpoints(settings);
}

export const isUnconfigured = (c: OAuthEndpoints | Unconfigured): c is Unconfigured => "unavailable" in c;

/** The standard message of an OAuth app without its client, naming the variables to set. */
export function notSetUp(app: string, vars: string[]): string {
  return `Not set up on this server: the operator adds a ${app} OAuth client (${vars.join(" and ")}).`;
}
