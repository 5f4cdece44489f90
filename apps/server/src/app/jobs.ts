import type { AppContext } from "./context.ts";
import { ingestHandlers, resumeUnfinished, type IngestPorts } from "../core/ingest/pipeline.ts";
import { markdownToBlocks } from "../features/pages/index.ts";
import { descriptionFromText } from "../features/canvas/index.ts";
import { storeKeyTerms } from "../features/mindmap/index.ts";
import { extractionProcessesRssMb, stopExtractionProcesses } from "../core/ingest/engines.ts";
import { startMemoryGuard } from "../platform/jobs/memory-guard.ts";
import { resumeReanalysis, runReanalyseJob } from "../core/search/reanalyse.ts";
import { resumeTsvInline, runTsvInlineJob } from "../core/search/tsv-inline.ts";
import { appsDeps, type AppsContext } from "../features/apps/deps.ts";
import { enqueueDueSyncs, runSync } from "../features/apps/service.ts";
import { FolderWatchers } from "../features/apps/watchers.ts";
import { accountsOfApp } from "../features/apps/repo.ts";
import { resumeImports, runImportJob } from "../features/transfer/import-service.ts";
import { runBriefJob } from "../features/brief/index.ts";

/** The features the ingest pipeline reaches (core/ingest/pipeline.ts, `IngestPorts`). */
const ingestPorts: IngestPorts = {
  pageBlocks: markdownToBlocks,
  describeCanvas: descriptionFromText,
  afterIndexed: storeKeyTerms,
};

/** What the worker uses: the ingest pipeline's and re-analysis's providers, never the HTTP ones. */
export type WorkerDeps = AppsContext &
  Pick<
    AppContext,
    "database" | "blobs" | "config" | "log" | "queue" | "events" | "embeddings" | "mailer" | "publicUrl"
  >;

/**
 * Starts this process's worker: every job of the registry, the memory guard, then resumes
 * unfinished ingestion and re-analysis.
 */
export async function startWorker(ctx: WorkerDeps): Promise<void> {
  if (ctx.queue.working) return;
  const guard = startMemoryGuard({
    limitMb: ctx.config.memoryLimitMb,
    queue: ctx.queue,
    log: ctx.log,
    wasmBytes: () => ctx.database.wasmBytes(),
    childrenMb: extractionProcessesRssMb,
    releaseIdle: stopExtractionProcesses,
  });
  const base = appsDeps(ctx);
  // A change in a synced folder queues its sync (keyed per 2 s slot: a burst makes one job).
  const watchers = new FolderWatchers(
    (id) => void base.enqueueSync(id, `watch:${id}:${Math.floor(Date.now() / 2000)}`).catch(() => undefined),
    ctx.log,
  );
  const apps = {
    ...base,
    watchFolder: (id: string, folder: string) => watchers.ensure(id, folder),
    unwatchFolder: (id: string) => watchers.forget(id),
  };
  const syncEveryMs = ctx.config.APPS_SYNC_INTERVAL_MINUTES * 60_000;
  // Each worker looks for accounts due every few minutes; the job key makes one sync per slot.
  const scheduler = setInterval(
    () =>
      void enqueueDueSyncs(apps, syncEveryMs).catch((err) =>
        ctx.log.warn({ err: String(err) }, "sync schedule failed"),
      ),
    Math.min(syncEveryMs, 5 * 60_000),
  );
  scheduler.unref();
  ctx.queue.onStop(async () => {
    clearInterval(scheduler);
    watchers.close();
    guard.stop();
    await stopExtractionProcesses();
  });
  await ctx.queue.work({
    ...ingestHandlers(ctx, ingestPorts),
    "search.reanalyse": (job, attempt) => runReanalyseJob(ctx, job, attempt),
    "search.tsv-inline": (_job, attempt) => runTsvInlineJob(ctx, attempt),
    "apps.sync": (job) => runSync(apps, job.accountId),
    "transfer.import": (job, attempt) => runImportJob(ctx, job.runId, attempt),
    "brief.build": (job, attempt) => runBriefJob(ctx, job, attempt),
  });
  for (const a of await accountsOfApp(ctx.database.db, "folder"))
    if (typeof a.config.path === "string") watchers.ensure(a.id, a.config.path);
  await resumeUnfinished(ctx);
  await resumeReanalysis(ctx);
  await resumeTsvInline(ctx);
  await resumeImports(ctx);
}

/** How the in-process worker runs: at start-up, on the first enqueued job (tests), or not at all. */
export type WorkerMode = "on" | "lazy" | "off";

export async function setupWorker(ctx: WorkerDeps, mode: WorkerMode): Promise<void> {
  if (mode === "on") {
    await startWorker(ctx);
  } else if (mode === "lazy") {
    ctx.queue.onFirstSend(() => startWorker(ctx));
  }
}
