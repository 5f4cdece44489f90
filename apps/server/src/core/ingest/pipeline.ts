import { eq } from "drizzle-orm";
import { linkMessages, uploadMessages } from "@mnemo/contracts";
import { CANVAS_MIME } from "@mnemo/contracts/canvas";
import type { PlatformContext } from "../../platform/context.ts";
import type { Db } from "../../platform/db/client.ts";
import { recordWrite } from "../../platform/db/replicas.ts";
import type { EmbeddingsProvider } from "../search/embeddings.ts";
import type { JobAttempt, JobHandlers, JobPayload } from "../../platform/jobs/registry.ts";
import { source } from "../../platform/db/schema/index.ts";
import * as repo from "../sources/rows.ts";
import * as blobsRepo from "../../platform/blobs/repo.ts";
import { readBlob } from "../../platform/blobs/store.ts";
import { ExtractError } from "./extractors/types.ts";
import { isAudioName } from "../../platform/files/kinds.ts";
import { checkStoredAudio } from "./audio.ts";
import { extractFile, fetchLink, indexSourceContent, LinkUnavailableError } from "./engines.ts";
import { ingestKey } from "../sources/capture/enqueue.ts";
import { AppError } from "../../platform/lib/errors.ts";
import { loadPlanState } from "../plans/service.ts";
import { guardVideo } from "../plans/guards.ts";
import { videoDurationSeconds } from "../../platform/links/fetch-page.ts";
import { embedSourceChunks } from "../search/embed-job.ts";
import { storePreviewImage } from "./preview-image.ts";
import { fileFailureReason, isSyncedOrImported } from "../sources/failure-reasons.ts";

/**
 * What the pipeline asks of features, injected by app/jobs.ts: a page's Markdown as editor blocks
 * (pages), a canvas's description from its words (canvas), and the work after a memory is
 * indexed (the mind map's key terms).
 */
export type IngestPorts = {
  pageBlocks: (markdown: string, timeoutMs: number) => Promise<unknown[]>;
  describeCanvas: (text: string) => string;
  afterIndexed: (db: Db, ownerId: string, sourceIds: string[]) => Promise<unknown>;
};

type PipelineCtx = Pick<PlatformContext, "database" | "blobs" | "config" | "log" | "queue"> &
  Partial<Pick<PlatformContext, "events">> & { embeddings?: EmbeddingsProvider };
type IngestJob = JobPayload<"ingest.extract">;

/** A failure that retrying cannot fix: the memory ends errored at once, with `userMessage` when given. */
class PermanentFailure extends Error {
  constructor(
    message: string,
    readonly userMessage?: string,
  ) {
    super(message);
  }
}

const EXTRACT_TIMEOUT_MS = 120_000;

function failureMessage(type: string): string {
  return type === "webpage" ? linkMessages.webpageNotResponding : uploadMessages.itemFailed;
}

/** The source when this job's version is still the current, unfinished one. */
async function currentSource(ctx: PipelineCtx, job: IngestJob) {
  const src = await repo.findSource(ctx.database.db, job.sourceId);
  if (!src || src.contentVersion !== job.contentVersion || src.status !== "in_progress") return undefined;
  return src;
}

/** Writes content and source fields only while the source is still at the job's version. */
async function saveExtracted(
  ctx: PipelineCtx,
  job: IngestJob,
  content: Omit<Parameters<typeof repo.upsertContent>[1], "sourceId" | "ownerId">,
  patch: Partial<repo.NewSource>,
): Promise<boolean> {
  return ctx.database.db.transaction(async (tx) => {
    const [row] = await tx.select().from(source).where(eq(source.id, job.sourceId)).for("update");
    if (!row || row.contentVersion !== job.contentVersion) return false;
    await repo.upsertContent(tx, { sourceId: row.id, ownerId: row.ownerId, ...content });
    if (Object.keys(patch).length) await repo.updateSourceAtVersion(tx, row.id, job.contentVersion, patch);
    return true;
  });
}

