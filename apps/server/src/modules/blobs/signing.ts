import crypto from "node:crypto";

/** What a local presigned URL grants: one method on one key until `expires`, at most `max` bytes. */
export type BlobGrant = { method: "PUT" | "GET"; key: string; expires: number; max: number };

function payload(g: BlobGrant): string {
  return `${g.method}\n${g.key}\n${g.expires}\n${g.max}`;
}

/** HMAC-SHA256 of the grant, base64url. */
export function signGrant(secret: string, g: BlobGrant): string {
  return crypto.createHmac("sha256", secret).update(payload(g)).digest("base64url");
}

/** True when `sig` matches the grant and it has not expired at `nowSeconds`. */
export function verifyGrant(secret: string, g: BlobGrant, sig: string, nowSeconds: number): boolean {
  if (!Number.isFinite(g.expires) || g.expires < nowSeconds) return false;
  if (!Number.isFinite(g.max) || g.max < 0) return false;
  const expected = Buffer.from(signGrant(secret, g));
  const given = Buffer.from(sig);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

/** The blob-signing key, derived from the server secret so it never equals the auth key. */
export function deriveBlobSecret(authSecret: string): string {
  return crypto.createHmac("sha256", authSecret).update("mnemo-blob-signing-v1").digest("base64url");
}

/** Path of a key under /api/blob/, each segment URL-encoded. */
export function blobPath(key: string): string {
  return "/api/blob/" + key.split("/").map(encodeURIComponent).join("/");
}
