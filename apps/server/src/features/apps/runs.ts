import crypto from "node:crypto";
import { and, count, desc, eq, notInArray } from "drizzle-orm";
import { source, syncRun } from "../../platform/db/schema/index.ts";
import type { Tx } from "./repo.ts";

/** The runs kept per account (issue 43: "the last 20 runs per account, kept bounded"). */
export const RUNS_KEPT = 20;
/** The memories a run remembers by id (a first sync of a large vault names its first ones). */
const RUN_ITEMS_KEPT = 500;

export type RunRecord = {
  startedAt: Date;
  outcome: "synced" | "error";
  error?: string | null;
  saved: string[];
  removed: number;
};

/** Records one run of an account and drops the runs past the last RUNS_KEPT. */
export async function recordRun(db: Tx, accountId: string, ownerId: string, run: RunRecord) {
  // Unchanged: the account's memories this run did not save (the app sends only what changed).
  const [all] = await db
    .select({ n: count() })
    .from(source)
    .where(and(eq(source.ownerId, ownerId), eq(source.connectedAccountId, accountId)));
  await db.insert(syncRun).values({
    id: crypto.randomUUID(),
    accountId,
    ownerId,
    startedAt: run.startedAt,
    finishedAt: new Date(),
    outcome: run.outcome,
    error: run.error ?? null,
    unchanged: Math.max(0, Number(all?.n ?? 0) - run.saved.length),
    saved: run.saved.length,
    removed: run.removed,
    sourceIds: run.saved.slice(0, RUN_ITEMS_KEPT),
  });
  const keep = db
    .select({ id: syncRun.id })
    .from(syncRun)
    .where(eq(syncRun.accountId, accountId))
    .orderBy(desc(syncRun.startedAt), desc(syncRun.finishedAt))
    .limit(RUNS_KEPT);
  await db.delete(syncRun).where(and(eq(syncRun.accountId, accountId), notInArray(syncRun.id, keep)));
}