async function extractUpload(ctx: PipelineCtx, ports: IngestPorts, job: IngestJob, src: repo.SourceRow) {
  const db = ctx.database.db;
  // A canvas keeps its current document under meta.file_key (older saves' blobs are deleted).
  const stored =
    src.type === "canvas" && typeof src.meta.file_key === "string"
      ? await blobsRepo.findOwnedBlob(db, src.ownerId, src.meta.file_key)
      : await blobsRepo.findBlobBySource(db, src.id);
  if (!stored) {
    // A synced file over the limit was never read (a retry finds no copy): the limit is the reason.
    const limitMb = ctx.config.UPLOAD_LIMIT_MB;
    if (isSyncedOrImported(src) && Number(src.meta.size) > limitMb * 1024 * 1024)
      throw new PermanentFailure(
        "The file is over the limit.",
        fileFailureReason({ kind: "over_limit", limitMb }),
      );
    throw new PermanentFailure("The uploaded file is missing.");
  }
  if (src.type === "file" && isAudioName(stored.name)) return keepRecording(ctx, job, src, stored);
  const bytes = await readBlob(ctx.blobs, stored.key, ctx.config.UPLOAD_LIMIT_MB * 1024 * 1024);
  if (!bytes) throw new PermanentFailure("The uploaded file is missing.");
  // An empty file is reported as such (synced, imported or uploaded), never indexed as nothing.
  if (bytes.byteLength === 0 && src.type !== "page" && src.type !== "canvas")
    throw new PermanentFailure("The file is empty.", fileFailureReason({ kind: "empty" }));
  if (src.type === "page") {
    const markdown = Buffer.from(bytes).toString("utf8");
    const blocks = await ports.pageBlocks(markdown, ctx.config.PARSE_TIMEOUT_MS);
    await saveExtracted(ctx, job, { markdown, text: markdown, blocks }, {});
    return;
  }
  const result = await extractFile(
    { bytes, name: stored.name, mimeType: src.type === "canvas" ? CANVAS_MIME : stored.mimeType },
    EXTRACT_TIMEOUT_MS,
    ctx.config,
  );
  await saveExtracted(
    ctx,
    job,
    { markdown: result.markdown, text: result.text, csv: result.csv ?? null, html: result.html ?? null },
    {
      // A canvas is described by its words until a language model describes it (on leaving the editor).
      ...(src.type === "canvas" && src.meta.description_by !== "llm"
        ? { description: ports.describeCanvas(result.text) }
        : {}),
      meta: {
        ...src.meta,
        kind: result.kind,
        // The wall's file-type filter (pdf, docx, csv …) reads this.
        file_type:
          src.type === "canvas"
            ? "canvas"
            : (/\.([a-z0-9]{1,8})$/i.exec(stored.name)?.[1]?.toLowerCase() ?? result.kind),
        extract_warnings: result.warnings,
        ...result.meta,
      },
    },
  );
}

/** A recording is kept as it is (checked by its first bytes): indexed by its name, played in the preview. */
async function keepRecording(
  ctx: PipelineCtx,
  job: IngestJob,
  src: repo.SourceRow,
  stored: blobsRepo.BlobRow,
) {
  const check = await checkStoredAudio(ctx.blobs, stored.key, stored.name);
  if (!check.ok) throw new PermanentFailure(check.reason, check.userMessage);
  await saveExtracted(
    ctx,
    job,
    { markdown: check.markdown, text: check.markdown },
    {
      meta: {
        ...src.meta,
        kind: "audio",
        file_type: /\.([a-z0-9]{1,8})$/i.exec(stored.name)?.[1]?.toLowerCase() ?? "audio",
        mime_type: check.mimeType,
      },
    },
  );
}

