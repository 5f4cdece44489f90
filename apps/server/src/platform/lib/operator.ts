import crypto from "node:crypto";

/** Header carrying the operator key: an operator command (announce, set-plan …) reaching a running server. */
export const OPERATOR_HEADER = "x-mnemo-operator";

export type OperatorKey = {
  /** The key the operator command sends (derived from the auth secret, never stored). */
  token: string;
  /** True when `given` is this server's operator key. */
  verify(given: string | undefined): boolean;
};

/**
 * The operator's key for the operator commands' calls (announcements, plans, administrators). An
 * embedded server owns its data directory, so a command cannot open the database while it runs; it
 * sends its change to the server with this key instead. Whoever can read the auth secret
 * (AUTH_SECRET or DATA_DIR/auth-secret) is the operator already.
 */
export function createOperatorKey(authSecret: string): OperatorKey {
  const token = crypto.createHmac("sha256", authSecret).update("mnemo-operator-v1").digest("base64url");
  const digest = (s: string) => crypto.createHash("sha256").update(s).digest();
  return {
    token,
    verify: (given) => Boolean(given) && crypto.timingSafeEqual(digest(given!), digest(token)),
  };
}
