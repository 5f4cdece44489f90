import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../platform/db/client.ts";
import type { PlatformContext } from "../../platform/context.ts";
import type { JobAttempt, JobPayload } from "../../platform/jobs/registry.ts";
import { indexSourceContent } from "./indexer.ts";

/**
 * Re-analysis after upgrade: memories indexed before per-language analysis (chunks whose
 * `language` is null, English-only tsvectors) are indexed again, a batch per job, each job
 * enqueueing the next while any remain. The database is the progress: a crash loses at most one
 * batch's work, and start-up resumes the chain without waiting for it.
 */
export const REANALYSE_BATCH = 50;

type ReanalyseCtx = Pick<PlatformContext, "database" | "log" | "queue">;

/** Memories that still have chunks analysed before languages, at most `limit` of them. */
export async function pendingReanalysis(db: Db, limit: number): Promise<string[]> {
  const rows = await queryRows<{ source_id: string }>(
    db,
    sql`SELECT DISTINCT source_id FROM chunk WHERE language IS NULL ORDER BY source_id LIMIT ${limit}`,
  );
  return rows.map((r) => r.source_id);
}

/** How many memories are still to re-analyse (progress, for logs). */
export async function countPendingReanalysis(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(DISTINCT source_id)::int AS n FROM chunk WHERE language IS NULL`,
  );
  return Number(row?.n ?? 0);
}

/** Re-indexes up to `limit` pending memories; returns how many it did. Idempotent. */
export async function reanalyseBatch(db: Db, limit = REANALYSE_BATCH): Promise<number> {
  const ids = await pendingReanalysis(db, limit);
  for (const id of ids) await indexSourceContent(db, id);
  return ids.length;
}

/** The `search.reanalyse` job: one batch, then the next job while memories remain. */
export async function runReanalyseJob(
  ctx: ReanalyseCtx,
  job: JobPayload<"search.reanalyse">,
  attempt: Pick<JobAttempt, "id">,
  batch = REANALYSE_BATCH,
): Promise<void> {
  const db = ctx.database.db;
  const done = await reanalyseBatch(db, batch);
  const remaining = await countPendingReanalysis(db);
  ctx.log.info({ done: job.done + done, remaining }, "re-analysing memories per language");
  if (remaining > 0 && done > 0)
    await ctx.queue.send("search.reanalyse", { done: job.done + done }, { key: `${attempt.id}:next` });
}

/** At start-up: starts the chain when memories await re-analysis (one indexed probe; never waits for the work). */
export async function resumeReanalysis(ctx: ReanalyseCtx): Promise<void> {
  if ((await pendingReanalysis(ctx.database.db, 1)).length === 0) return;
  await ctx.queue.send("search.reanalyse", { done: 0 });
}
