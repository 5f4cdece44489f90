import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { BlobTooLargeError, readerUrlMaxSeconds } from "./store.ts";
import type { BlobMetadata, BlobStat, BlobStore, PresignGetOptions, PresignPutOptions } from "./store.ts";
import { contentDisposition } from "./signing.ts";

export type S3Settings = {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
};

function isMissing(err: unknown): boolean {
  return (
    err instanceof S3ServiceException &&
    (err.$metadata.httpStatusCode === 404 || err.name === "NoSuchKey" || err.name === "NotFound")
  );
}

/** Blobs in an S3-compatible bucket (AWS, MinIO, R2); uploads go straight to S3 by presigned PUT. */
export class S3BlobStore implements BlobStore {
  readonly kind = "s3" as const;
  readonly client: S3Client;
  constructor(private readonly s: S3Settings) {
    this.client = new S3Client({
      region: s.region,
      endpoint: s.endpoint,
      forcePathStyle: s.forcePathStyle,
      // A presigned PUT from a browser carries no checksum header; sign none.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      credentials:
        s.accessKeyId && s.secretAccessKey
          ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey }
          : undefined,
    });
  }

  async put(
    key: string,
    body: ReadableStream<Uint8Array> | Uint8Array,
    opts: { maxBytes: number; contentType?: string; metadata?: BlobMetadata },
  ): Promise<BlobStat> {
    // S3 needs a length up front: small server-side writes (extracted previews, screenshots) are buffered.
    const parts: Uint8Array[] = [];
    let size = 0;
    if (body instanceof Uint8Array) {
      parts.push(body);
      size = body.length;
    } else {
      for await (const part of body as unknown as AsyncIterable<Uint8Array>) {
        size += part.length;
        if (size > opts.maxBytes) throw new BlobTooLargeError(opts.maxBytes);
        parts.push(part);
      }
    }
    if (size > opts.maxBytes) throw new BlobTooLargeError(opts.maxBytes);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.s.bucket,
        Key: key,
        Body: Buffer.concat(parts),
        ContentType: opts.contentType,
        Metadata: opts.metadata,
      }),
    );
    return { size, contentType: opts.contentType, metadata: opts.metadata ?? {} };
  }

  async get(key: string, range?: { start: number; end: number }): Promise<Readable | null> {
    try {
      const res = await this.client.send(
        new GetObjectCommand({
          Bucket: this.s.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return res.Body instanceof Readable
        ? res.Body
        : Readable.from(res.Body as unknown as AsyncIterable<Uint8Array>);
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async stat(key: string): Promise<BlobStat | null> {
    try {
      const res = await this.client.send(new HeadObjectCommand({ Bucket: this.s.bucket, Key: key }));
      return { size: res.ContentLength ?? 0, contentType: res.ContentType, metadata: res.Metadata ?? {} };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.s.bucket, Key: key }));
  }

  /**
   * A presigned PUT. Content-Length is signed, so S3 itself refuses a body of any other size; the
   * x-amz-meta-* headers stay headers (the spec's client sends them) and are signed too.
   */
  async presignPut(key: string, opts: PresignPutOptions): Promise<string> {
    const cmd = new PutObjectCommand({
      Bucket: this.s.bucket,
      Key: key,
      ContentLength: opts.size,
      Metadata: opts.metadata,
    });
    const unhoistable = new Set(Object.keys(opts.metadata ?? {}).map((k) => `x-amz-meta-${k.toLowerCase()}`));
    return getSignedUrl(this.client, cmd, {
      expiresIn: opts.expiresInSeconds,
      signableHeaders: new Set(["content-length", ...unhoistable]),
      unhoistableHeaders: unhoistable,
    });
  }

  /** S3 cannot ask us on download whether the reader still may read: their URLs live minutes only. */
  async presignGet(key: string, opts: PresignGetOptions): Promise<string> {
    return getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.s.bucket,
        Key: key,
        ResponseContentDisposition: opts.fileName
          ? contentDisposition("attachment", opts.fileName)
          : undefined,
      }),
      {
        expiresIn: opts.reader ? Math.min(opts.expiresInSeconds, readerUrlMaxSeconds) : opts.expiresInSeconds,
      },
    );
  }
}
