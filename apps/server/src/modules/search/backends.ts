import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.ts";
import { scopeCondition } from "./scope.ts";
import { BM25_INDEX, SEARCH_CONFIG } from "./setup.ts";
import type { SearchScope } from "./types.ts";

export type QueryTerm = { term: string; weight: number; df: number };
/** A candidate chunk with what the re-ranking needs (its tsvector as text) and its first-stage score. */
export type ChunkRow = {
  id: string;
  source_id: string;
  ord: number;
  title: string;
  heading_path: string;
  text: string;
  tsv: string;
  tokens: number;
  score: number;
};
/** The analysed query (lexemes, query tf, df), corpus size and length, and the first-stage candidates. */
export type FirstStage = { terms: QueryTerm[]; docs: number; avgLen: number; rows: ChunkRow[] };
export type RetrieveArgs = {
  scope: SearchScope;
  /** The user's words plus expansion terms (pg_textsearch tokenizes them itself). */
  text: string;
  /** Analysed, weighted lexemes with document frequencies. */
  terms: QueryTerm[];
  docs: number;
  avgLen: number;
  n: number;
  /** Candidates already loaded: their rows are not read again. */
  skip: Set<string>;
};

/** First-stage retrieval: the best `n` chunks by BM25 within the scope, with their rows. */
export interface CandidateBackend {
  readonly name: string;
  /** Analyses `query` and retrieves the first stage, in as few round trips as the backend allows. */
  first(db: Db, scope: SearchScope, query: string, n: number): Promise<FirstStage>;
  /** A further first-stage pass for weighted (expanded) terms; rows of `skip` ids come back without text. */
  retrieve(db: Db, args: RetrieveArgs): Promise<ChunkRow[]>;
}

export const K1 = 1.2;
export const B = 0.75;

