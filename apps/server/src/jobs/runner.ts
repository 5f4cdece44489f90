import type { AppContext } from "../context.ts";
import { ingestHandlers, resumeUnfinished } from "../modules/ingest/pipeline.ts";
import { stopExtractionProcesses } from "../modules/ingest/deps.ts";
import { startMemoryGuard } from "./memory-guard.ts";
import { resumeReanalysis, runReanalyseJob } from "../modules/search/reanalyse.ts";

/**
 * Starts this process's worker: every job of the registry, the memory guard, then resumes
 * unfinished ingestion and re-analysis.
 */
export async function startWorker(ctx: AppContext): Promise<void> {
  if (ctx.queue.working) return;
  const guard = startMemoryGuard({
    limitMb: ctx.config.memoryLimitMb,
    queue: ctx.queue,
    log: ctx.log,
    wasmBytes: () => ctx.database.pglite?.Module.HEAPU8.byteLength ?? 0,
  });
  ctx.queue.onStop(async () => {
    guard.stop();
    await stopExtractionProcesses();
  });
  await ctx.queue.work({
    ...ingestHandlers(ctx),
    "search.reanalyse": (job, attempt) => runReanalyseJob(ctx, job, attempt),
  });
  await resumeUnfinished(ctx);
  await resumeReanalysis(ctx);
}

/** How the in-process worker runs: at start-up, on the first enqueued job (tests), or not at all. */
export type WorkerMode = "on" | "lazy" | "off";

export async function setupWorker(ctx: AppContext, mode: WorkerMode): Promise<void> {
  if (mode === "on") {
    await startWorker(ctx);
  } else if (mode === "lazy") {
    ctx.queue.onFirstSend(() => startWorker(ctx));
  }
}
