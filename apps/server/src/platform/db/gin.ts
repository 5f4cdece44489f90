import { sql } from "drizzle-orm";
import { queryRows, type Db } from "./client.ts";

/** Pending-list cap of the GIN indexes searches read (kB; PostgreSQL's default is 4,096). */
export const GIN_PENDING_LIST_KB = 256;

/**
 * Caps a GIN index's pending list at GIN_PENDING_LIST_KB and merges what it holds now (idempotent;
 * one catalog read once done). New entries wait in an unsorted pending list that every scan reads
 * in full until it outgrows its cap or VACUUM merges it — and PGlite runs no autovacuum, so at
 * 5,000 memories the default 4 MB cap left ~300 pages per index to read, and a substring match
 * cost 10.1 ms of CPU instead of 1.1 (bench/wall, docs/benchmarks.md). With a small cap the insert
 * that crosses it merges the list (in sorted batches, as before): filling 5,000 memories cost 6%
 * more CPU, where turning the list off (`fastupdate = off`) cost 90% more.
 */
export async function boundGinPendingList(db: Db, index: string) {
  const option = `gin_pending_list_limit=${GIN_PENDING_LIST_KB}`;
  const [row] = await queryRows<{ done: boolean }>(
    db,
    sql`SELECT coalesce(${option} = ANY(c.reloptions), false) AS done FROM pg_class c
        WHERE c.relname = ${index} AND c.relkind = 'i' AND pg_table_is_visible(c.oid)`,
  );
  if (!row || row.done) return;
  await db.execute(sql.raw(`ALTER INDEX ${index} SET (gin_pending_list_limit = ${GIN_PENDING_LIST_KB})`));
  await db.execute(sql`SELECT gin_clean_pending_list(${index}::regclass)`);
}
