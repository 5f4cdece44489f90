import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.ts";
import { scopeCondition } from "./scope.ts";
import { BM25_INDEX } from "./setup.ts";
import type { SearchScope } from "./types.ts";

export type QueryTerm = { term: string; weight: number; df: number };
export type Candidate = { id: string; score: number };
export type RetrieveArgs = {
  scope: SearchScope;
  /** The user's words (pg_textsearch tokenizes them itself). */
  text: string;
  /** Analysed, weighted lexemes with document frequencies. */
  terms: QueryTerm[];
  docs: number;
  avgLen: number;
  n: number;
};

/** First-stage retrieval: the best `n` chunk ids by BM25 within the scope. */
export interface CandidateBackend {
  readonly name: string;
  retrieve(db: Db, args: RetrieveArgs): Promise<Candidate[]>;
}

export const K1 = 1.2;
export const B = 0.75;

/** A tsquery literal for one lexeme (no dictionary processing). */
export function lexemeQuery(term: string): string {
  return `'${term.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
}

/**
 * pg_textsearch: `ORDER BY search_text <@> to_bm25query(…)` over its BM25 index. The index yields
 * chunks best first for the whole table and WHERE filters that stream, so the scope is applied to
 * an over-fetched top list, widened until it holds `n` in-scope chunks or the matches run out;
 * past OVERFETCH_MAX the scope is applied first (exact, scored row by row).
 */
export const OVERFETCH_MAX = 20_000;
export const pgTextsearchBackend: CandidateBackend = {
  name: "pg_textsearch",
  async retrieve(db, a) {
    const q = sql`to_bm25query(${a.text}, ${BM25_INDEX})`;
    for (let fetch = Math.max(a.n * 4, 200); fetch <= OVERFETCH_MAX; fetch *= 8) {
      const rows = await queryRows<{ id: string; score: number; in_scope: boolean }>(
        db,
        sql`SELECT c.id, top.score, ${scopeCondition(a.scope)} AS in_scope FROM (
              SELECT b.id, -(b.search_text <@> ${q})::float8 AS score FROM chunk b
              ORDER BY b.search_text <@> ${q} LIMIT ${fetch}) top
            JOIN chunk c ON c.id = top.id`,
      );
      const hits = rows.filter((r) => r.in_scope && Number(r.score) > 0).map((r) => ({ id: r.id, score: Number(r.score) }));
      if (hits.length >= a.n || rows.length < fetch) return hits.sort((x, y) => y.score - x.score).slice(0, a.n);
    }
    const rows = await queryRows<{ id: string; score: number }>(
      db,
      sql`SELECT c.id, -(c.search_text <@> ${q})::float8 AS score FROM chunk c
          WHERE ${scopeCondition(a.scope)} AND c.tsv @@ ${a.terms.map((t) => lexemeQuery(t.term)).join(" | ") || "''"}::tsquery
          ORDER BY c.search_text <@> ${q} LIMIT ${a.n}`,
    );
    return rows.map((r) => ({ id: r.id, score: Number(r.score) }));
  },
};

/** Query terms driving candidate selection: rarest first, until their summed df passes `cap` (at least one). */
export function driverTerms(terms: QueryTerm[], cap: number): QueryTerm[] {
  const sorted = [...terms].sort((x, y) => x.df - y.df);
  const out: QueryTerm[] = [];
  let total = 0;
  for (const t of sorted) {
    if (out.length > 0 && total + t.df > cap) break;
    out.push(t);
    total += t.df;
  }
  return out;
}

/** Documents containing only common query terms are skipped once the rarer ones cover this many. */
export const DRIVER_DF_CAP = 20_000;

/**
 * Portable BM25 in SQL (any PostgreSQL ≥ 15): candidates from the GIN index on `tsv` for the
 * rarer query terms, scored with df statistics. A term's frequency in a chunk is read without
 * unnest(): with unit weights, ts_rank of a one-lexeme query is H₂(tf)/ζ(2) (Σ 1/j², j ≤ tf),
 * and H₂(n) ≈ ζ(2) − 1/(n + ½), so tf = round(1/(ζ(2) − ζ(2)·rank) − ½).
 */
export const portableBackend: CandidateBackend = {
  name: "sql-bm25",
  async retrieve(db, a) {
    const scored = a.terms.filter((t) => t.df > 0);
    if (scored.length === 0) return [];
    const driver = driverTerms(scored, DRIVER_DF_CAP);
    const match = driver.map((t) => lexemeQuery(t.term)).join(" | ");
    const avg = Math.max(a.avgLen, 1);
    const parts: SQL[] = scored.map((t) => {
      const idf = Math.log(1 + (a.docs - t.df + 0.5) / (t.df + 0.5));
      const rank = sql`ts_rank('{1,1,1,1}'::float4[], c.tsv, ${lexemeQuery(t.term)}::tsquery, 0)::float8`;
      const tf = sql`least(256, greatest(0, round(1.0 / greatest(1.6449340668482264 - ${rank} * 1.64493406685, 0.000001) - 0.5)))`;
      return sql`(${t.weight * idf}::float8 * ${tf} * ${K1 + 1}::float8 / nullif(${tf} + ${K1}::float8 * (${1 - B}::float8 + ${B / avg}::float8 * c.tokens), 0))`;
    });
    const score = sql`coalesce(${sql.join(
      parts.map((p) => sql`coalesce(${p}, 0)`),
      sql` + `,
    )}, 0)`;
    const rows = await queryRows<{ id: string; score: number }>(
      db,
      sql`SELECT c.id, ${score} AS score FROM chunk c
          WHERE c.tsv @@ ${match}::tsquery AND ${scopeCondition(a.scope)}
          ORDER BY score DESC, c.id LIMIT ${a.n}`,
    );
    return rows.map((r) => ({ id: r.id, score: Number(r.score) }));
  },
};
