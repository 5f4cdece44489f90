import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../platform/db/client.ts";
import { textArray } from "../../platform/db/sql.ts";
import { readableCollectionIdsSql, type Viewer } from "../../core/access/sql.ts";
import type { TermRow } from "./graph.ts";

/**
 * The viewer's own memories, most recent first (the wall's "everything"), one more than `limit`,
 * with the key terms stored by indexing (null when not computed yet).
 */
export async function ownMemories(db: Db, v: Viewer, limit: number) {
  return queryRows<{
    id: string;
    title: string;
    type: string;
    status: string;
    key_terms: { term: string; score: number }[] | null;
  }>(
    db,
    sql`SELECT s.id, coalesce(s.title, '') AS title, s.type, s.status, s.meta->'key_terms' AS key_terms FROM source s
        WHERE s.owner_id = ${v.id} ORDER BY s.created_at DESC, s.id LIMIT ${limit + 1}`,
  );
}

/** The collections the viewer can read, and which of `sourceIds` each holds. */
export async function collectionsWithMembers(db: Db, v: Viewer, sourceIds: string[]) {
  const collections = await queryRows<{ id: string; name: string }>(
    db,
    sql`SELECT co.id, co.name FROM collection co WHERE co.id IN (${readableCollectionIdsSql(v)}) ORDER BY co.created_at`,
  );
  const members = sourceIds.length
    ? await queryRows<{ collection_id: string; source_id: string }>(
        db,
        sql`SELECT cs.collection_id, cs.source_id FROM collection_source cs
            WHERE cs.source_id = ANY(${textArray(sourceIds)})
              AND cs.collection_id IN (${readableCollectionIdsSql(v)})`,
      )
    : [];
  return { collections, members };
}

/**
 * Each memory's key terms from the search index: lexemes of its first chunks (title and opening,
 * which the chunker weights) scored tf × ln(1 + N / df) (a damped idf: a term some other memories share still ranks) with the index's own document frequencies.
 * Terms in more than a fifth of all chunks (and over 40) are skipped; a term only this memory has
 * yet is kept (a later memory may share it: the map links only terms held by two or more). Reading only
 * the first two chunks of each memory bounds the cost by the number of memories, not their size.
 */
export async function keyTerms(db: Db, sourceIds: string[], perMemory: number): Promise<TermRow[]> {
  if (sourceIds.length === 0) return [];
  const rows = await queryRows<{ source_id: string; term: string; score: number | string }>(
    db,
    sql`WITH n AS (SELECT greatest(sum(docs), 1)::float8 AS docs FROM search_stats),
      lex AS (
        SELECT c.source_id, l.lexeme AS term, sum(coalesce(cardinality(l.positions), 1)) AS tf
        FROM chunk c, unnest(c.tsv) AS l
        WHERE c.source_id = ANY(${textArray(sourceIds)}) AND c.ord < 2 AND length(l.lexeme) > 2
          AND l.lexeme !~ '[0-9._/:@]'
        GROUP BY c.source_id, l.lexeme
      ),
      scored AS (
        SELECT lex.source_id, lex.term, lex.tf * ln(1 + n.docs / d.df) AS score,
          row_number() OVER (PARTITION BY lex.source_id ORDER BY lex.tf * ln(1 + n.docs / d.df) DESC, lex.term) AS rn
        FROM lex JOIN search_term_df d ON d.term = lex.term, n
        WHERE d.df <= greatest(n.docs / 5, 40)
      )
      SELECT source_id, term, score FROM scored WHERE rn <= ${perMemory}`,
  );
  return rows.map((r) => ({ source_id: r.source_id, term: r.term, score: Number(r.score) }));
}
