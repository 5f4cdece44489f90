import { sql, type SQL } from "drizzle-orm";
import type { ChunkHitRow } from "./hits.ts";
import type { SearchScope } from "./types.ts";
import { queryPrepared, type Db } from "../../platform/db/client.ts";
import { textArray } from "../../platform/db/sql.ts";

export type QueryTerm = { term: string; weight: number; df: number };
/** A candidate chunk with what the re-ranking needs (its tsvector as text) and its first-stage score. */
export type ChunkRow = ChunkHitRow & { tsv: string; tokens: number };
/**
 * The analysed query (lexemes, query tf, df), corpus size and length, the first-stage candidates,
 * and the df of every term of the best FEEDBACK_PREFETCH candidates (for RM3).
 */
export type FirstStage = {
  terms: QueryTerm[];
  docs: number;
  avgLen: number;
  rows: ChunkRow[];
  dfs: [string, number][];
};
/** Candidates whose terms' document frequencies come back with the first stage (≥ RM3's feedback documents). */
export const FEEDBACK_PREFETCH = 8;
export type RetrieveArgs = {
  scope: SearchScope;
  /** Analysed, weighted lexemes with document frequencies. */
  terms: QueryTerm[];
  docs: number;
  avgLen: number;
  n: number;
  /** Candidates already loaded: their rows are not read again. */
  skip: Set<string>;
  /** Also read the df of the best candidates' terms (RM3's feedback documents): only when RM3 is on. */
  feedback: boolean;
};

/** The first pass's arguments for an analysed query: its terms and statistics, nothing skipped. */
export function firstArgs(stage: FirstStage, scope: SearchScope, n: number, feedback: boolean): RetrieveArgs {
  return { scope, terms: stage.terms, docs: stage.docs, avgLen: stage.avgLen, n, skip: new Set(), feedback };
}

/** First-stage retrieval: the best `n` chunks by BM25 within the scope, with their rows. */
export interface CandidateBackend {
  readonly name: string;
  /**
   * Analyses `query` and retrieves the first stage, in as few round trips as the backend allows;
   * with `feedback`, also the df of the best candidates' terms (for RM3).
   */
  first(db: Db, scope: SearchScope, query: AnalysedQuery, n: number, feedback: boolean): Promise<FirstStage>;
  /** A further first-stage pass for weighted (expanded) terms; rows of `skip` ids come back without text. */
  retrieve(db: Db, args: RetrieveArgs): Promise<ChunkRow[]>;
}

export const K1 = 1.2;
export const B = 0.75;

/** The analysed terms as text for pg_textsearch, whose index holds each chunk's lexemes (`simple`). */
export function lexemeText(terms: QueryTerm[]): string {
  return terms.map((t) => t.term).join(" ");
}

