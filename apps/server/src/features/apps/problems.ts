import { and, count, eq, isNotNull } from "drizzle-orm";
import { source } from "../../platform/db/schema/index.ts";
import type { Tx } from "./repo.ts";

/**
 * How many of each account's memories failed to index (issue 43: "synced with 3 problems"), by
 * account id; an account without failures is absent.
 */
export async function problemCounts(db: Tx, ownerId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ accountId: source.connectedAccountId, n: count() })
    .from(source)
    .where(
      and(eq(source.ownerId, ownerId), isNotNull(source.connectedAccountId), eq(source.status, "errored")),
    )
    .groupBy(source.connectedAccountId);
  return new Map(rows.map((r) => [r.accountId!, Number(r.n)]));
}

/** One account's failed memories (an account answered alone: sync now, reconnect, choices). */
export async function problemCount(db: Tx, ownerId: string, accountId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(source)
    .where(
      and(
        eq(source.ownerId, ownerId),
        eq(source.connectedAccountId, accountId),
        eq(source.status, "errored"),
      ),
    );
  return Number(row?.n ?? 0);
}
