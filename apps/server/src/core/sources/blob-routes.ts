import type { Context } from "hono";
import { z } from "zod";
import { endpoints } from "@mnemo/contracts";
import type { PlatformContext } from "../../platform/context.ts";
import type { AppEnv } from "../../platform/http/context.ts";
import { createRouter, documentRoute } from "../../platform/http/route.ts";
import { AppError } from "../../platform/lib/errors.ts";
import { userMayReadSource } from "./access.ts";
import { LocalBlobStore } from "../../platform/blobs/local.ts";
import { parseRange } from "../../platform/blobs/range.ts";
import { BlobTooLargeError, isSafeKey, type BlobMetadata } from "../../platform/blobs/store.ts";
import { contentDisposition, type BlobGrant } from "../../platform/blobs/signing.ts";
import { Readable } from "node:stream";

const zGrantQuery = z.object({
  expires: z.coerce.number().int(),
  max: z.coerce.number().int(),
  sig: z.string().min(10),
  /** A download for a reader: the user and the memory it was handed out for. */
  u: z.string().optional(),
  s: z.string().optional(),
  /** A download's file name (signed with the rest). */
  n: z.string().max(1000).optional(),
});

const metaPrefix = "x-amz-meta-";

/** The x-amz-meta-* request headers, prefix removed. */
function metadataFrom(headers: Headers): BlobMetadata {
  const out: BlobMetadata = {};
  headers.forEach((value, name) => {
    if (name.toLowerCase().startsWith(metaPrefix))
      out[name.toLowerCase().slice(metaPrefix.length)] = value.slice(0, 1024);
  });
  return out;
}

/** What blobRoutes uses of the application context (bootstrap.ts builds it once). */
export type BlobRouteDeps = Pick<PlatformContext, "config" | "blobs" | "database">;

/**
 * Embedded-mode upload and download endpoints behind HMAC-signed URLs (LocalBlobStore). They take
 * no bearer token: the signature is the authorization. Bodies stream to disk, never buffered.
 */
export function blobRoutes(ctx: BlobRouteDeps) {
  const r = createRouter<AppEnv>();
  const limit = ctx.config.UPLOAD_LIMIT_MB * 1024 * 1024;

  const grantFor = (c: Context<AppEnv>, method: "PUT" | "GET") => {
    const key = decodeURIComponent(c.req.path.replace(/^\/api\/blob\//, ""));
    const q = zGrantQuery.safeParse(c.req.query());
    const reader = q.success && q.data.u && q.data.s ? { userId: q.data.u, sourceId: q.data.s } : undefined;
    const grant = q.success
      ? { method, key, expires: q.data.expires, max: q.data.max, reader, fileName: q.data.n }
      : undefined;
    const store = ctx.blobs;
    if (
      !(store instanceof LocalBlobStore) ||
      !grant ||
      !q.success ||
      !isSafeKey(key) ||
      !store.verify(grant, q.data.sig)
    ) {
      throw new AppError("forbidden", "Invalid or expired upload link.");
    }
    return grant;
  };

  /** A route of the signed blob URL: documented, and its handler gets the verified grant. */
  const signedRoute = (
    endpoint: typeof endpoints.blobs.upload | typeof endpoints.blobs.download,
    handler: (c: Context<AppEnv>, grant: BlobGrant) => Promise<Response>,
  ) => {
    documentRoute(r, endpoint);
    const verb = endpoint.method === "put" ? "PUT" : "GET";
    r.on(verb, endpoint.path, (c) => handler(c, grantFor(c, verb)));
  };

  signedRoute(endpoints.blobs.upload, async (c, grant) => {
    const max = Math.min(grant.max, limit);
    const declared = Number(c.req.header("content-length") ?? "NaN");
    const tooLarge = () =>
      new AppError("validation", "The file is larger than the upload limit.", undefined, 413);
    if (Number.isFinite(declared) && declared > max) throw tooLarge();
    const body = c.req.raw.body;
    if (!body) throw new AppError("validation", "The upload body is empty.");
    try {
      await ctx.blobs.put(grant.key, body, {
        maxBytes: max,
        contentType: c.req.header("content-type") ?? undefined,
        metadata: metadataFrom(c.req.raw.headers),
      });
    } catch (err) {
      if (err instanceof BlobTooLargeError) throw tooLarge();
      throw err;
    }
    return c.body(null, 200);
  });

  signedRoute(endpoints.blobs.download, async (c, grant) => {
    // The URL's reader must still be allowed to read the memory (revoked members, deleted memories).
    if (
      grant.reader &&
      !(await userMayReadSource(ctx.database.db, grant.reader.userId, grant.reader.sourceId))
    )
      throw new AppError("not_found", "Not found.");
    const stat = await ctx.blobs.stat(grant.key);
    if (!stat) throw new AppError("not_found", "Not found.");
    // A player seeks by asking for a byte range (RFC 9110 §14): one range is served as 206.
    const range = parseRange(c.req.header("range"), stat.size);
    const headers: Record<string, string> = {
      "content-type": stat.contentType ?? "application/octet-stream",
      "accept-ranges": "bytes",
      // Downloads keep the memory's file name, not the storage key's UUID (issue 41).
      "content-disposition": contentDisposition("attachment", grant.fileName),
      // Uploaded bytes are never run as a page of this origin, whatever their declared type.
      "content-security-policy": "sandbox; default-src 'none'",
      "x-content-type-options": "nosniff",
    };
    if (range.kind === "unsatisfiable")
      return new Response(null, {
        status: 416,
        headers: { ...headers, "content-range": `bytes */${stat.size}` },
      });
    const part = range.kind === "partial" ? { start: range.start, end: range.end } : undefined;
    const stream = await ctx.blobs.get(grant.key, part);
    if (!stream) throw new AppError("not_found", "Not found.");
    const body = Readable.toWeb(stream) as ReadableStream;
    if (!part) return new Response(body, { headers: { ...headers, "content-length": String(stat.size) } });
    return new Response(body, {
      status: 206,
      headers: {
        ...headers,
        "content-length": String(part.end - part.start + 1),
        "content-range": `bytes ${part.start}-${part.end}/${stat.size}`,
      },
    });
  });
  return r;
}
