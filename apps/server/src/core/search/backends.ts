import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../platform/db/client.ts";
import { scopeCondition } from "./scope.ts";
import { BM25_INDEX } from "./setup.ts";
import type { SearchScope } from "./types.ts";
import {
  analyseQuery,
  firstArgs,
  lexemeQuery,
  lexemeText,
  normal,
  rowColumns,
  rowsStatement,
  stageOf,
  type CandidateBackend,
  type RetrieveArgs,
  type StageRow,
} from "./stage.ts";

export type {
  AnalysedQuery,
  CandidateBackend,
  ChunkRow,
  FirstStage,
  QueryTerm,
  RetrieveArgs,
} from "./stage.ts";
export { K1, B, lexemeQuery } from "./stage.ts";
export { candidateQuery, portableBackend, SCAN_BUDGET } from "./portable.ts";

/**
 * pg_textsearch: `ORDER BY search_text <@> to_bm25query(…)` over its BM25 index. The index yields
 * chunks best first for the whole table and WHERE filters that stream, so the scope is applied to
 * the top list (first as long as the result, then ×8 each time), widened until it holds `n` in-scope chunks or the matches run out;
 * past OVERFETCH_MAX the scope is applied first (exact, scored row by row). The pass is one
 * statement: top list, scope and the candidates' rows.
 *
 * Its shape matters (EXPLAIN and CPU time on PGlite, docs/benchmarks.md): the top list is a plain
 * subquery whose select list repeats the ORDER BY expression as is, which pg_textsearch answers
 * from the index scan; inside a CTE, or negated and cast in the select list, every candidate was
 * scored again from its text — 16 ms instead of 4.5 ms at 5,000 chunks. The df of the feedback
 * terms is therefore not fetched here; the engine reads what RM3 needs (and caches it).
 */
export const OVERFETCH_MAX = 20_000;
async function pgTextsearchPass(db: Db, scope: SearchScope, text: string, n: number, skip: Set<string>) {
  const q = sql`to_bm25query(${text}, ${BM25_INDEX})`;
  for (let fetch = n; fetch <= OVERFETCH_MAX; fetch = Math.max(fetch * 8, 200)) {
    const rows = normal(
      await queryRows<StageRow>(
        db,
        sql`SELECT ${rowColumns(skip)}, t.score, t.fetched, NULL::json AS dfs
          FROM (SELECT x.id, -x.distance::float8 AS score, count(*) OVER ()::int AS fetched
            FROM (SELECT b.id, b.search_text <@> ${q} AS distance FROM chunk b
              ORDER BY b.search_text <@> ${q} LIMIT ${fetch}) x) t
          JOIN chunk c ON c.id = t.id
          WHERE t.score > 0 AND ${scopeCondition(scope)} ORDER BY t.score DESC, c.id LIMIT ${n}`,
      ),
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

/** One memory or a list of memories: few chunks, scored row by row without walking the global top list. */
function narrowScope(scope: SearchScope): boolean {
  return (
    Boolean(scope.sourceId) ||
    Boolean(scope.context && scope.context.collections.length === 0 && scope.context.sources.length > 0)
  );
}

export const pgTextsearchBackend: CandidateBackend = {
  name: "pg_textsearch",
  async first(db, scope, query, n, feedback) {
    const stage = await analyseQuery(db, query);
    if (stage.terms.length === 0 || stage.docs === 0) return stage;
    const rows = narrowScope(scope)
      ? null
      : await pgTextsearchPass(db, scope, lexemeText(stage.terms), n, new Set());
    if (rows) return { ...stage, rows: normal(rows), dfs: stageOf(rows).dfs };
    const found = await scopeFirst(db, firstArgs(stage, scope, n, feedback));
    return { ...stage, rows: found, dfs: stageOf(found).dfs };
  },
  async retrieve(db, a) {
    if (narrowScope(a.scope)) return scopeFirst(db, a);
    return (await pgTextsearchPass(db, a.scope, lexemeText(a.terms), a.n, a.skip)) ?? scopeFirst(db, a);
  },
};

async function scopeFirst(db: Db, a: RetrieveArgs): Promise<StageRow[]> {
  const q = sql`to_bm25query(${lexemeText(a.terms)}, ${BM25_INDEX})`;
  const rows = await queryRows<StageRow>(
    db,
    rowsStatement(
      sql``,
      sql`SELECT c.id, -(c.search_text <@> ${q})::float8 AS score, 0 AS fetched FROM chunk c
        WHERE ${scopeCondition(a.scope)} AND c.tsv @@ ${a.terms.map((t) => lexemeQuery(t.term)).join(" | ") || "''"}::tsquery
        ORDER BY c.search_text <@> ${q} LIMIT ${a.n}`,
      a.skip,
      a.feedback,
    ),
  );
  return normal(rows);
}
