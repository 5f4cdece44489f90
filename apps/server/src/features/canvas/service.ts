import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import {
  canvasMessages,
  uploadMessages,
  type ConfirmUploadInput,
  type GetPresignedUrlInput,
} from "@mnemo/contracts";
import { CANVAS_MAX_BYTES, CANVAS_SCREENSHOT_MAX_BYTES, canvasServerReasons } from "@mnemo/contracts/canvas";
import type { PlatformContext, Actor } from "../../platform/context.ts";
import type { ModelRegistry } from "../answering/index.ts";
import { source } from "../../platform/db/schema/index.ts";
import { AppError, conflict, notFound, validation } from "../../platform/lib/errors.ts";
import * as blobsRepo from "../../platform/blobs/repo.ts";
import { presignPendingUpload } from "../../platform/blobs/pending-upload.ts";
import * as repo from "../../core/sources/rows.ts";
import { authorizeSource } from "../../core/sources/access.ts";
import { enqueueExtract } from "../../core/sources/capture/enqueue.ts";
import { decodeFileName, isValidClientId } from "../../core/sources/capture/validation.ts";
import { canvasTitle } from "../../core/ingest/extractors/canvas.ts";
import { describeWithModel, descriptionFromText } from "./describe.ts";

/** What canvas saves and loads use of the application context (the upload service's deps). */
export type CanvasDeps = Pick<PlatformContext, "database" | "blobs" | "config" | "queue" | "log">;
/** Describing a canvas also asks the configured language model, when there is one. */
export type CanvasDescribeDeps = CanvasDeps & { models: ModelRegistry };

const URL_TTL_S = 60 * 60;
const MB = 1024 * 1024;

const tooLarge = () =>
  new AppError(
    "validation",
    canvasMessages.saveFailed({ reason: canvasServerReasons.tooLarge({ limitMb: CANVAS_MAX_BYTES / MB }) }),
    undefined,
    413,
  );

/** Each save stores new objects (the old ones go once the save is confirmed): two tabs never overwrite. */
const keyPrefix = (ownerId: string, fileId: string) => `${ownerId}/${fileId}/`;

/** The canvas with this id the actor may edit, or undefined for an id not used yet. */
async function editableCanvas(ctx: CanvasDeps, actor: Actor, id: string) {
  const existing = await repo.findSource(ctx.database.db, id);
  if (!existing) return undefined;
  if (existing.type !== "canvas") throw notFound(canvasMessages.notFound);
  await authorizeSource(ctx.database.db, actor, id, "edit");
  return existing;
}

/** Spec 3 §7 presigned upload with `canvas_data_type`: the document (.txt title) or its PNG screenshot. */
export async function presignCanvasUpload(ctx: CanvasDeps, actor: Actor, input: GetPresignedUrlInput) {
  const kind = input.canvas_data_type!;
  const name = decodeFileName(input.metadata.name_base64);
  if (!name)
    throw validation(canvasMessages.saveFailed({ reason: canvasMessages.saveFailureReasons.uploadUrls }));
  if (kind === "canvas" && input.metadata.size > CANVAS_MAX_BYTES) throw tooLarge();
  if (kind === "canvas_screenshot" && input.metadata.size > CANVAS_SCREENSHOT_MAX_BYTES)
    throw validation("The canvas screenshot is too large.");
  if (kind === "canvas_screenshot" && !input.file_id)
    throw validation("A canvas screenshot needs its canvas.");
  const fileId = input.file_id ?? crypto.randomUUID();
  if (!isValidClientId(fileId)) throw validation("Invalid file id.");
  const existing = await editableCanvas(ctx, actor, fileId);
  const ownerId = existing?.ownerId ?? actor.id;
  const key = `${keyPrefix(ownerId, fileId)}${kind}-${crypto.randomUUID()}`;
  return presignPendingUpload(
    ctx.database.db,
    ctx.blobs,
    {
      key,
      fileId,
      ownerId,
      name,
      mimeType: input.metadata.type || (kind === "canvas" ? "application/json" : "image/png"),
      kind,
    },
    input.metadata,
  );
}

async function uploadedBlob(ctx: CanvasDeps, ownerId: string, key: string | undefined, kind: string) {
  if (!key) return undefined;
  const row = await blobsRepo.findOwnedBlob(ctx.database.db, ownerId, key);
  if (!row || row.kind !== kind) return undefined;
  const stat = await ctx.blobs.stat(key);
  return stat ? { row, size: stat.size } : undefined;
}

async function dropBlobs(ctx: CanvasDeps, keys: (string | undefined)[]) {
  for (const key of keys) {
    if (!key) continue;
    await ctx.blobs.delete(key).catch((err) => ctx.log.warn({ err }, "canvas blob delete failed"));
    await blobsRepo.deleteBlobRow(ctx.database.db, key);
  }
}

/**
 * Spec 3 §7 confirm with `file_type` canvas: the uploaded document becomes the canvas's current
 * version (a screenshot, when it arrived, its thumbnail). A save that started from an older
 * version than the stored one is refused as a conflict, so a second tab never overwrites silently.
 */
