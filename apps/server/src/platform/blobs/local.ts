import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeWebStream } from "node:stream/web";
import { blobPath, signGrant, verifyGrant, type BlobGrant } from "./signing.ts";
import {
  BlobTooLargeError,
  isSafeKey,
  type BlobMetadata,
  type BlobStat,
  type BlobStore,
  type PresignGetOptions,
  type PresignPutOptions,
} from "./store.ts";

type Sidecar = { size: number; contentType?: string; metadata: BlobMetadata };

/**
 * Blobs on local disk under `root`; presigned URLs point at the server's own `/api/blob/…` routes
 * and carry an HMAC grant (method, key, expiry, byte cap).
 */
export class LocalBlobStore implements BlobStore {
  readonly kind = "local" as const;
  constructor(
    private readonly root: string,
    private readonly secret: string,
    /** Origin prefixed to presigned URLs ("" gives relative URLs). */
    private readonly publicUrl = "",
  ) {
    fs.mkdirSync(path.join(root, ".tmp"), { recursive: true });
  }

  private file(key: string): string {
    if (!isSafeKey(key)) throw new Error("Invalid blob key.");
    return path.join(this.root, ...key.split("/"));
  }

  async put(
    key: string,
    body: ReadableStream<Uint8Array> | Uint8Array,
    opts: { maxBytes: number; contentType?: string; metadata?: BlobMetadata },
  ): Promise<BlobStat> {
    const target = this.file(key);
    const tmp = path.join(this.root, ".tmp", crypto.randomUUID());
    // Bytes already in memory (a page's preview image, an extracted file) are written at once:
    // three streams per small file cost more than the write (issue 44, link ingestion's overhead).
    if (body instanceof Uint8Array) {
      if (body.byteLength > opts.maxBytes) throw new BlobTooLargeError(opts.maxBytes);
      return this.commit(tmp, target, body.byteLength, opts, () => fs.promises.writeFile(tmp, body));
    }
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        size += chunk.length;
        if (size > opts.maxBytes) cb(new BlobTooLargeError(opts.maxBytes));
        else cb(null, chunk);
      },
    });
    const source = Readable.fromWeb(body as NodeWebStream<Uint8Array>);
    return this.commit(
      tmp,
      target,
      () => size,
      opts,
      () => pipeline(source, counter, fs.createWriteStream(tmp)),
    );
  }

  /** Writes the body to `tmp` (`write`), then its sidecar, then moves it to `target`. */
  private async commit(
    tmp: string,
    target: string,
    size: number | (() => number),
    opts: { contentType?: string; metadata?: BlobMetadata },
    write: () => Promise<void>,
  ): Promise<BlobStat> {
    try {
      await write();
      const stat: BlobStat = {
        size: typeof size === "number" ? size : size(),
        contentType: opts.contentType,
        metadata: opts.metadata ?? {},
      };
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      await fs.promises.writeFile(target + ".meta.json", JSON.stringify(stat));
      await fs.promises.rename(tmp, target);
      return stat;
    } catch (err) {
      await fs.promises.rm(tmp, { force: true });
      throw err;
    }
  }

  async get(key: string, range?: { start: number; end: number }): Promise<Readable | null> {
    const file = this.file(key);
    try {
      await fs.promises.access(file);
    } catch {
      return null;
    }
    return fs.createReadStream(file, range);
  }

  async stat(key: string): Promise<BlobStat | null> {
    const file = this.file(key);
    try {
      const [st, raw] = await Promise.all([
        fs.promises.stat(file),
        fs.promises.readFile(file + ".meta.json", "utf8"),
      ]);
      const side = JSON.parse(raw) as Sidecar;
      return { size: st.size, contentType: side.contentType, metadata: side.metadata ?? {} };
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.file(key);
    await fs.promises.rm(file, { force: true });
    await fs.promises.rm(file + ".meta.json", { force: true });
  }

  /** True when `sig` is this store's signature of an unexpired grant. */
  verify(grant: BlobGrant, sig: string): boolean {
    return verifyGrant(this.secret, grant, sig, Math.floor(Date.now() / 1000));
  }

  private sign(grant: BlobGrant): string {
    const qs = new URLSearchParams({
      expires: String(grant.expires),
      max: String(grant.max),
      sig: signGrant(this.secret, grant),
    });
    if (grant.reader) {
      qs.set("u", grant.reader.userId);
      qs.set("s", grant.reader.sourceId);
    }
    if (grant.fileName) qs.set("n", grant.fileName);
    return `${this.publicUrl}${blobPath(grant.key)}?${qs}`;
  }

  async presignPut(key: string, opts: PresignPutOptions): Promise<string> {
    this.file(key);
    return this.sign({
      method: "PUT",
      key,
      expires: Math.floor(Date.now() / 1000) + opts.expiresInSeconds,
      max: opts.size,
    });
  }

  async presignGet(key: string, opts: PresignGetOptions): Promise<string> {
    this.file(key);
    return this.sign({
      method: "GET",
      key,
      expires: Math.floor(Date.now() / 1000) + opts.expiresInSeconds,
      max: 0,
      reader: opts.reader,
      fileName: opts.fileName,
    });
  }
}