/** A tsquery literal for one lexeme (no dictionary processing). */
export function lexemeQuery(term: string): string {
  return `'${term.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
}

function textArray(values: string[]): SQL {
  return sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}

type StageRow = ChunkRow & { terms: [string, number, number][] | string | null; docs: number; total_tokens: number; fetched: number };

/** Analysis of `query` (lexeme, query tf, df) as one JSON value, and the corpus statistics, for a CTE. */
function analysisCte(query: string): SQL {
  return sql`qa AS (SELECT json_agg(json_build_array(q.lexeme, coalesce(array_length(q.positions, 1), 1), coalesce(d.df, 0))) AS terms
      FROM unnest(to_tsvector(${SEARCH_CONFIG}::regconfig, ${query})) q LEFT JOIN search_term_df d ON d.term = q.lexeme),
    st AS (SELECT coalesce(sum(docs), 0)::float8 AS docs, coalesce(sum(tokens), 0)::float8 AS tokens FROM search_stats)`;
}

function stageOf(rows: StageRow[], analysis?: { terms: StageRow["terms"]; docs: number; total_tokens: number }): FirstStage {
  const a = analysis ?? rows[0];
  if (!a) return { terms: [], docs: 0, avgLen: 1, rows: [] };
  const raw = typeof a.terms === "string" ? (JSON.parse(a.terms) as [string, number, number][]) : (a.terms ?? []);
  const docs = Number(a.docs);
  return {
    terms: raw.map(([term, qtf, df]) => ({ term, weight: Number(qtf), df: Number(df) })),
    docs,
    avgLen: docs > 0 ? Number(a.total_tokens) / docs : 1,
    rows: rows.map((r) => ({ ...r, ord: Number(r.ord), tokens: Number(r.tokens), score: Number(r.score) })),
  };
}

const rowColumns = (skip: Set<string>) =>
  skip.size === 0
    ? sql`c.id, c.source_id, c.ord, c.title, c.heading_path, c.text, coalesce(c.tsv, ''::tsvector)::text AS tsv, c.tokens`
    : sql`c.id, c.source_id, c.ord, c.title, c.heading_path,
        CASE WHEN c.id = ANY(${textArray([...skip])}) THEN '' ELSE c.text END AS text,
        CASE WHEN c.id = ANY(${textArray([...skip])}) THEN '' ELSE coalesce(c.tsv, ''::tsvector)::text END AS tsv, c.tokens`;

/**
 * pg_textsearch: `ORDER BY search_text <@> to_bm25query(…)` over its BM25 index. The index yields
 * chunks best first for the whole table and WHERE filters that stream, so the scope is applied to
 * the top list (first as long as the result, then ×4 each time), widened until it holds `n` in-scope chunks or the matches run out;
 * past OVERFETCH_MAX the scope is applied first (exact, scored row by row). The first pass is one
 * statement: query analysis, statistics, top list, scope and the candidates' rows.
 */
export const OVERFETCH_MAX = 20_000;
async function pgTextsearchPass(db: Db, scope: SearchScope, text: string, n: number, skip: Set<string>, analyse: string | null) {
  const q = sql`to_bm25query(${text}, ${BM25_INDEX})`;
  const analysis = analyse === null ? sql`` : sql`${analysisCte(analyse)},`;
  const extra = analyse === null ? sql`` : sql`, (SELECT terms FROM qa) AS terms, st.docs, st.tokens AS total_tokens`;
  const from = analyse === null ? sql`` : sql` CROSS JOIN st`;
  for (let fetch = n; fetch <= OVERFETCH_MAX; fetch *= 4) {
    const rows = await queryRows<StageRow>(
      db,
      sql`WITH ${analysis} top AS MATERIALIZED (SELECT b.id, -(b.search_text <@> ${q})::float8 AS score FROM chunk b
            ORDER BY b.search_text <@> ${q} LIMIT ${fetch})
          SELECT ${rowColumns(skip)}, top.score, (SELECT count(*) FROM top)::int AS fetched${extra}
          FROM top JOIN chunk c ON c.id = top.id${from}
          WHERE top.score > 0 AND ${scopeCondition(scope)}
          ORDER BY top.score DESC, c.id LIMIT ${n}`,
    );
    if (rows.length >= n || (rows.length > 0 && Number(rows[0].fetched) < fetch)) return rows;
    if (rows.length === 0) {
      // Nothing in scope (or nothing at all): is the top list exhausted?
      const [{ fetched }] = await queryRows<{ fetched: number }>(
        db,
        sql`SELECT count(*)::int AS fetched FROM (SELECT 1 FROM chunk b ORDER BY b.search_text <@> ${q} LIMIT ${fetch}) t`,
      );
      if (Number(fetched) < fetch) return rows;
    }
  }
  return null;
}

export const pgTextsearchBackend: CandidateBackend = {
  name: "pg_textsearch",
  async first(db, scope, query, n) {
    const rows = await pgTextsearchPass(db, scope, query, n, new Set(), query);
    if (rows && rows.length > 0) return stageOf(rows);
    const [a] = await queryRows<StageRow>(db, sql`WITH ${analysisCte(query)} SELECT (SELECT terms FROM qa) AS terms, st.docs, st.tokens AS total_tokens FROM st`);
    const stage = stageOf([], a);
    if (rows) return stage;
    return { ...stage, rows: await scopeFirst(db, { scope, text: query, terms: stage.terms, docs: stage.docs, avgLen: stage.avgLen, n, skip: new Set() }) };
  },
  async retrieve(db, a) {
    return (await pgTextsearchPass(db, a.scope, a.text, a.n, a.skip, null)) ?? scopeFirst(db, a);
  },
};

async function scopeFirst(db: Db, a: RetrieveArgs): Promise<ChunkRow[]> {
  const q = sql`to_bm25query(${a.text}, ${BM25_INDEX})`;
  const rows = await queryRows<ChunkRow>(
    db,
    sql`SELECT ${rowColumns(a.skip)}, -(c.search_text <@> ${q})::float8 AS score FROM chunk c
        WHERE ${scopeCondition(a.scope)} AND c.tsv @@ ${a.terms.map((t) => lexemeQuery(t.term)).join(" | ") || "''"}::tsquery
        ORDER BY c.search_text <@> ${q} LIMIT ${a.n}`,
  );
  return stageOf(rows as StageRow[], { terms: [], docs: 0, total_tokens: 0 }).rows;
}

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
async function portableRetrieve(db: Db, a: RetrieveArgs): Promise<ChunkRow[]> {
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
  const rows = await queryRows<ChunkRow>(
    db,
    sql`SELECT ${rowColumns(a.skip)}, top.score FROM (
          SELECT c.id, ${score} AS score FROM chunk c
          WHERE c.tsv @@ ${match}::tsquery AND ${scopeCondition(a.scope)}
          ORDER BY score DESC, c.id LIMIT ${a.n}) top
        JOIN chunk c ON c.id = top.id ORDER BY top.score DESC, c.id`,
  );
  return stageOf(rows as StageRow[], { terms: [], docs: 0, total_tokens: 0 }).rows;
}

export const portableBackend: CandidateBackend = {
  name: "sql-bm25",
  async first(db, scope, query, n) {
    const [a] = await queryRows<StageRow>(db, sql`WITH ${analysisCte(query)} SELECT (SELECT terms FROM qa) AS terms, st.docs, st.tokens AS total_tokens FROM st`);
    const stage = stageOf([], a);
    if (stage.terms.length === 0 || stage.docs === 0) return stage;
    return { ...stage, rows: await portableRetrieve(db, { scope, text: query, terms: stage.terms, docs: stage.docs, avgLen: stage.avgLen, n, skip: new Set() }) };
  },
  retrieve: portableRetrieve,
};
