import crypto from "node:crypto";
import type { BlobReader } from "./store.ts";

/**
 * What a local presigned URL grants: one method on one key until `expires`, at most `max` bytes;
 * a download for a `reader` is good only while that user may still read the memory.
 */
export type BlobGrant = {
  method: "PUT" | "GET";
  key: string;
  expires: number;
  max: number;
  reader?: BlobReader;
  /** A download's file name (the memory's original name), sent as its Content-Disposition filename. */
  fileName?: string;
};

/** Ids signed into a URL: plain id characters only, so no field can run into the next. */
export const isGrantId = (s: string) => /^[A-Za-z0-9_-]{1,128}$/.test(s);

function payload(g: BlobGrant): string {
  const base = `${g.method}\n${g.key}\n${g.expires}\n${g.max}`;
  const withReader = g.reader ? `${base}\nreader\n${g.reader.userId}\n${g.reader.sourceId}` : base;
  // Base64url: the name cannot run into another field whatever characters it holds.
  return g.fileName
    ? `${withReader}\nname\n${Buffer.from(g.fileName, "utf8").toString("base64url")}`
    : withReader;
}

/** HMAC-SHA256 of the grant, base64url. */
export function signGrant(secret: string, g: BlobGrant): string {
  return crypto.createHmac("sha256", secret).update(payload(g)).digest("base64url");
}

/** True when `sig` matches the grant and it has not expired at `nowSeconds`. */
export function verifyGrant(secret: string, g: BlobGrant, sig: string, nowSeconds: number): boolean {
  if (!Number.isFinite(g.expires) || g.expires < nowSeconds) return false;
  if (!Number.isFinite(g.max) || g.max < 0) return false;
  if (g.reader && !(isGrantId(g.reader.userId) && isGrantId(g.reader.sourceId))) return false;
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

/**
 * A Content-Disposition value naming the file (RFC 6266): an ASCII `filename` for old clients and
 * the exact name as UTF-8 in `filename*`.
 */
export function contentDisposition(type: "attachment" | "inline", fileName: string | undefined): string {
  // Control characters and path separators become "_" (no header injection, no folders).
  const name = Array.from(fileName ?? "", (ch) =>
    ch < " " || ch === "\u007f" || ch === "/" || ch === "\\" ? "_" : ch,
  )
    .join("")
    .trim();
  if (!name) return type;
  const ascii = name.replace(/[^\x20-\x7e]|["%]/g, "_");
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
