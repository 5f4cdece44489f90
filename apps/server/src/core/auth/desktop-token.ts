import crypto from "node:crypto";

/**
 * Desktop-app tokens (issue 12 item 6). The desktop app is served as plan team (spec 1 §1), so
 * the claim must be proven, never taken from the `Source: desktop_app` header. A desktop client
 * registers once per user with the operator's DESKTOP_CLIENT_SECRET and gets a token bound to
 * that user: an HMAC over the user id and expiry, under a key derived from the auth secret. It
 * travels in the `X-Desktop-Token` header; a token of another user, a forged or an expired one
 * counts for nothing (the request is served under the user's own plan).
 */

/** How long a registration lasts before the desktop app registers again. */
export const DESKTOP_TOKEN_TTL_S = 30 * 24 * 60 * 60;
export const DESKTOP_TOKEN_HEADER = "x-desktop-token";

export type DesktopTokens = {
  /** A token for `userId`, valid for DESKTOP_TOKEN_TTL_S. */
  issue(userId: string, nowSeconds?: number): { token: string; expiresAt: number };
  /** True when `token` was issued by this server for `userId` and has not expired. */
  verify(token: string | undefined, userId: string, nowSeconds?: number): boolean;
  /** True when `given` is the configured desktop client secret (false when none is configured). */
  isClientSecret(given: string): boolean;
};

const now = () => Math.floor(Date.now() / 1000);

function mac(key: string, userId: string, expiresAt: number): string {
  return crypto.createHmac("sha256", key).update(`desktop\n${userId}\n${expiresAt}`).digest("base64url");
}

/** Constant-time equality of two strings of any length. */
function sameSecret(a: string, b: string): boolean {
  const x = crypto.createHash("sha256").update(a).digest();
  const y = crypto.createHash("sha256").update(b).digest();
  return crypto.timingSafeEqual(x, y);
}

export function createDesktopTokens(authSecret: string, clientSecret: string | undefined): DesktopTokens {
  // Derived, so a desktop token never equals anything signed with the auth or blob keys.
  const key = crypto.createHmac("sha256", authSecret).update("mnemo-desktop-token-v1").digest("base64url");
  return {
    issue(userId, at = now()) {
      const expiresAt = at + DESKTOP_TOKEN_TTL_S;
      return { token: `v1.${expiresAt}.${mac(key, userId, expiresAt)}`, expiresAt };
    },
    verify(token, userId, at = now()) {
      const m = /^v1\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token?.trim() ?? "");
      if (!m) return false;
      const expiresAt = Number(m[1]);
      if (expiresAt < at) return false;
      const expected = Buffer.from(mac(key, userId, expiresAt));
      const given = Buffer.from(m[2]);
      return expected.length === given.length && crypto.timingSafeEqual(expected, given);
    },
    isClientSecret(given) {
      return Boolean(clientSecret) && sameSecret(given, clientSecret!);
    },
  };
}
