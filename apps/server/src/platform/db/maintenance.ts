/**
 * Embedded PGlite runs no autovacuum: without it the planner's statistics stay those of the last
 * ANALYZE (none, for a table filled after the migrations) and no page is ever marked all-visible,
 * so index-only scans read the heap row by row. Measured at 20,000 memories (issue 44, bench/scale):
 * a deep wall page was planned as a sequential scan and a sort of every row (70 ms) where the
 * index walk takes 11 ms. The server runs this with its checkpoints (client.ts), as autovacuum
 * would: a table grown by a tenth since its statistics were taken is analysed, and vacuumed too
 * when it is small enough for that to be quick (PGlite has one connection: every other statement
 * waits for it). Pages are counted from the file's size against `relpages`, which VACUUM and
 * ANALYZE set: PGlite's cumulative statistics (`pg_stat_user_tables`) are not kept up to date.
 */
import { sql, type SQL } from "drizzle-orm";

/** The part of a database handle this needs (client.ts's `Db`; not imported: client.ts runs this). */
type Db = { execute(query: SQL): PromiseLike<unknown> };

/** Growth (share of the pages at the last ANALYZE, and at least this many pages) that triggers it. */
const GROWTH_SHARE = 0.1;
const GROWTH_MIN_PAGES = 8;
/**
 * Tables up to this many 8 kB pages (50 MB) are vacuumed as well as analysed. The source table of
 * 50,000 memories is ~2,300 pages; the chunk table of 1M chunks ~250,000 (analysed only: ANALYZE
 * reads a sample of 30,000 rows whatever the size).
 */
export const VACUUM_MAX_PAGES = 6_400;

/** Analyses (and vacuums, when small) the tables that grew since their statistics; returns them. */
export async function maintainEmbedded(db: Db): Promise<{ table: string; vacuumed: boolean }[]> {
  type Table = { schema: string; name: string; pages: number; known: number };
  const { rows: tables } = (await db.execute(
    sql`SELECT n.nspname AS schema, c.relname AS name,
               (pg_relation_size(c.oid) / 8192)::int AS pages, c.relpages AS known
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind = 'r' AND n.nspname IN ('public', 'pgboss')`,
  )) as unknown as { rows: Table[] };
  const done: { table: string; vacuumed: boolean }[] = [];
  for (const t of tables) {
    const pages = Number(t.pages);
    const known = Math.max(0, Number(t.known));
    if (pages - known < Math.max(GROWTH_MIN_PAGES, known * GROWTH_SHARE)) continue;
    const name = sql`${sql.identifier(t.schema)}.${sql.identifier(t.name)}`;
    const vacuumed = pages <= VACUUM_MAX_PAGES;
    await db.execute(vacuumed ? sql`VACUUM (ANALYZE) ${name}` : sql`ANALYZE ${name}`);
    done.push({ table: `${t.schema}.${t.name}`, vacuumed });
  }
  return done;
}
