import { and, count, desc, eq, isNull, ne, notInArray, sql, type SQL } from "drizzle-orm";
import type { IndexingOrigin, LedgerItem } from "@mnemo/contracts";
import type { Actor } from "../../platform/context.ts";
import type { Tx } from "../../platform/db/client.ts";
import { notFound } from "../../platform/lib/errors.ts";
import { source } from "../../platform/db/schema/index.ts";
import { fileFailureReason } from "./failure-reasons.ts";
import { retrySource, type SourcesDeps } from "./service.ts";

/**
 * Ledgers (issue 43): a set of memories by indexing state, the failed ones with their reasons.
 * Connected accounts' ledgers (features/apps/ledger.ts) and the uploads' and imports' (here) share it.
 */

/** The reason an oversized file carries: it is skipped (counted apart), not retried. */
export const tooLargeReason = (limitMb: number) => fileFailureReason({ kind: "over_limit", limitMb });

export const ledgerItemColumns = {
  id: source.id,
  title: source.title,
  status: source.status,
  reason: source.error,
};

export function presentLedgerItem(row: {
  id: string;
  title: string;
  status: string;
  reason: string | null;
}): LedgerItem {
  return {
    id: row.id,
    title: row.title,
    status: row.status as LedgerItem["status"],
    reason: row.status === "errored" ? row.reason : null,
  };
}

/** The memories matching `where` by state, and the failed ones with their reasons. */
export async function ledgerOf(db: Tx, where: SQL | undefined, uploadLimitMb: number) {
  const states = await db
    .select({ status: source.status, n: count() })
    .from(source)
    .where(where)
    .groupBy(source.status);
  const by = Object.fromEntries(states.map((s) => [s.status, Number(s.n)]));
  const problems = (
    await db
      .select(ledgerItemColumns)
      .from(source)
      .where(and(where, eq(source.status, "errored")))
      .orderBy(source.title)
      .limit(1000)
  ).map(presentLedgerItem);
  const tooLarge = tooLargeReason(uploadLimitMb);
  for (const p of problems) if (p.reason === tooLarge) p.skipped = true;
  const skipped = problems.filter((p) => p.skipped).length;
  const total = Object.values(by).reduce((a, b) => a + b, 0);
  return {
    coverage: {
      total,
      indexed: by.success ?? 0,
      failed: (by.errored ?? 0) - skipped,
      skipped,
      in_progress: by.in_progress ?? 0,
    },
    problems,
  };
}

/** Which memories a ledger of uploads or imports counts (the actor's own). */
function originCondition(actor: Actor, origin: IndexingOrigin): SQL | undefined {
  const imported = sql`coalesce(${source.meta}->>'upload_source', '') = 'import'`;
  if (origin === "imports") return and(eq(source.ownerId, actor.id), imported);
  // What the user saved here: files and links, not typed notes or canvases, not synced, not imported.
  return and(
    eq(source.ownerId, actor.id),
    isNull(source.connectedAccountId),
    isNull(source.app),
    sql`not (${imported})`,
    notInArray(source.type, ["page", "canvas"]),
  );
}

/** GET /indexing/ledger: the actor's uploads' or imports' coverage, failures and latest memories. */
export async function indexingLedger(db: Tx, actor: Actor, origin: IndexingOrigin, uploadLimitMb: number) {
  const where = originCondition(actor, origin);
  const { coverage, problems } = await ledgerOf(db, where, uploadLimitMb);
  const recent = (
    await db
      .select(ledgerItemColumns)
      .from(source)
      .where(where)
      .orderBy(desc(source.createdAt), desc(source.id))
      .limit(50)
  ).map(presentLedgerItem);
  return { origin, coverage, problems, recent };
}

/**
 * POST /indexing/retry_failed: the actor's failed uploads or imports (one, or all) are indexed
 * again; a file over the size limit is not (it was never read).
 */
export async function retryFailedOf(
  deps: SourcesDeps,
  actor: Actor,
  input: { origin: IndexingOrigin; source_id?: string },
  uploadLimitMb: number,
) {
  const failed = await deps.db
    .select({ id: source.id })
    .from(source)
    .where(
      and(
        originCondition(actor, input.origin),
        eq(source.status, "errored"),
        ne(sql`coalesce(${source.error}, '')`, tooLargeReason(uploadLimitMb)),
        input.source_id ? eq(source.id, input.source_id) : undefined,
      ),
    );
  if (input.source_id && !failed.length) throw notFound("No such failed memory.");
  for (const f of failed) await retrySource(deps, actor, f.id);
  return { retried: failed.length };
}
