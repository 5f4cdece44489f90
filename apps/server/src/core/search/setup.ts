import { sql } from "drizzle-orm";
import type { Database, Db } from "../../platform/db/client.ts";
import { boundGinPendingList } from "../../platform/db/gin.ts";

/**
 * pg_textsearch's BM25 index. Each chunk is analysed in its own language (language.ts), so the
 * index reads the analysed lexemes (`search_text`, one per token, in order) with `simple`, and
 * queries give it their analysed lexemes too: both backends see the same terms.
 */
export const BM25_INDEX = "chunk_bm25_lexemes_idx";
/** The index of the English-only analysis, replaced by BM25_INDEX. */
const OLD_BM25_INDEX = "chunk_bm25_english_idx";

/**
 * Keeps `search_term_df` and `search_stats` in step with `chunk` on every insert, update and
 * delete (including ON DELETE CASCADE from `source`), in the writer's transaction. The chunk and
 * token totals are spread over STATS_SLOTS rows (one per backend process, summed by readers), so
 * concurrent indexing transactions do not queue on one row lock until commit.
 */
export const STATS_SLOTS = 16;
const TRIGGER_SQL = [
  `INSERT INTO search_stats (id, docs, tokens) VALUES (1, 0, 0) ON CONFLICT (id) DO NOTHING`,
  `CREATE OR REPLACE FUNCTION mnemo_chunk_stats_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_term_df (term, df)
    SELECT t, count(*)::int FROM new_rows, unnest(tsvector_to_array(new_rows.tsv)) AS t GROUP BY t ORDER BY t
    ON CONFLICT (term) DO UPDATE SET df = search_term_df.df + EXCLUDED.df;
  INSERT INTO search_stats (id, docs, tokens)
    SELECT 1 + pg_backend_pid() % ${STATS_SLOTS}, count(*), coalesce(sum(tokens), 0) FROM new_rows
    ON CONFLICT (id) DO UPDATE SET docs = search_stats.docs + EXCLUDED.docs, tokens = search_stats.tokens + EXCLUDED.tokens;
  RETURN NULL;
END $$`,
  `CREATE OR REPLACE FUNCTION mnemo_chunk_stats_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_term_df d SET df = d.df - o.n
    FROM (SELECT t, count(*)::int AS n FROM old_rows, unnest(tsvector_to_array(old_rows.tsv)) AS t GROUP BY t ORDER BY t) o
    WHERE d.term = o.t;
  INSERT INTO search_stats (id, docs, tokens)
    SELECT 1 + pg_backend_pid() % ${STATS_SLOTS}, -count(*), -coalesce(sum(tokens), 0) FROM old_rows
    ON CONFLICT (id) DO UPDATE SET docs = search_stats.docs + EXCLUDED.docs, tokens = search_stats.tokens + EXCLUDED.tokens;
  RETURN NULL;
END $$`,
  `CREATE OR REPLACE TRIGGER chunk_stats_ins AFTER INSERT ON chunk REFERENCING NEW TABLE AS new_rows
     FOR EACH STATEMENT EXECUTE FUNCTION mnemo_chunk_stats_add()`,
  `CREATE OR REPLACE TRIGGER chunk_stats_del AFTER DELETE ON chunk REFERENCING OLD TABLE AS old_rows
     FOR EACH STATEMENT EXECUTE FUNCTION mnemo_chunk_stats_remove()`,
  `CREATE OR REPLACE TRIGGER chunk_stats_upd_old AFTER UPDATE ON chunk REFERENCING OLD TABLE AS old_rows
     FOR EACH STATEMENT EXECUTE FUNCTION mnemo_chunk_stats_remove()`,
  `CREATE OR REPLACE TRIGGER chunk_stats_upd_new AFTER UPDATE ON chunk REFERENCING NEW TABLE AS new_rows
     FOR EACH STATEMENT EXECUTE FUNCTION mnemo_chunk_stats_add()`,
];

/** Idempotent start-up work for search: statistics triggers, and the BM25 index where pg_textsearch exists. */
export async function prepareSearch(database: Pick<Database, "db" | "capabilities">): Promise<void> {
  const { db } = database;
  await db.transaction(async (tx) => {
    // Serialise concurrent start-ups (CREATE OR REPLACE on one function is not concurrency-safe).
    await tx.execute(sql`SELECT pg_advisory_xact_lock(4242017)`);
    for (const stmt of TRIGGER_SQL) await tx.execute(sql.raw(stmt));
    if (database.capabilities.pg_textsearch) {
      await tx.execute(sql.raw(`DROP INDEX IF EXISTS ${OLD_BM25_INDEX}`));
      await tx.execute(
        sql.raw(
          `CREATE INDEX IF NOT EXISTS ${BM25_INDEX} ON chunk USING bm25 (search_text) WITH (text_config = 'simple')`,
        ),
      );
    }
  });
  // The lexeme index (portable backend, narrow scopes): a short pending list to read on every scan.
  await boundGinPendingList(db, "chunk_tsv_idx");
}

/** Recomputes the statistics from scratch (repair tool; the triggers keep them exact). */
export async function rebuildSearchStats(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM search_term_df`);
    await tx.execute(sql`INSERT INTO search_term_df (term, df)
      SELECT t, count(*)::int FROM chunk, unnest(tsvector_to_array(chunk.tsv)) AS t GROUP BY t`);
    await tx.execute(sql`DELETE FROM search_stats`);
    await tx.execute(
      sql`INSERT INTO search_stats (id, docs, tokens) SELECT 1, count(*), coalesce(sum(tokens), 0) FROM chunk`,
    );
  });
}
