import crypto from "node:crypto";
import { uploadMessages, type ConfirmUploadInput, type GetPresignedUrlInput } from "@mnemo/contracts";
import type { PlatformContext, Actor } from "../../../platform/context.ts";
import { AppError, notFound, validation, conflict } from "../../../platform/lib/errors.ts";
import * as blobsRepo from "../../../platform/blobs/repo.ts";
import { presignPendingUpload } from "../../../platform/blobs/pending-upload.ts";
import * as repo from "../rows.ts";
import { supportedFileExtensions } from "../../../platform/files/kinds.ts";
import { checkUploadFile, isValidClientId } from "./validation.ts";
import { enqueueExtract } from "./enqueue.ts";
import { bundledSamples } from "./samples.ts";
import { guardFileUpload, previewFileUpload } from "../../plans/guards.ts";
import { fileFailureReason } from "../failure-reasons.ts";

/** What the upload service uses of the application context. */
/** What saving a file takes (the connected apps' sync saves files through it too). */
export type CaptureDeps = Pick<PlatformContext, "database" | "blobs" | "config" | "queue" | "log">;

export type UploadDeps = CaptureDeps & { canvasUploads: CanvasUploads };

/**
 * A canvas's document and screenshots travel through the same upload calls as files (spec 3 §8);
 * the canvas feature keeps them (wired in app/http.ts).
 */
export type CanvasUploads = {
  presign: (actor: Actor, input: GetPresignedUrlInput) => Promise<object>;
  confirm: (actor: Actor, input: ConfirmUploadInput) => Promise<object>;
};

const sourceTypeOf = { page: "page", image: "image", file: "file" } as const;

export function fileKeyFor(ownerId: string, fileId: string): string {
  return `${ownerId}/${fileId}`;
}

/** Spec 2 §7 "get upload location": validates the file, records a pending blob, presigns the PUT. */
export async function getPresignedUrl(ctx: UploadDeps, actor: Actor, input: GetPresignedUrlInput) {
  if (input.canvas_data_type) return ctx.canvasUploads.presign(actor, input);
  const db = ctx.database.db;
  const check = checkUploadFile(input.metadata.name_base64, input.fileType, supportedFileExtensions);
  if (!check.ok) throw validation(check.message);
  // Refuse before the bytes travel when today's file cap is already reached (counted at confirm).
  // Mnemo's own sample files (welcome items, recommendations) are exempt (checked by hash at confirm).
  const sample = bundledSamples(ctx.config.webDist).mayBeSample(check.name, input.metadata.size);
  if (input.metadata.source_type !== "page" && !sample) await previewFileUpload(db, actor);
  const limit = ctx.config.UPLOAD_LIMIT_MB * 1024 * 1024;
  if (input.metadata.size > limit) {
    throw validation(
      `Failed to upload ${check.name}. The file is larger than ${ctx.config.UPLOAD_LIMIT_MB}MB.`,
    );
  }
  let fileId: string = crypto.randomUUID();
  if (input.file_id !== undefined) {
    if (!isValidClientId(input.file_id)) throw validation("Invalid file id.");
    const existing = await repo.findSource(db, input.file_id);
    if (existing && existing.ownerId !== actor.id) throw notFound();
    fileId = input.file_id;
  }
  const key = fileKeyFor(actor.id, fileId);
  const sourceType = input.metadata.source_type;
  return presignPendingUpload(
    db,
    ctx.blobs,
    {
      key,
      fileId,
      ownerId: actor.id,
      name: check.name,
      mimeType: input.metadata.type || "application/octet-stream",
      kind: sourceType,
    },
    input.metadata,
  );
}

async function hashStored(ctx: CaptureDeps, key: string): Promise<string> {
  const stream = await ctx.blobs.get(key);
  if (!stream) throw validation(uploadMessages.uploadFailed);
  const hash = crypto.createHash("sha256");
  for await (const part of stream) hash.update(part as Buffer);
  return "sha256:" + hash.digest("hex");
}

/**
 * Spec 2 §7 "confirm upload": checks the stored body, refuses duplicates (same content for the same
 * owner), creates or re-versions the memory (status in_progress) and enqueues extraction.
 */