async function extractLink(ctx: PipelineCtx, job: IngestJob, src: repo.SourceRow) {
  if (src.meta.provided_content) return; // captured by the browser extension
  let page;
  try {
    page = await fetchLink(src.url ?? "", ctx.config);
  } catch (err) {
    if (err instanceof LinkUnavailableError) throw new PermanentFailure(err.message, err.userMessage);
    throw err;
  }
  // Video length cap of the owner's plan (spec 2 §5: 'Saving upto 60 mins. Upgrade to save longer
  // videos'). A page without a duration has nothing to check: its plan is not read (issue 44).
  const duration = videoDurationSeconds(page);
  if (duration !== undefined) {
    const { plan } = await loadPlanState(ctx.database.db, { id: src.ownerId, isDesktopApp: false });
    try {
      guardVideo(plan, duration);
    } catch (err) {
      if (err instanceof AppError)
        throw new PermanentFailure("video longer than the plan allows", err.message);
      throw err;
    }
  }
  // The page's preview image is kept with the memory (issue 41): the wall shows the stored copy,
  // never the site's address. No image, or one that could not be fetched, leaves no thumbnail.
  const previewKey = page.ogImage ? await storePreviewImage(ctx, src.ownerId, page.ogImage) : undefined;
  const saved = await saveExtracted(
    ctx,
    job,
    { markdown: page.markdown, text: page.markdown },
    {
      title: src.title && src.title !== src.url ? src.title : page.title || src.title,
      description: src.description || page.description,
      iframeSupport: page.iframeSupport,
      warning: page.warning ?? null,
      meta: {
        ...src.meta,
        // A page fetched again may be screenshotted again.
        screenshot_failed: undefined,
        final_url: page.finalUrl,
        kind: page.kind,
        og_image: page.ogImage ?? null,
        og_image_key: previewKey ?? null,
      },
    },
  );
  // The copy of a version that lost the race, or the one the new copy replaced, is not kept.
  const old = typeof src.meta.og_image_key === "string" ? src.meta.og_image_key : undefined;
  const dropped = saved ? (old && old !== previewKey ? old : undefined) : previewKey;
  if (dropped)
    await ctx.blobs.delete(dropped).catch((err) => ctx.log.warn({ err }, "thumbnail delete failed"));
}

async function markErrored(
  ctx: PipelineCtx,
  job: IngestJob,
  src: repo.SourceRow,
  reason: string,
  userMessage?: string,
) {
  ctx.log.warn({ sourceId: job.sourceId, reason }, "ingestion failed");
  const changed = await repo.updateSourceAtVersion(ctx.database.db, job.sourceId, job.contentVersion, {
    status: "errored",
    error: userMessage ?? failureMessage(src.type),
  });
  if (changed) await recordWrite(ctx.database, src.ownerId);
  if (changed)
    void ctx.events?.publish(src.ownerId, {
      type: "indexing",
      data: { id: src.id, type: src.type, indexing_status: "errored" },
    });
}

/**
 * What the user reads of a failure: the stage's own words, else for a synced or imported file the
 * extractor's reason (issue 43); an upload keeps the spec's message (markErrored).
 */
function userMessageOf(err: unknown, src: repo.SourceRow): string | undefined {
  if (err instanceof PermanentFailure) return err.userMessage;
  if (err instanceof ExtractError && isSyncedOrImported(src))
    return fileFailureReason({
      kind: "extract",
      reason: err.reason,
      message: err.message,
      fileName: typeof src.meta.file_name === "string" ? src.meta.file_name : src.title,
    });
  return undefined;
}

/** Runs one stage; permanent failures and the last attempt end the memory errored, others retry. */
async function guarded(
  ctx: PipelineCtx,
  job: IngestJob,
  attempt: JobAttempt,
  src: repo.SourceRow,
  stage: () => Promise<void>,
) {
  try {
    await stage();
  } catch (err) {
    const permanent = err instanceof PermanentFailure || err instanceof ExtractError;
    if (permanent || attempt.isLastAttempt) {
      await markErrored(ctx, job, src, (err as Error).message, userMessageOf(err, src));
      return false;
    }
    throw err;
  }
  return true;
}

/** The ingestion job handlers: extract → index, both idempotent per (source id, content version). */
export function ingestHandlers(
  ctx: PipelineCtx,
  ports: IngestPorts,
): Omit<
  JobHandlers,
  "search.reanalyse" | "search.tsv-inline" | "apps.sync" | "transfer.import" | "brief.build"
