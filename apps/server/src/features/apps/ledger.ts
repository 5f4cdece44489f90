import { and, desc, eq, inArray, ne } from "drizzle-orm";
import type { LedgerItem, SyncRun } from "@mnemo/contracts";
import type { Actor } from "../../platform/context.ts";
import { notFound } from "../../platform/lib/errors.ts";
import { source, syncRun } from "../../platform/db/schema/index.ts";
import * as repo from "./repo.ts";
import { presentCounted, syncNow, type AppsDeps } from "./service.ts";
import { RUNS_KEPT } from "./runs.ts";
import { ledgerItemColumns, ledgerOf, presentLedgerItem, tooLargeReason } from "../../core/sources/ledger.ts";

/**
 * GET /apps/ledger: the actor's own account (404 for anyone else's), its coverage by state, its
 * failed memories with their reasons and its last runs with what each did.
 */
export async function accountLedger(
  deps: Pick<AppsDeps, "db">,
  actor: Actor,
  id: string,
  settings: { syncEveryMs: number; uploadLimitMb: number },
) {
  const row = await repo.findOwnAccount(deps.db, actor.id, id);
  if (!row) throw notFound("Connected account not found.");
  const own = and(eq(source.ownerId, actor.id), eq(source.connectedAccountId, row.id));
  const { coverage, problems } = await ledgerOf(deps.db, own, settings.uploadLimitMb);
  const runs = await deps.db
    .select()
    .from(syncRun)
    .where(eq(syncRun.accountId, row.id))
    .orderBy(desc(syncRun.startedAt), desc(syncRun.finishedAt))
    .limit(RUNS_KEPT);
  const ids = [...new Set(runs.flatMap((r) => r.sourceIds))];
  const items = new Map<string, LedgerItem>();
  for (let i = 0; i < ids.length; i += 500)
    for (const it of await deps.db
      .select(ledgerItemColumns)
      .from(source)
      .where(and(own, inArray(source.id, ids.slice(i, i + 500)))))
      items.set(it.id, presentLedgerItem(it));
  const presentRun = (r: (typeof runs)[number]): SyncRun => {
    const own = r.sourceIds.flatMap((sid) => items.get(sid) ?? []);
    const failed = own.filter((it) => it.status === "errored").length;
    return {
      id: r.id,
      started_at: r.startedAt.toISOString(),
      finished_at: r.finishedAt.toISOString(),
      outcome: r.outcome === "error" ? "error" : failed ? "synced_with_problems" : "synced",
      error: r.error,
      added: r.saved,
      unchanged: r.unchanged,
      removed: r.removed,
      failed,
      items: own,
    };
  };
  const lastSuccess = runs.find((r) => r.outcome !== "error")?.finishedAt ?? null;
  return {
    account: await presentCounted(deps, row),
    last_success_at: (lastSuccess ?? (row.lastError ? null : row.lastSyncAt))?.toISOString() ?? null,
    next_sync_at: row.lastSyncAt
      ? new Date(row.lastSyncAt.getTime() + settings.syncEveryMs).toISOString()
      : null,
    coverage,
    problems,
    runs: runs.map(presentRun),
  };
}

/**
 * POST /apps/retry_failed: the actor's own account's failed memories (one, or all) are indexed
 * again, and a sync is queued so that a file fixed in the app is read afresh.
 */
export async function retryFailed(
  deps: AppsDeps,
  retry: (id: string) => Promise<unknown>,
  actor: Actor,
  input: { connection_id: string; source_id?: string },
  uploadLimitMb: number,
) {
  const row = await repo.findOwnAccount(deps.db, actor.id, input.connection_id);
  if (!row) throw notFound("Connected account not found.");
  const failed = await deps.db
    .select({ id: source.id, reason: source.error })
    .from(source)
    .where(
      and(
        eq(source.ownerId, actor.id),
        eq(source.connectedAccountId, row.id),
        eq(source.status, "errored"),
        input.source_id ? eq(source.id, input.source_id) : undefined,
      ),
    );
  if (input.source_id && !failed.length) throw notFound("No such failed memory of this account.");
  // A file over the limit was never read: only a change in the app (the sync queued here) helps.
  const again = failed.filter((f) => f.reason !== tooLargeReason(uploadLimitMb));
  for (const f of again) await retry(f.id);
  const { account } = await syncNow(deps, actor, row.id);
  return { retried: again.length, account };
}

/**
 * POST /apps/reindex: every memory of the actor's own account that is not being indexed now is
 * read and indexed again (a file over the size limit stays skipped: it was never read).
 */
export async function reindexAccount(
  deps: AppsDeps,
  reindex: (id: string) => Promise<unknown>,
  actor: Actor,
  id: string,
  uploadLimitMb: number,
) {
  const row = await repo.findOwnAccount(deps.db, actor.id, id);
  if (!row) throw notFound("Connected account not found.");
  const all = await deps.db
    .select({ id: source.id, status: source.status, reason: source.error })
    .from(source)
    .where(
      and(
        eq(source.ownerId, actor.id),
        eq(source.connectedAccountId, row.id),
        ne(source.status, "in_progress"),
      ),
    );
  const again = all.filter((f) => f.reason !== tooLargeReason(uploadLimitMb) || f.status !== "errored");
  for (const f of again) await reindex(f.id);
  return { reindexed: again.length, account: await presentCounted(deps, row) };
}