export async function confirmUpload(ctx: UploadDeps, actor: Actor, input: ConfirmUploadInput) {
  if (input.file_type === "canvas") return ctx.canvasUploads.confirm(actor, input);
  const db = ctx.database.db;
  if (!isValidClientId(input.file_id)) throw notFound();
  const key = fileKeyFor(actor.id, input.file_id);
  const pending = await blobsRepo.findOwnedBlob(db, actor.id, key);
  const current = await repo.findSource(db, input.file_id);
  if (!pending || (current && current.ownerId !== actor.id)) throw notFound();
  if (input.upload_status !== "success") {
    if (!current) {
      await ctx.blobs.delete(key);
      await blobsRepo.deleteBlobRow(db, key);
    }
    throw validation(uploadMessages.uploadFailed);
  }
  const stat = await ctx.blobs.stat(key);
  if (!stat) throw validation(uploadMessages.uploadFailed);
  if (stat.size > ctx.config.UPLOAD_LIMIT_MB * 1024 * 1024)
    throw new AppError("validation", uploadMessages.uploadFailed, undefined, 413);
  const contentHash = await hashStored(ctx, key);
  const { allowed, refused } = await repo.writableCollections(db, actor, input.collections);
  if (refused.length) throw notFound("Collection not found.");
  const type = sourceTypeOf[(pending.kind as keyof typeof sourceTypeOf) ?? "file"] ?? "file";

  const row = await db.transaction(async (tx) => {
    await repo.lockOwnerKey(tx, actor.id, contentHash);
    if (await repo.findDuplicate(tx, actor.id, contentHash, input.file_id))
      throw conflict(uploadMessages.duplicateMemory);
    const meta = {
      source: type,
      file_name: pending.name,
      mime_type: pending.mimeType,
      size: stat.size,
      file_key: key,
    };
    const existing = await repo.findOwnedSource(tx, actor.id, input.file_id);
    // A new file counts against the plan's daily upload cap, atomically with its creation; the
    // sample files Mnemo ships (welcome items, recommendations) do not (issue 41).
    const sample = bundledSamples(ctx.config.webDist).isSample(contentHash);
    if (!existing && type !== "page" && !sample) await guardFileUpload(tx, actor);
    const saved = existing
      ? await repo.bumpSourceVersion(tx, existing.id, { contentHash, meta: { ...existing.meta, ...meta } })
      : await repo.insertSource(tx, {
          id: input.file_id,
          ownerId: actor.id,
          type,
          title: pending.name,
          status: "in_progress",
          contentHash,
          meta,
        });
    await blobsRepo.markBlobUploaded(tx, key, saved.id, stat.size);
    await repo.addToCollections(tx, saved.id, actor.id, allowed);
    return saved;
  });
  await enqueueExtract(ctx, row.id, row.contentVersion);
  return { id: row.id, status: "in_progress" as const };
}