> {
  /** The index stage: chunks and search columns, key terms, then success (idempotent per version). */
  const indexStage = (job: IngestJob, attempt: JobAttempt, src: repo.SourceRow) =>
    guarded(ctx, job, attempt, src, async () => {
      await indexSourceContent(ctx.database.db, job.sourceId);
      // The mind map's key terms, computed once per version here rather than on every map.
      await ports.afterIndexed(ctx.database.db, src.ownerId, [job.sourceId]);
      // Dense vectors follow the index (only with an embeddings provider); a repeat is a no-op.
      if (ctx.embeddings)
        await ctx.queue.send("ingest.embed", job, { key: ingestKey(job.sourceId, job.contentVersion) });
      const changed = await repo.updateSourceAtVersion(ctx.database.db, job.sourceId, job.contentVersion, {
        status: "success",
      });
      // The owner's next search reads what was just indexed, on a replica or the primary.
      if (changed) await recordWrite(ctx.database, src.ownerId);
      if (changed)
        void ctx.events?.publish(src.ownerId, {
          type: "indexing",
          data: { id: src.id, type: src.type, indexing_status: "success" },
        });
    });
  return {
    "ingest.extract": async (job, attempt) => {
      const src = await currentSource(ctx, job);
      if (!src) return;
      // Other tabs and devices show the new (or re-indexed) memory at once, as in progress.
      if (src.status === "in_progress")
        void ctx.events?.publish(src.ownerId, {
          type: "indexing",
          data: { id: src.id, type: src.type, indexing_status: "indexing" },
        });
      const ok = await guarded(ctx, job, attempt, src, async () => {
        // Content given with the memory (the browser extension, a connected app's sync): stored already.
        if (src.meta.provided_content) {
          // A synced or imported file with no text is reported as empty, not indexed as nothing
          // (a note, typed or imported, may be empty).
          if (
            src.type !== "page" &&
            isSyncedOrImported(src) &&
            (await repo.hasNoText(ctx.database.db, src.id))
          )
            throw new PermanentFailure("The file is empty.", fileFailureReason({ kind: "empty" }));
          return;
        }
        if (src.type === "webpage") await extractLink(ctx, job, src);
        else if (src.type === "page" && !(await blobsRepo.findBlobBySource(ctx.database.db, src.id))) return;
        else await extractUpload(ctx, ports, job, src);
      });
      if (!ok) return;
      // Content given with the memory has nothing to extract: it is indexed in this same job, not
      // queued again (a connected app's sync: the second job's queue round trip and re-read were a
      // fifth of a synced note's database time, bench/apps's profile). A link too: its page is read
      // by now, and the second job's send, fetch, completion and source read were ~5 of the ~30
      // statements of a saved link (issue 44, bench/ingest); an index failure fetches it again.
      if (src.meta.provided_content || src.type === "webpage") await indexStage(job, attempt, src);
      else await ctx.queue.send("ingest.index", job, { key: ingestKey(job.sourceId, job.contentVersion) });
    },
    "ingest.index": async (job, attempt) => {
      const src = await currentSource(ctx, job);
      if (src) await indexStage(job, attempt, src);
    },
    "ingest.embed": async (job, attempt) => {
      if (!ctx.embeddings) return;
      try {
        await embedSourceChunks(ctx.database.db, ctx.embeddings, job.sourceId, job.contentVersion);
      } catch (err) {
        // The memory stays searchable through BM25; only its vectors are missing.
        if (!attempt.isLastAttempt) throw err;
        ctx.log.warn({ sourceId: job.sourceId, err: (err as Error).message }, "embedding failed");
      }
    },
  };
}

/** Re-enqueues unfinished sources (a crash between commit and enqueue); repeats are no-ops. */
export async function resumeUnfinished(ctx: PipelineCtx) {
  const rows = await repo.listInProgress(ctx.database.db, 10_000);
  for (const r of rows) {
    await ctx.queue.send(
      "ingest.extract",
      { sourceId: r.id, contentVersion: r.contentVersion },
      { key: ingestKey(r.id, r.contentVersion) },
    );
  }
  if (rows.length) ctx.log.info({ count: rows.length }, "resumed unfinished ingestion");
}
