import { envClient } from "../credentials.ts";
import type { AppSettings, OAuthSpec } from "./types.ts";

/** A URL of Google's REST APIs (GOOGLE_API_URL, https://www.googleapis.com by default). */
export function googleApi(settings: AppSettings, path: string, query?: Record<string, string | string[]>) {
  const url = new URL(path.replace(/^\//, ""), settings.GOOGLE_API_URL.replace(/\/?$/, "/"));
  for (const [k, v] of Object.entries(query ?? {}))
    for (const one of Array.isArray(v) ? v : [v]) url.searchParams.append(k, one);
  return url;
}

/** The operator's OAuth client of Google (the environment). */
const googleClient = envClient("GOOGLE", "the operator adds a Google OAuth client");

/**
 * Google's OAuth 2 for one Google app (developers.google.com/identity/protocols/oauth2/web-server):
 * the operator's "Web application" client, PKCE, read-only scopes; `access_type=offline` and
 * `prompt=consent` so Google hands a refresh token on every connection.
 */
export function googleOAuth(scopes: string[], identify: OAuthSpec["identify"]): OAuthSpec {
  return {
    unconfigured: googleClient.unconfigured,
    endpoints: (s) => ({
      authorize: new URL("o/oauth2/v2/auth", s.GOOGLE_OAUTH_URL.replace(/\/?$/, "/")).href,
      token: s.GOOGLE_TOKEN_URL,
      ...googleClient.client(s),
      scopes,
      authorizeParams: { access_type: "offline", prompt: "consent" },
      ...(s.GOOGLE_REDIRECT_URL ? { redirectUri: s.GOOGLE_REDIRECT_URL } : {}),
    }),
    identify,
  };
}

/** Seconds since the epoch of an RFC 3339 time or epoch milliseconds (0 when unknown). */
export function epochSeconds(t: string | number | null | undefined): number {
  if (t === null || t === undefined) return 0;
  const ms = typeof t === "number" || /^\d+$/.test(t) ? Number(t) : Date.parse(t);
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : 0;
}
