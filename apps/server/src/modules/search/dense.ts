import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.ts";
import { scopeCondition } from "./scope.ts";
import type { SearchHit, SearchScope } from "./types.ts";

/**
 * Dense (vector) search over `chunk_embedding`, scoped by the same SQL as BM25. Vectors are unit
 * length, so cosine similarity is their dot product.
 *
 * - pgvector present (always in PGlite): exact scan in SQL, `embedding::vector <=> query`.
 * - no pgvector: the scoped vectors (at most `DENSE_SCAN_CAP`, newest first) are read and scored
 *   in TypeScript; measured in docs/decisions.md ("Dense retrieval").
 */
export const DENSE_SCAN_CAP = 20_000;

type HitRow = { id: string; source_id: string; ord: number; title: string; heading_path: string; text: string; score: number };

function vectorLiteral(v: number[]): string {
  return `[${v.map((x) => (Number.isFinite(x) ? x : 0)).join(",")}]`;
}

function toHit(r: HitRow): SearchHit {
  return {
    chunkId: r.id,
    sourceId: r.source_id,
    ord: Number(r.ord),
    title: r.title,
    headingPath: r.heading_path,
    text: r.text,
    score: Number(r.score),
  };
}

/** Dot product of two equal-length vectors. */
export function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) s += a[i] * b[i];
  return s;
}

async function searchPgvector(db: Db, scope: SearchScope, model: string, query: number[], limit: number): Promise<SearchHit[]> {
  const q = sql`${vectorLiteral(query)}::vector`;
  const rows = await queryRows<HitRow>(
    db,
    sql`SELECT c.id, c.source_id, c.ord, c.title, c.heading_path, c.text,
          1 - (e.embedding::vector <=> ${q}) AS score
        FROM chunk_embedding e JOIN chunk c ON c.id = e.chunk_id
        WHERE e.model = ${model} AND ${scopeCondition(scope)}
        ORDER BY e.embedding::vector <=> ${q}
        LIMIT ${limit}`,
  );
  return rows.map(toHit);
}

/** Parses PostgreSQL's text form of a real[] ("{0.1,-0.2,…}") into a Float32Array. */
export function parseRealArray(text: string): Float32Array {
  const body = text.slice(1, -1);
  if (!body) return new Float32Array(0);
  const parts = body.split(",");
  const out = new Float32Array(parts.length);
  for (let i = 0; i < parts.length; i++) out[i] = Number(parts[i]);
  return out;
}

async function searchPortable(db: Db, scope: SearchScope, model: string, query: number[], limit: number): Promise<SearchHit[]> {
  // The array as text: parsing one string per row is several times faster than pg's array parser.
  const rows = await queryRows<{ id: string; v: string }>(
    db,
    sql`SELECT e.chunk_id AS id, e.embedding::text AS v
        FROM chunk_embedding e JOIN chunk c ON c.id = e.chunk_id
        WHERE e.model = ${model} AND ${scopeCondition(scope)}
        ORDER BY e.created_at DESC
        LIMIT ${DENSE_SCAN_CAP}`,
  );
  const q = Float32Array.from(query);
  const top: { id: string; score: number }[] = [];
  for (const r of rows) {
    const score = dot(parseRealArray(r.v), q);
    if (top.length < limit || score > top[top.length - 1].score) {
      top.push({ id: r.id, score });
      top.sort((a, b) => b.score - a.score);
      if (top.length > limit) top.pop();
    }
  }
  if (!top.length) return [];
  const ids = sql.join(
    top.map((t) => sql`${t.id}`),
    sql`, `,
  );
  const details = await queryRows<Omit<HitRow, "score">>(
    db,
    sql`SELECT c.id, c.source_id, c.ord, c.title, c.heading_path, c.text FROM chunk c WHERE c.id IN (${ids})`,
  );
  const byId = new Map(details.map((d) => [d.id, d]));
  return top.flatMap((t) => {
    const d = byId.get(t.id);
    return d ? [toHit({ ...d, score: t.score })] : [];
  });
}

/** Top `limit` chunks by cosine similarity to `query` within `scope`, best first. */
export function denseSearch(
  db: Db,
  opts: { pgvector: boolean; model: string },
  scope: SearchScope,
  query: number[],
  limit: number,
): Promise<SearchHit[]> {
  if (limit <= 0 || !query.some((x) => x !== 0)) return Promise.resolve([]); // a zero vector has no direction
  return opts.pgvector ? searchPgvector(db, scope, opts.model, query, limit) : searchPortable(db, scope, opts.model, query, limit);
}
