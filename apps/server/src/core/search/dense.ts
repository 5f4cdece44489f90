import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../platform/db/client.ts";
import { scopeCondition } from "./scope.ts";
import { toHit, type ChunkHitRow } from "./hits.ts";
import type { SearchHit, SearchScope } from "./types.ts";

/**
 * Dense (vector) search over `chunk_embedding`, scoped by the same SQL as BM25. Vectors are unit
 * length, so cosine similarity is their dot product.
 *
 * - pgvector present (always in PGlite): exact scan in SQL, `embedding::vector <=> query`.
 * - no pgvector: the dot product in SQL over `real[]` (unnest), for at most `DENSE_SCAN_CAP`
 *   scoped vectors, newest first; measured in docs/decisions.md ("Dense retrieval").
 */
export const DENSE_SCAN_CAP = 10_000;

/** The query vector with non-finite parts zeroed, comma-separated. */
const components = (v: number[]) => v.map((x) => (Number.isFinite(x) ? x : 0)).join(",");

/** pgvector: exact scan ordered by cosine distance. */
function pgvectorSql(scope: SearchScope, model: string, query: number[], limit: number): SQL {
  const q = sql`${`[${components(query)}]`}::vector`;
  return sql`SELECT c.id, c.source_id, c.ord, c.title, c.heading_path, c.text,
          1 - (e.embedding::vector <=> ${q}) AS score
        FROM chunk_embedding e JOIN chunk c ON c.id = e.chunk_id
        WHERE e.model = ${model} AND ${scopeCondition(scope)}
        ORDER BY e.embedding::vector <=> ${q}
        LIMIT ${limit}`;
}

/** Without pgvector: the dot product over `real[]` of the newest DENSE_SCAN_CAP scoped vectors. */
function portableSql(scope: SearchScope, model: string, query: number[], limit: number): SQL {
  const q = sql`${`{${components(query)}}`}::real[]`;
  return sql`WITH cand AS MATERIALIZED (
          SELECT e.chunk_id, e.embedding FROM chunk_embedding e JOIN chunk c ON c.id = e.chunk_id
          WHERE e.model = ${model} AND ${scopeCondition(scope)}
          ORDER BY e.created_at DESC LIMIT ${DENSE_SCAN_CAP}),
        top AS (
          SELECT cand.chunk_id, (SELECT sum(a * b) FROM unnest(cand.embedding, ${q}) AS t(a, b)) AS score
          FROM cand ORDER BY score DESC NULLS LAST LIMIT ${limit})
        SELECT c.id, c.source_id, c.ord, c.title, c.heading_path, c.text, top.score
        FROM top JOIN chunk c ON c.id = top.chunk_id
        ORDER BY top.score DESC NULLS LAST`;
}

/** Top `limit` chunks by cosine similarity to `query` within `scope`, best first. */
export async function denseSearch(
  db: Db,
  opts: { pgvector: boolean; model: string },
  scope: SearchScope,
  query: number[],
  limit: number,
): Promise<SearchHit[]> {
  if (limit <= 0 || !query.some((x) => x !== 0)) return []; // a zero vector has no direction
  const statement = (opts.pgvector ? pgvectorSql : portableSql)(scope, opts.model, query, limit);
  const rows = await queryRows<ChunkHitRow>(db, statement);
  return rows.map((r) => toHit(r, r.score));
}
