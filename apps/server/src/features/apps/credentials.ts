/**
 * The operator's OAuth client of an app, resolved in ONE place (the seam for per-organisation keys).
 *
 * The client id, secret and redirect come from the environment, through the connector's
 * `oauth.endpoints(settings)` (e.g. GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, GOOGLE_REDIRECT_URL).
 * An organisation's own keys (set with POST /api/org/update_organization_keys) take precedence
 * for its members: `orgKeys` (modules/orgs `orgAppKeys`, handed in by the apps deps) answers them,
 * merged over the environment's endpoints. An app the operator has not configured at all is
 * available to the members of an organisation with its keys (their organisation's client), and
 * Unavailable with its reason for everyone else (`unavailableFor` in registry.ts, the per-user catalogue).
 * Everything that needs a client (the sign-in link, the code exchange, token refresh in cloud.ts)
 * calls this and nothing else. The unprotected catalogue (`presentIntegration`, no user) keeps
 * the environment's view.
 */
import type { AppSettings, Connector, OAuthEndpoints, OrgKeyLookup } from "./connectors/types.ts";

/** What the environment-only resolver answers for an app without a client. */
export type Unconfigured = { unavailable: string };

/**
 * The OAuth client and endpoints `ownerId`'s accounts of `connector` use, or why there is none.
 * With `ownerId` and `orgKeys`, the client of the owner's organisation is used when it set one.
 */
export async function appCredentials(
  connector: Connector,
  settings: AppSettings,
  ownerId?: string,
  orgKeys?: OrgKeyLookup,
): Promise<OAuthEndpoints | Unconfigured> {
  if (!connector.oauth) return { unavailable: "This app does not connect through a sign-in page." };
  if (connector.unavailableReason) return { unavailable: connector.unavailableReason };
  const org = ownerId && orgKeys ? await orgKeys(ownerId, connector.id) : null;
  // Without the operator's client, an organisation's own client still connects its members.
  const reason = connector.oauth.unconfigured(settings);
  if (reason && !org) return { unavailable: reason };
  const env = connector.oauth.endpoints(settings);
  if (!org) return env;
  return {
    ...env,
    clientId: org.clientId,
    clientSecret: org.clientSecret || (reason ? null : env.clientSecret),
    ...(org.redirectUrl ? { redirectUri: org.redirectUrl } : {}),
  };
}

export const isUnconfigured = (c: OAuthEndpoints | Unconfigured): c is Unconfigured => "unavailable" in c;

/**
 * An app's OAuth client from the environment, `<APP>_CLIENT_ID` and `<APP>_CLIENT_SECRET`:
 * `unconfigured` is null once both are set, else the message saying how the operator sets the
 * app up, naming the two; `client` is the pair as the endpoints carry it.
 */
export function envClient(app: "GITHUB" | "GOOGLE" | "NOTION" | "SLACK" | "MICROSOFT", how: string) {
  const id = `${app}_CLIENT_ID` as const;
  const secret = `${app}_CLIENT_SECRET` as const;
  return {
    unconfigured: (s: AppSettings): string | null =>
      s[id] && s[secret] ? null : `Not set up on this server: ${how} (${id} and ${secret}).`,
    client: (s: AppSettings) => ({ clientId: s[id] ?? "", clientSecret: s[secret] ?? null }),
  };
}