export async function confirmCanvasUpload(ctx: CanvasDeps, actor: Actor, input: ConfirmUploadInput) {
  const db = ctx.database.db;
  if (!isValidClientId(input.file_id)) throw notFound(canvasMessages.notFound);
  const existing = await editableCanvas(ctx, actor, input.file_id);
  const ownerId = existing?.ownerId ?? actor.id;
  const prefix = keyPrefix(ownerId, input.file_id);
  const ours = (key: string | undefined) => (key?.startsWith(prefix) ? key : undefined);
  if (input.upload_status !== "success") {
    await dropBlobs(ctx, [ours(input.canvas_key), ours(input.screenshot_key)]);
    throw validation(uploadMessages.uploadFailed);
  }
  const doc = await uploadedBlob(ctx, ownerId, ours(input.canvas_key), "canvas");
  if (!doc) throw validation(canvasMessages.saveFailed({ reason: canvasMessages.saveFailureReasons.verify }));
  if (doc.size > CANVAS_MAX_BYTES) {
    await dropBlobs(ctx, [doc.row.key]);
    throw tooLarge();
  }
  // Screenshot failures are tolerated (spec 3 §8): the canvas saves without a new thumbnail.
  const shot = await uploadedBlob(ctx, ownerId, ours(input.screenshot_key), "canvas_screenshot");
  const { allowed, refused } = await repo.writableCollections(db, actor, existing ? [] : input.collections);
  if (refused.length) throw notFound("Collection not found.");

  const { row, replaced } = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(source).where(eq(source.id, input.file_id)).for("update");
    const meta = { source: "canvas", file_name: doc.row.name, size: doc.size, file_key: doc.row.key };
    if (current) {
      if (input.base_version !== undefined && input.base_version !== current.contentVersion)
        throw conflict(canvasMessages.saveFailed({ reason: canvasServerReasons.conflict }), {
          current_version: current.contentVersion,
        });
      const old = current.meta as Record<string, unknown>;
      // The document's name is the title (`{title}.txt`, shown without its .txt): renaming in the
      // editor renames the memory.
      const saved = await repo.bumpSourceVersion(tx, current.id, {
        title: canvasTitle(doc.row.name),
        meta: { ...old, ...meta, thumbnail_key: shot?.row.key ?? old.thumbnail_key },
      });
      await blobsRepo.markBlobUploaded(tx, doc.row.key, saved.id, doc.size);
      if (shot) await blobsRepo.markBlobUploaded(tx, shot.row.key, saved.id, shot.size);
      const replaced = [old.file_key, shot ? old.thumbnail_key : undefined].filter(
        (k): k is string => typeof k === "string" && k !== doc.row.key,
      );
      return { row: saved, replaced };
    }
    const saved = await repo.insertSource(tx, {
      id: input.file_id,
      ownerId,
      type: "canvas",
      title: canvasTitle(doc.row.name),
      status: "in_progress",
      meta: { ...meta, thumbnail_key: shot?.row.key },
    });
    await blobsRepo.markBlobUploaded(tx, doc.row.key, saved.id, doc.size);
    if (shot) await blobsRepo.markBlobUploaded(tx, shot.row.key, saved.id, shot.size);
    await repo.addToCollections(tx, saved.id, actor.id, allowed);
    return { row: saved, replaced: [] as string[] };
  });
  await dropBlobs(ctx, replaced);
  await enqueueExtract(ctx, row.id, row.contentVersion);
  return { id: row.id, status: "in_progress" as const, content_version: row.contentVersion };
}

/** Spec 3 §7 load canvas: its fields and a signed URL of its current document. */
export async function getCanvas(ctx: CanvasDeps, actor: Actor, id: string) {
  if (!isValidClientId(id)) throw notFound(canvasMessages.notFound);
  const { row, canEdit } = await authorizeSource(ctx.database.db, actor, id, "read").catch((err) => {
    throw err instanceof AppError && err.code === "not_found" ? notFound(canvasMessages.notFound) : err;
  });
  const stored = await repo.findSource(ctx.database.db, id);
  if (row.type !== "canvas" || !stored) throw notFound(canvasMessages.notFound);
  const meta = (row.meta ?? {}) as Record<string, unknown>;
  const sign = (key: unknown) =>
    typeof key === "string"
      ? ctx.blobs.presignGet(key, { expiresInSeconds: URL_TTL_S, reader: { userId: actor.id, sourceId: id } })
      : Promise.resolve(null);
  return {
    id: row.id,
    title: row.title ?? "",
    description: row.description ?? null,
    status: row.status as "in_progress" | "success" | "errored",
    content_version: stored.contentVersion,
    editable: canEdit,
    document_url: await sign(meta.file_key),
    thumbnail_url: await sign(meta.thumbnail_key),
  };
}

/**
 * Spec 3 §4, §7 description for canvas (asked when the editor is left): a language model's when
 * one is configured, else the canvas's own words, so the canvas is found and cited by them.
 */
export async function describeCanvas(ctx: CanvasDescribeDeps, actor: Actor, id: string) {
  const db = ctx.database.db;
  if (!isValidClientId(id)) throw notFound(canvasMessages.notFound);
  const existing = await editableCanvas(ctx, actor, id);
  if (!existing) throw notFound(canvasMessages.notFound);
  const text = (await repo.findContent(db, id))?.text ?? "";
  const engine = ctx.models.generative();
  let description: string | undefined;
  let by: "llm" | "text" = "text";
  if (engine && text.trim()) {
    description = await describeWithModel(engine, { id, title: existing.title ?? "", text }).catch(
      (err: Error) => {
        ctx.log.warn({ sourceId: id, err: err.message }, "canvas description by the model failed");
        return undefined;
      },
    );
    if (description) by = "llm";
  }
  description ??= descriptionFromText(text);
  await db
    .update(source)
    .set({ description, meta: { ...existing.meta, description_by: by }, updatedAt: new Date() })
    .where(eq(source.id, id));
  return { id, description, generated_by: by };
}
