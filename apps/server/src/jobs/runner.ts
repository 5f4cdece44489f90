import type { AppContext } from "../context.ts";
import { ingestHandlers, resumeUnfinished } from "../modules/ingest/pipeline.ts";
import { stopExtractionProcesses } from "../modules/ingest/deps.ts";

/** Starts this process's worker: every job of the registry, then resumes unfinished ingestion. */
export async function startWorker(ctx: AppContext): Promise<void> {
  if (ctx.queue.working) return;
  ctx.queue.onStop(async () => stopExtractionProcesses());
  await ctx.queue.work(ingestHandlers(ctx));
  await resumeUnfinished(ctx);
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