/** Spec 2 §7 "verify indexing": each item's status; any id the actor does not own answers 404. */
export async function verifyIndexing(ctx: CaptureDeps, actor: Actor, items: { type: string; id: string }[]) {
  const ids = [...new Set(items.map((i) => i.id))];
  const rows = await repo.findOwnedSources(ctx.database.db, actor.id, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  if (byId.size !== ids.length) throw notFound();
  return items.map((item) => {
    const r = byId.get(item.id)!;
    return {
      id: r.id,
      indexing_status: r.status as "in_progress" | "success" | "errored",
      type: item.type || r.type,
      error: r.error,
      warning:
        r.warning ??
        (r.status === "in_progress" && ctx.queue.heavyPaused ? uploadMessages.indexingPausedForMemory : null),
    };
  });
}

/**
 * Saves a binary file an app sync brought (a mail attachment) as a file memory: stored like an
 * upload and extracted by the same pipeline. Known by `contentHash` (its key within the account,
 * `syncedFileHash`), so a second sync finds it. Returns its id, or undefined when the account
 * already holds it. Too large a file is refused by the blob store (BlobTooLargeError).
 */
export async function createSyncedBlob(
  ctx: CaptureDeps,
  ownerId: string,
  origin: { app: string; connectedAccountId: string },
  file: {
    contentHash: string;
    key: string;
    filename: string;
    mimeType: string;
    bytes: Uint8Array;
    /** The synced file's version (ETag, mtime), kept to tell a changed file on the next sync. */
    version?: string;
    /** Over the size this server indexes: not read, kept as a failed memory that says so. */
    tooLarge?: { size: number };
  },
): Promise<string | undefined> {
  const db = ctx.database.db;
  const check = checkUploadFile(
    Buffer.from(file.filename).toString("base64"),
    file.mimeType,
    supportedFileExtensions,
  );
  if (!check.ok) return undefined;
  if (await repo.findDuplicate(db, ownerId, file.contentHash, "")) return undefined;
  const id = crypto.randomUUID();
  if (file.tooLarge) return createOversizedFile(ctx, ownerId, origin, file, id, check.name);
  const blobKey = fileKeyFor(ownerId, id);
  const kind = file.mimeType.startsWith("image/") ? "image" : "file";
  await blobsRepo.upsertPendingBlob(db, {
    key: blobKey,
    ownerId,
    name: check.name,
    mimeType: file.mimeType || "application/octet-stream",
    size: file.bytes.byteLength,
    kind,
  });
  const stat = await ctx.blobs.put(blobKey, file.bytes, {
    maxBytes: ctx.config.UPLOAD_LIMIT_MB * 1024 * 1024,
    contentType: file.mimeType,
  });
  const created = await db.transaction(async (tx) => {
    await repo.lockOwnerKey(tx, ownerId, file.contentHash);
    if (await repo.findDuplicate(tx, ownerId, file.contentHash, id)) return undefined;
    const row = await repo.insertSource(tx, {
      id,
      ownerId,
      type: sourceTypeOf[kind],
      title: check.name,
      status: "in_progress",
      contentHash: file.contentHash,
      app: origin.app,
      connectedAccountId: origin.connectedAccountId,
      meta: {
        source: sourceTypeOf[kind],
        file_name: check.name,
        mime_type: file.mimeType,
        size: stat.size,
        file_key: blobKey,
        upload_source: origin.app,
        path: file.key,
        ...(file.version !== undefined ? { version: file.version } : {}),
      },
    });
    await blobsRepo.markBlobUploaded(tx, blobKey, row.id, stat.size);
    return row;
  });
  if (!created) {
    await ctx.blobs.delete(blobKey);
    await blobsRepo.deleteBlobRow(db, blobKey);
    return undefined;
  }
  await enqueueExtract(ctx, created.id, created.contentVersion);
  return created.id;
}

/**
 * A synced file over the upload limit (issue 43): not downloaded, but kept as a failed memory that
 * names the limit, so the account's problems show it; a smaller version on the next sync replaces it.
 */
async function createOversizedFile(
  ctx: CaptureDeps,
  ownerId: string,
  origin: { app: string; connectedAccountId: string },
  file: { contentHash: string; key: string; mimeType: string; version?: string; tooLarge?: { size: number } },
  id: string,
  name: string,
): Promise<string | undefined> {
  return ctx.database.db.transaction(async (tx) => {
    await repo.lockOwnerKey(tx, ownerId, file.contentHash);
    if (await repo.findDuplicate(tx, ownerId, file.contentHash, id)) return undefined;
    const type = file.mimeType.startsWith("image/") ? "image" : "file";
    const row = await repo.insertSource(tx, {
      id,
      ownerId,
      type,
      title: name,
      status: "errored",
      error: fileFailureReason({ kind: "over_limit", limitMb: ctx.config.UPLOAD_LIMIT_MB }),
      contentHash: file.contentHash,
      app: origin.app,
      connectedAccountId: origin.connectedAccountId,
      meta: {
        source: type,
        file_name: name,
        mime_type: file.mimeType,
        size: file.tooLarge?.size ?? 0,
        upload_source: origin.app,
        path: file.key,
        ...(file.version !== undefined ? { version: file.version } : {}),
      },
    });
    return row.id;
  });
}