/** A tsquery literal for one lexeme (no dictionary processing). */
export function lexemeQuery(term: string): string {
  return `'${term.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
}

export type Json<T> = T | string | null;
export type StageRow = ChunkRow & {
  terms: Json<[string, number, number][]>;
  docs: number;
  total_tokens: number;
  fetched: number;
  dfs: Json<[string, number][]>;
};
export const normal = (rows: StageRow[]): StageRow[] =>
  rows.map((r) => ({ ...r, ord: Number(r.ord), tokens: Number(r.tokens), score: Number(r.score) }));
export const json = <T>(v: Json<T>, empty: T): T =>
  typeof v === "string" ? (JSON.parse(v) as T) : (v ?? empty);

/** A query prepared for analysis: its text (normalised, segmented) and the configurations to analyse it with. */
export type AnalysedQuery = { text: string; configs: string[] };

/**
 * Analysis of the query (lexeme, query tf, df) as one JSON value, and the corpus statistics, for a
 * CTE. The query is analysed with its language's configuration(s) AND in plain form (`simple`),
 * so a question still matches a memory in another language that shares names and numbers; a
 * plain word counts only where a language's analysis kept a lexeme at its position (stop words
 * stay out: every configuration uses the same parser, so positions agree). A lexeme several
 * analyses give counts once.
 */
export function analysisCte(q: AnalysedQuery): SQL {
  const configs = q.configs.length ? q.configs : ["simple"];
  const byLanguage = sql.join(
    configs.map((c) => sql`SELECT lexeme, positions FROM unnest(to_tsvector(${c}::regconfig, ${q.text}))`),
    sql` UNION ALL `,
  );
  return sql`ql AS MATERIALIZED (${byLanguage}),
    qs AS (SELECT s.lexeme, s.positions FROM unnest(to_tsvector('simple'::regconfig, ${q.text})) s
      WHERE s.positions && ARRAY(SELECT unnest(ql.positions) FROM ql)),
    qt AS (SELECT lexeme, max(coalesce(array_length(positions, 1), 1)) AS qtf
      FROM (SELECT * FROM ql UNION ALL SELECT * FROM qs) u GROUP BY lexeme),
    qa AS (SELECT json_agg(json_build_array(q.lexeme, q.qtf, coalesce(d.df, 0)) ORDER BY q.lexeme) AS terms
      FROM qt q LEFT JOIN search_term_df d ON d.term = q.lexeme),
    st AS (SELECT coalesce(sum(docs), 0)::float8 AS docs, coalesce(sum(tokens), 0)::float8 AS tokens FROM search_stats)`;
}

export function stageOf(
  rows: StageRow[],
  analysis?: { terms: StageRow["terms"]; docs: number; total_tokens: number },
): FirstStage {
  const a = analysis ?? rows[0];
  if (!a) return { terms: [], docs: 0, avgLen: 1, rows: [], dfs: [] };
  const docs = Number(a.docs);
  return {
    terms: json(a.terms, []).map(([term, qtf, df]) => ({ term, weight: Number(qtf), df: Number(df) })),
    dfs: json(rows[0]?.dfs ?? null, []),
    docs,
    avgLen: docs > 0 ? Number(a.total_tokens) / docs : 1,
    rows: normal(rows),
  };
}

export const rowColumns = (skip: Set<string>) =>
  skip.size === 0
    ? sql`c.id, c.source_id, c.ord, c.title, c.heading_path, c.text, coalesce(c.tsv, ''::tsvector)::text AS tsv, c.tokens`
    : sql`c.id, c.source_id, c.ord, c.title, c.heading_path,
        CASE WHEN c.id = ANY(${textArray([...skip])}) THEN '' ELSE c.text END AS text,
        CASE WHEN c.id = ANY(${textArray([...skip])}) THEN '' ELSE coalesce(c.tsv, ''::tsvector)::text END AS tsv, c.tokens`;

/**
 * One statement from `hits` (id, score, fetched; best first): the chunks' rows and, with
 * `feedback`, on the first row the df of every term of the best FEEDBACK_PREFETCH of them (RM3's
 * feedback documents; ~4 ms of a statement on PostgreSQL, so not read when RM3 is off). `ctes` ends with a comma.
 */
export function rowsStatement(ctes: SQL, hits: SQL, skip: Set<string>, feedback: boolean): SQL {
  const dfs = !feedback
    ? sql`NULL::json`
    : sql`CASE WHEN row_number() OVER (ORDER BY hits.score DESC, hits.id) = 1 THEN (
          SELECT json_agg(json_build_array(u.t, (SELECT d.df FROM search_term_df d WHERE d.term = u.t)))
          FROM (SELECT DISTINCT unnest(tsvector_to_array(fc.tsv)) AS t
            FROM (SELECT id FROM hits ORDER BY score DESC, id LIMIT ${FEEDBACK_PREFETCH}) h JOIN chunk fc ON fc.id = h.id) u) END`;
  return sql`WITH ${ctes} hits AS MATERIALIZED (${hits})
    SELECT ${rowColumns(skip)}, hits.score, hits.fetched, ${dfs} AS dfs
    FROM hits JOIN chunk c ON c.id = hits.id ORDER BY hits.score DESC, hits.id`;
}

/** The analysed query, its terms' document frequencies and the corpus statistics (one round trip). */
export async function analyseQuery(db: Db, query: AnalysedQuery): Promise<FirstStage> {
  const [a] = await queryPrepared<StageRow>(
    db,
    sql`WITH ${analysisCte(query)} SELECT (SELECT terms FROM qa) AS terms, st.docs, st.tokens AS total_tokens FROM st`,
  );
  return stageOf([], a);
}
