import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client.ts";
import { scopeCondition } from "./scope.ts";
import {
  analyseQuery,
  B,
  K1,
  lexemeQuery,
  normal,
  rowsStatement,
  stageOf,
  type CandidateBackend,
  type QueryTerm,
  type RetrieveArgs,
  type StageRow,
} from "./stage.ts";

/**
 * Rows the portable first stage may score: the GIN scan is cut after this many (bounded cost:
 * scoring a row takes ~2.5 µs on PostgreSQL 15, docs/benchmarks.md).
 */
export const SCAN_BUDGET = 1_000;

/**
 * The tsquery choosing the chunks the portable first stage scores. Exact (every chunk holding a
 * query term) while the terms' summed df fits SCAN_BUDGET; otherwise the rarer terms whose df sum
 * fits it, OR the chunks holding all the query terms (a GIN intersection, before any row is read).
 */
export function candidateQuery(terms: QueryTerm[], budget = SCAN_BUDGET): string {
  const sorted = terms.filter((t) => t.df > 0).sort((x, y) => x.df - y.df || (x.term < y.term ? -1 : 1));
  const rare: QueryTerm[] = [];
  let total = 0;
  for (const t of sorted) {
    if (total + t.df > budget) break;
    rare.push(t);
    total += t.df;
  }
  const any = rare.map((t) => lexemeQuery(t.term));
  if (rare.length === sorted.length) return any.join(" | ");
  const all = sorted.map((t) => lexemeQuery(t.term)).join(" & ");
  return [...any, sorted.length > 1 ? `(${all})` : all].join(" | ");
}

/**
 * Portable BM25 in SQL (any PostgreSQL ≥ 15): candidates from the GIN index on `tsv`
 * (candidateQuery, at most SCAN_BUDGET rows), scored with df statistics. A term's frequency in a chunk is read without
 * unnest(): with unit weights, ts_rank of a one-lexeme query is H₂(tf)/ζ(2) (Σ 1/j², j ≤ tf),
 * and H₂(n) ≈ ζ(2) − 1/(n + ½), so tf = round(1/(ζ(2) − ζ(2)·rank) − ½).
 */
async function portableRetrieve(db: Db, a: RetrieveArgs): Promise<StageRow[]> {
  const scored = a.terms.filter((t) => t.df > 0);
  if (scored.length === 0) return [];
  const match = candidateQuery(scored);
  const avg = Math.max(a.avgLen, 1);
  // Each term's frequency once per row, in a subquery the planner keeps (OFFSET 0): used twice in
  // the BM25 term below, an inlined expression was computed twice, and `ts_rank` is most of the
  // statement's scoring cost (a Chinese query of 8 lexemes: 43–54 ms → 22–35 ms, docs/benchmarks.md).
  const tfs = scored.map((t, i) => {
    const rank = sql`ts_rank('{1,1,1,1}'::float4[], c.tsv, ${lexemeQuery(t.term)}::tsquery, 0)::float8`;
    return sql`least(256, greatest(0, round(1.0 / greatest(1.6449340668482264 - ${rank} * 1.64493406685, 0.000001) - 0.5))) AS ${sql.raw(`tf${i}`)}`;
  });
  const parts: SQL[] = scored.map((t, i) => {
    const idf = Math.log(1 + (a.docs - t.df + 0.5) / (t.df + 0.5));
    const tf = sql.raw(`c.tf${i}`);
    return sql`(${t.weight * idf}::float8 * ${tf} * ${K1 + 1}::float8 / nullif(${tf} + ${K1}::float8 * (${1 - B}::float8 + ${B / avg}::float8 * c.tokens), 0))`;
  });
  const score = sql`coalesce(${sql.join(
    parts.map((p) => sql`coalesce(${p}, 0)`),
    sql` + `,
  )}, 0)`;
  return normal(
    await queryRows<StageRow>(
      db,
      rowsStatement(
        sql``,
        sql`SELECT c.id, ${score} AS score, 0 AS fetched FROM (
            SELECT c.id, c.tokens, ${sql.join(tfs, sql`, `)} FROM (
              SELECT c.id, c.tsv, c.tokens FROM chunk c WHERE c.tsv @@ ${match}::tsquery AND ${scopeCondition(a.scope)}
              LIMIT ${SCAN_BUDGET}) c
            OFFSET 0) c
          ORDER BY score DESC, c.id LIMIT ${a.n}`,
        a.skip,
        a.feedback,
      ),
    ),
  );
}

export const portableBackend: CandidateBackend = {
  name: "sql-bm25",
  async first(db, scope, query, n, feedback) {
    const stage = await analyseQuery(db, query);
    if (stage.terms.length === 0 || stage.docs === 0) return stage;
    const rows = await portableRetrieve(db, {
      scope,
      terms: stage.terms,
      docs: stage.docs,
      avgLen: stage.avgLen,
      n,
      skip: new Set(),
      feedback,
    });
    return { ...stage, rows, dfs: stageOf(rows).dfs };
  },
  retrieve: portableRetrieve,
};
