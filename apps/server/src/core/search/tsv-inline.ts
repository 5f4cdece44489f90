import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../platform/db/client.ts";
import type { PlatformContext } from "../../platform/context.ts";
import type { JobAttempt } from "../../platform/jobs/registry.ts";

/**
 * After upgrading past migration 0014: chunks written before it keep their tsvector out of line
 * (TOAST), where the portable first stage fetches it again for every term it scores (mixed-corpus
 * p95 on PostgreSQL ~13 ms with the tsvectors in the rows, 19–25 ms with them out of line,
 * docs/benchmarks.md). This task writes each chunk's tsvector again — the same value, so now kept
 * in the row — a batch of chunks per job in id order, each job enqueueing the next. The
 * `search_maintenance` row is the progress (its cursor is the last chunk id done): a crash loses at
 * most one batch, and start-up resumes the chain without waiting for it. Databases created at or
 * after 0015 never have the task.
 */
export const TSV_INLINE_TASK = "tsv-inline";
export const TSV_INLINE_BATCH = 500;
/**
 * A plain VACUUM of the chunk table after this many batches (and at the end): every rewritten row
 * is a new row version, and without it they all went to the table's end (170 → 362 MB at 100k
 * chunks); vacuumed as it goes, the later batches reuse the space of the earlier ones.
 */
export const TSV_INLINE_VACUUM_EVERY = 20;

type TsvInlineCtx = Pick<PlatformContext, "database" | "log" | "queue">;

/** Where the task stands: null when there is none or it has finished. */
export async function tsvInlineProgress(db: Db): Promise<{ done: number; remaining: number } | null> {
  const [row] = await queryRows<{ done: number; remaining: number }>(
    db,
    sql`SELECT m.done, (SELECT count(*) FROM chunk c WHERE c.id > m.cursor)::int AS remaining
      FROM search_maintenance m WHERE m.task = ${TSV_INLINE_TASK} AND m.finished_at IS NULL`,
  );
  return row ? { done: Number(row.done), remaining: Number(row.remaining) } : null;
}

/**
 * Rewrites the tsvectors of the next `limit` chunks after the cursor and moves the cursor, in one
 * transaction (the statistics triggers take the old rows out and put the same ones back). Returns
 * how many chunks it rewrote now and in all, and whether the task has finished. Idempotent.
 */
export async function tsvInlineBatch(
  db: Db,
  limit = TSV_INLINE_BATCH,
): Promise<{ rewritten: number; done: number; finished: boolean }> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [task] = await queryRows<{ cursor: string; done: number }>(
      t,
      sql`SELECT cursor, done FROM search_maintenance
        WHERE task = ${TSV_INLINE_TASK} AND finished_at IS NULL FOR UPDATE`,
    );
    if (!task) return { rewritten: 0, done: 0, finished: true };
    const [batch] = await queryRows<{ last: string | null; n: number }>(
      t,
      sql`WITH b AS MATERIALIZED (SELECT id FROM chunk WHERE id > ${task.cursor} ORDER BY id LIMIT ${limit}),
        u AS (UPDATE chunk c SET tsv = c.tsv || ''::tsvector FROM b WHERE c.id = b.id RETURNING 1)
      SELECT (SELECT max(id) FROM b) AS last, (SELECT count(*) FROM u)::int AS n`,
    );
    const rewritten = Number(batch?.n ?? 0);
    const done = Number(task.done) + rewritten;
    if (batch?.last == null) {
      await t.execute(sql`UPDATE search_maintenance SET finished_at = now() WHERE task = ${TSV_INLINE_TASK}`);
      return { rewritten, done, finished: true };
    }
    await t.execute(
      sql`UPDATE search_maintenance SET cursor = ${batch.last}, done = ${done} WHERE task = ${TSV_INLINE_TASK}`,
    );
    return { rewritten, done, finished: false };
  });
}

/** The `search.tsv-inline` job: one batch, then the next job until the task finishes. */
export async function runTsvInlineJob(
  ctx: TsvInlineCtx,
  attempt: Pick<JobAttempt, "id">,
  batch = TSV_INLINE_BATCH,
): Promise<void> {
  const { rewritten, done, finished } = await tsvInlineBatch(ctx.database.db, batch);
  // After each TSV_INLINE_VACUUM_EVERY batches' worth of rows, and once at the end.
  const every = batch * TSV_INLINE_VACUUM_EVERY;
  const crossed = Math.floor(done / every) > Math.floor((done - rewritten) / every);
  if (crossed || (finished && done > 0)) await ctx.database.db.execute(sql`VACUUM chunk`);
  const progress = finished ? { remaining: 0 } : await tsvInlineProgress(ctx.database.db);
  ctx.log.info({ done, remaining: progress?.remaining ?? 0 }, "keeping chunks' tsvectors in their rows");
  if (!finished) await ctx.queue.send("search.tsv-inline", { done }, { key: `${attempt.id}:next` });
}

/** At start-up: starts the chain when the task is unfinished (one primary-key probe; never waits for the work). */
export async function resumeTsvInline(ctx: TsvInlineCtx): Promise<void> {
  const [row] = await queryRows<{ done: number }>(
    ctx.database.db,
    sql`SELECT done FROM search_maintenance WHERE task = ${TSV_INLINE_TASK} AND finished_at IS NULL`,
  );
  if (row) await ctx.queue.send("search.tsv-inline", { done: Number(row.done) });
}
