import { sql, type SQL } from "drizzle-orm";
import { queryRows, type Db } from "../../platform/db/client.ts";
import { scopeCondition, wholeReach } from "./scope.ts";
import type { SearchScope } from "./types.ts";
import {
  analyseQuery,
  B,
  firstArgs,
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
 * Rows a sequential first stage may read, in table order, instead of building the GIN bitmap of
 * a query whose candidates are most of the table (≈1.3 µs a row on PostgreSQL 15, against 6–8 ms
 * for the bitmap of two terms in 25k chunks each and ~3.5 ms to fetch its first 1,000 rows).
 */
export const SEQ_ROWS = 5_000;
/** The sequential first stage is tried only for an actor owning at least this share of the chunks. */
export const SEQ_MIN_SHARE = 0.5;

/** The terms the portable first stage takes whole (`rare`) and all the scored terms (`all`), rarest first. */
function candidateTerms(terms: QueryTerm[], budget: number): { rare: QueryTerm[]; all: QueryTerm[] } {
  const all = terms.filter((t) => t.df > 0).sort((x, y) => x.df - y.df || (x.term < y.term ? -1 : 1));
  const rare: QueryTerm[] = [];
  let total = 0;
  for (const t of all) {
    if (total + t.df > budget) break;
    rare.push(t);
    total += t.df;
  }
  return { rare, all };
}

/**
 * The tsquery choosing the chunks the portable first stage scores. Exact (every chunk holding a
 * query term) while the terms' summed df fits SCAN_BUDGET; otherwise the rarer terms whose df sum
 * fits it, OR the chunks holding all the query terms (a GIN intersection, before any row is read).
 */
export function candidateQuery(terms: QueryTerm[], budget = SCAN_BUDGET): string {
  const { rare, all } = candidateTerms(terms, budget);
  const any = rare.map((t) => lexemeQuery(t.term));
  if (rare.length === all.length) return any.join(" | ");
  const every = all.map((t) => lexemeQuery(t.term)).join(" & ");
  return [...any, all.length > 1 ? `(${every})` : every].join(" | ");
}

/**
 * Chunks the candidate query of `terms` is expected to match when it is not exact (null when it
 * is: its GIN scan is small). The rarer terms' df, plus the chunks holding every term, estimated
 * as independent within the commonest term's chunks (Π df / max df^(n−1)): terms of one language
 * meet in that language's chunks, so independence over the whole corpus would underestimate them
 * in a mixed-language collection.
 */
export function candidateMatches(terms: QueryTerm[], budget = SCAN_BUDGET): number | null {
  const { rare, all } = candidateTerms(terms, budget);
  if (rare.length === all.length) return null;
  const most = all[all.length - 1].df;
  const together = all.reduce((acc, t) => acc * (t.df / most), most);
  return rare.reduce((acc, t) => acc + t.df, 0) + together;
}

/** The chunk table's size (planner statistics) and the share of its rows each frequent owner has. */
export type TableShape = { pages: number; rows: number; shares: Map<string, number> };

/**
 * How many of the chunk table's first pages to scan in order before the GIN index (null: the GIN
 * scan alone), pure. Taken when the candidates are expected to be dense among the actor's rows:
 * SCAN_BUDGET of them within SEQ_ROWS rows, for an actor owning at least SEQ_MIN_SHARE of the
 * table. The pages cover twice the rows expected to hold them (slack for the estimate); when they
 * hold fewer, the GIN scan of the pages after them supplies the rest, so a wrong estimate costs at
 * most the scan of those pages.
 */
export function sequentialPages(
  matches: number | null,
  docs: number,
  share: number,
  shape: TableShape,
  budget = SCAN_BUDGET,
): number | null {
  if (matches === null || docs <= 0 || share < SEQ_MIN_SHARE) return null;
  if (shape.pages <= 0 || shape.rows <= 0) return null;
  const density = Math.min(1, matches / docs) * share;
  const rows = budget / density;
  if (!(rows <= SEQ_ROWS)) return null;
  const pages = Math.max(1, Math.ceil((2 * rows * shape.pages) / shape.rows));
  // Past half the table the planner may prefer a plain sequential scan, which can start mid-table
  // (synchronized scans); such a table is small enough for the GIN scan anyway.
  return pages <= shape.pages / 2 ? pages : null;
}

/** How long the chunk table's shape is reused before it is read again. */
const SHAPE_TTL_MS = 30_000;
const shapeCache = new WeakMap<object, { at: number; shape: TableShape }>();

/** The chunk table's pages and rows and its frequent owners' shares, from the planner's statistics (cached). */
export async function chunkTableShape(db: Db): Promise<TableShape> {
  const hit = shapeCache.get(db);
  if (hit && performance.now() - hit.at < SHAPE_TTL_MS) return hit.shape;
  const [row] = await queryRows<{
    pages: number;
    rows: number;
    owners: string[] | null;
    freqs: number[] | null;
  }>(
    db,
    sql`SELECT c.relpages::float8 AS pages, c.reltuples::float8 AS rows,
        (s.most_common_vals::text)::text[] AS owners, s.most_common_freqs::float8[] AS freqs
      FROM pg_class c
      LEFT JOIN pg_stats s ON s.schemaname = c.relnamespace::regnamespace::name AND s.tablename = 'chunk' AND s.attname = 'owner_id'
      WHERE c.oid = 'chunk'::regclass`,
  );
  const owners = row?.owners ?? [];
  const freqs = row?.freqs ?? [];
  const shape: TableShape = {
    pages: Number(row?.pages ?? 0),
    rows: Number(row?.rows ?? 0),
    shares: new Map(owners.map((o, i) => [o, Number(freqs[i] ?? 0)])),
  };
  shapeCache.set(db, { at: performance.now(), shape });
  return shape;
}

/** The actor's share of the chunk table when `scope` is all of the actor's own or readable chunks (else 0). */
function ownShare(scope: SearchScope, shape: TableShape): number {
  const reach = wholeReach(scope);
  return reach === "own" || reach === "everything" ? (shape.shares.get(scope.actorId) ?? 0) : 0;
}

/**
 * Portable BM25 in SQL (any PostgreSQL ≥ 15): candidates from the GIN index on `tsv`
 * (candidateQuery, at most SCAN_BUDGET rows), scored with df statistics. A term's frequency in a chunk is read without
 * unnest(): with unit weights, ts_rank of a one-lexeme query is H₂(tf)/ζ(2) (Σ 1/j², j ≤ tf),
 * and H₂(n) ≈ ζ(2) − 1/(n + ½), so tf = round(1/(ζ(2) − ζ(2)·rank) − ½).
 */
async function portableRetrieve(db: Db, a: RetrieveArgs, sequential: boolean): Promise<StageRow[]> {
  const scored = a.terms.filter((t) => t.df > 0);
  if (scored.length === 0) return [];
  const match = sql`${candidateQuery(scored)}::tsquery`;
  const matches = sequential ? candidateMatches(scored) : null;
  let pages: number | null = null;
  if (matches !== null) {
    const shape = await chunkTableShape(db);
    pages = sequentialPages(matches, a.docs, ownShare(a.scope, shape), shape);
  }
  const scope = scopeCondition(a.scope);
  // The first SCAN_BUDGET matches in table order either way: read in order from the first pages
  // by a TID range scan (the tsvector behind coalesce() keeps the GIN index out), then, only when
  // those pages held fewer, from the GIN index for the pages after them (UNION ALL under LIMIT
  // stops at the first branch when it fills the budget). `pg_trigger_depth() >= 0` is always true
  // and parallel-restricted: it keeps the first scan out of parallel plans, whose workers would
  // return rows out of table order.
  const candidates =
    pages === null
      ? sql`SELECT c.id, c.tsv, c.tokens FROM chunk c WHERE c.tsv @@ ${match} AND ${scope} LIMIT ${SCAN_BUDGET}`
      : sql`SELECT c.id, c.tsv, c.tokens FROM (
          (SELECT c.id, c.tsv, c.tokens FROM chunk c
            WHERE c.ctid < ${`(${pages},0)`}::tid AND pg_trigger_depth() >= 0
              AND coalesce(c.tsv, ''::tsvector) @@ ${match} AND ${scope}
            LIMIT ${SCAN_BUDGET})
          UNION ALL
          (SELECT c.id, c.tsv, c.tokens FROM chunk c
            WHERE c.ctid >= ${`(${pages},0)`}::tid AND c.tsv @@ ${match} AND ${scope}
            LIMIT ${SCAN_BUDGET})) c
        LIMIT ${SCAN_BUDGET}`;
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
            SELECT c.id, c.tokens, ${sql.join(tfs, sql`, `)} FROM (${candidates}) c
            OFFSET 0) c
          ORDER BY score DESC, c.id LIMIT ${a.n}`,
        a.skip,
        a.feedback,
      ),
    ),
  );
}

/**
 * The portable first stage; `sequential: false` always takes the GIN scan (tests compare the
 * two: the same candidates, so the same results).
 */
export function portableBackendOf(options: { sequential: boolean }): CandidateBackend {
  const retrieve = (db: Db, a: RetrieveArgs) => portableRetrieve(db, a, options.sequential);
  return {
    name: "sql-bm25",
    async first(db, scope, query, n, feedback) {
      const stage = await analyseQuery(db, query);
      if (stage.terms.length === 0 || stage.docs === 0) return stage;
      const rows = await retrieve(db, firstArgs(stage, scope, n, feedback));
      return { ...stage, rows, dfs: stageOf(rows).dfs };
    },
    retrieve,
  };
}

export const portableBackend: CandidateBackend = portableBackendOf({ sequential: true });
