import type { Readable } from "node:stream";

/** User metadata stored with an object (the `x-amz-meta-*` headers without the prefix). */
export type BlobMetadata = Record<string, string>;

export type PresignPutOptions = {
  expiresInSeconds: number;
  /** Exact size the uploader declared; S3 signs it as Content-Length, local mode caps by it. */
  size: number;
  contentType?: string;
  metadata?: BlobMetadata;
};

export type BlobStat = { size: number; contentType?: string; metadata: BlobMetadata };

/**
 * Whom a download URL is for: a memory's file handed to a user who may read it. Local mode signs
 * it into the URL and checks on every download that the user may still read the memory, so a
 * member removed from a collection loses its files at once; S3 URLs cannot be checked, so they
 * live at most `readerUrlMaxSeconds`.
 */
export type BlobReader = { userId: string; sourceId: string };
export type PresignGetOptions = {
  expiresInSeconds: number;
  reader?: BlobReader;
  /** The name a download gets (Content-Disposition filename); none: the client picks one. */
  fileName?: string;
};

/** The longest an S3 download URL handed to a reader lives (a revoked member's window). */
export const readerUrlMaxSeconds = 10 * 60;

/**
 * Where uploaded bytes live. `LocalBlobStore` keeps them under DATA_DIR/blobs and signs URLs to the
 * server's own `/api/blob/…` routes; `S3BlobStore` presigns real S3 URLs. Callers never know which.
 */
export interface BlobStore {
  readonly kind: "local" | "s3";
  /** Stores a body; refuses (BlobTooLargeError) past `maxBytes`. */
  put(
    key: string,
    body: ReadableStream<Uint8Array> | Uint8Array,
    opts: { maxBytes: number; contentType?: string; metadata?: BlobMetadata },
  ): Promise<BlobStat>;
  /** A stream of the stored body (or of bytes start..end inclusive), or null when the key does not exist. */
  get(key: string, range?: { start: number; end: number }): Promise<Readable | null>;
  stat(key: string): Promise<BlobStat | null>;
  delete(key: string): Promise<void>;
  presignPut(key: string, opts: PresignPutOptions): Promise<string>;
  presignGet(key: string, opts: PresignGetOptions): Promise<string>;
}

export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The upload is larger than ${maxBytes} bytes.`);
  }
}

/** Reads a whole stored body into memory, refusing past `maxBytes`. */
export async function readBlob(store: BlobStore, key: string, maxBytes: number): Promise<Uint8Array | null> {
  const stat = await store.stat(key);
  const stream = await store.get(key);
  if (!stream) return null;
  // Copied into place as the parts arrive: one concatenation at the end would touch megabytes of
  // fresh memory in one turn of the event loop (~4.5 ms per MB on some VMs: docs/decisions.md).
  let out = new Uint8Array(Math.min(stat?.size ?? 0, maxBytes));
  let size = 0;
  for await (const part of stream) {
    const bytes = part as Uint8Array;
    if (size + bytes.length > maxBytes) {
      stream.destroy();
      throw new BlobTooLargeError(maxBytes);
    }
    if (size + bytes.length > out.length) {
      // The store said less than it sent (or nothing): grow by half again.
      const grown = new Uint8Array(Math.min(maxBytes, Math.max(size + bytes.length, out.length * 1.5)));
      grown.set(out.subarray(0, size));
      out = grown;
    }
    out.set(bytes, size);
    size += bytes.length;
  }
  return size === out.length ? out : out.subarray(0, size);
}

/** Keys are `owner/file` style paths of safe characters; anything else is refused. */
export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  return key.split("/").every((seg) => /^[A-Za-z0-9._-]+$/.test(seg) && seg !== "." && seg !== "..");
}
