import { and, count, eq, inArray, isNotNull } from "drizzle-orm";
import { source } from "../../platform/db/schema/index.ts";
import type { Tx } from "./repo.ts";

/** An account's memories that failed to index, and those still being indexed. */
export type AccountCounts = { problems: number; indexing: number };

/**
 * How many of each account's memories failed to index (issue 43: "synced with 3 problems") and
 * are still being indexed, by account id; an account with neither is absent.
 */
export async function problemCounts(db: Tx, ownerId: string): Promise<Map<string, AccountCounts>> {
  const rows = await db
    .select({ accountId: source.connectedAccountId, status: source.status, n: count() })
    .from(source)
    .where(
      and(
        eq(source.ownerId, ownerId),
        isNotNull(source.connectedAccountId),
        inArray(source.status, ["errored", "in_progress"]),
      ),
    )
    .groupBy(source.connectedAccountId, source.status);
  const out = new Map<string, AccountCounts>();
  for (const r of rows) {
    const c = out.get(r.accountId!) ?? { problems: 0, indexing: 0 };
    if (r.status === "errored") c.problems = Number(r.n);
    else c.indexing = Number(r.n);
    out.set(r.accountId!, c);
  }
  return out;
}

/** One account's counts (an account answered alone: sync now, reconnect, choices). */
export async function problemCount(db: Tx, ownerId: string, accountId: string): Promise<AccountCounts> {
  const rows = await db
    .select({ status: source.status, n: count() })
    .from(source)
    .where(
      and(
        eq(source.ownerId, ownerId),
        eq(source.connectedAccountId, accountId),
        inArray(source.status, ["errored", "in_progress"]),
      ),
    )
    .groupBy(source.status);
  const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  return { problems: by.errored ?? 0, indexing: by.in_progress ?? 0 };
}
