import { sql } from "drizzle-orm";
import { queryRows, type Database, type Db } from "../../platform/db/client.ts";
import { textArray } from "../../platform/db/sql.ts";
import {
  pgTextsearchBackend,
  portableBackend,
  type CandidateBackend,
  type ChunkRow,
  type QueryTerm,
} from "./backends.ts";
import {
  bm25,
  parseTsvector,
  rm3,
  type Bm25Params,
  type CorpusStats,
  type DocTerms,
  type Rm3Params,
  type TermWeights,
} from "./rank.ts";
import { toHit } from "./hits.ts";
import type { SearchHit, SearchIndex, SearchScope } from "./types.ts";
import { analyseQueryText } from "./query-language.ts";

export type RankingOptions = {
  /** BM25 parameters of the final (TypeScript) scoring. */
  bm25: Bm25Params;
  /** Candidates fetched per stage (at least `limit`). */
  depth: number;
  /**
   * RM3 pseudo-relevance feedback; null turns it off. With `secondPass` the expanded query runs a
   * second first stage; without, the expanded query re-ranks the first stage's candidates.
   */
  rm3: (Rm3Params & { secondPass?: boolean }) | null;
  /** Only chunks holding at least one of the user's own query terms are returned. */
  requireQueryTerm: boolean;
};

/** One set of defaults for every corpus (measured: docs/decisions.md). */
export const DEFAULT_RANKING: RankingOptions = {
  bm25: { k1: 1.5, b: 0.75 },
  depth: 30,
  // RM3 off: it lifted Cranfield only and lowered CACM and every XQuAD language (issue 21).
  rm3: null,
  requireQueryTerm: true,
};

type Loaded = ChunkRow & { doc: DocTerms };
/** Per-step timings of one search, for benchmarks (ms). */
export type SearchTimings = Record<string, number>;

/**
 * Document frequencies of terms met in feedback documents, cached per database handle. Entries
 * are dropped whenever the corpus statistics (chunk and token totals) change.
 */
type DfCache = { key: string; df: Map<string, number> };
const dfCaches = new WeakMap<object, DfCache>();
const DF_CACHE_MAX = 200_000;

async function loadDfs(db: Db, cache: DfCache, terms: Iterable<string>): Promise<void> {
  const missing = [...new Set(terms)].filter((t) => !cache.df.has(t));
  if (missing.length === 0) return;
  if (cache.df.size + missing.length > DF_CACHE_MAX) cache.df.clear();
  const rows = await queryRows<{ term: string; df: number }>(
    db,
    sql`SELECT term, df FROM search_term_df WHERE term = ANY(${textArray(missing)})`,
  );
  for (const t of missing) cache.df.set(t, 0);
  for (const r of rows) cache.df.set(r.term, Number(r.df));
}

function dfCacheFor(db: Db, docs: number, avgLen: number): DfCache {
  const key = `${docs}:${avgLen}`;
  let cache = dfCaches.get(db);
  if (!cache || cache.key !== key) {
    cache = { key, df: new Map() };
    dfCaches.set(db, cache);
  }
  return cache;
}

/** BM25 candidates from `backend`, re-ranked in TypeScript with exact BM25 and RM3 expansion. */
export class RankedSearchIndex implements SearchIndex {
  readonly name: string;
  /** Set by benchmarks: receives the per-step timings of every search. */
  onTimings?: (t: SearchTimings) => void;
  constructor(
    private readonly backend: CandidateBackend,
    private readonly options: RankingOptions = DEFAULT_RANKING,
  ) {
    this.name = backend.name;
  }

  async search(db: Db, scope: SearchScope, query: string, limit: number): Promise<SearchHit[]> {
    if (limit <= 0 || !query.trim()) return [];
    const timings: SearchTimings = {};
    let mark = performance.now();
    const step = (name: string) => {
      const now = performance.now();
      timings[name] = (timings[name] ?? 0) + now - mark;
      mark = now;
    };
    const depth = Math.max(limit, this.options.depth);
    const { terms, docs, avgLen, rows, dfs } = await this.backend.first(
      db,
      scope,
      await analyseQueryText(db, query),
      depth,
      this.options.rm3 !== null,
    );
    step("first");
    if (terms.length === 0 || docs === 0 || rows.length === 0) return [];
    const cache = dfCacheFor(db, docs, avgLen);
    for (const t of terms) cache.df.set(t.term, t.df);
    for (const [term, df] of dfs) cache.df.set(term, Number(df));
    const stats: CorpusStats = { docs, avgLen, df: (t) => cache.df.get(t) ?? 0 };
    const params = this.options.bm25;
    const chunks = new Map<string, Loaded>();
    const load = (rs: ChunkRow[]) => {
      for (const r of rs) if (!chunks.has(r.id)) chunks.set(r.id, { ...r, doc: parseTsvector(r.tsv) });
    };
    load(rows);
    step("parse");
    let weights: TermWeights = new Map(terms.map((t) => [t.term, t.weight]));
    const rescore = (cands: Iterable<string>) =>
      [...cands]
        .map((id) => chunks.get(id))
        .filter((c): c is Loaded => c !== undefined)
        .filter((c) => !this.options.requireQueryTerm || terms.some((t) => c.doc.tf.has(t.term)))
        .map((c) => ({ c, score: bm25(weights, c.doc, c.tokens, stats, params) }))
        .filter((x) => x.score > 0)
        .sort((x, y) => y.score - x.score || (x.c.id < y.c.id ? -1 : 1));
    let ranked = rescore(chunks.keys());
    step("rank");
    const rm3Params = this.options.rm3;
    if (rm3Params && ranked.length > 0) {
      const feedback = ranked.slice(0, rm3Params.fbDocs);
      await loadDfs(
        db,
        cache,
        feedback.flatMap((f) => [...f.c.doc.tf.keys()]),
      );
      step("feedback_df");
      weights = rm3(
        weights,
        feedback.map((f) => ({ doc: f.c.doc, score: f.score })),
        stats,
        rm3Params,
      );
      step("rm3");
      if (rm3Params.secondPass) {
        const expanded: QueryTerm[] = [...weights].map(([term, weight]) => ({
          term,
          weight,
          df: cache.df.get(term) ?? 0,
        }));
        const second = await this.backend.retrieve(db, {
          scope,
          terms: expanded,
          docs,
          avgLen,
          n: depth,
          skip: new Set(chunks.keys()),
          feedback: false,
        });
        load(second.filter((r) => r.tsv !== ""));
        step("second");
      }
      ranked = rescore(chunks.keys());
      step("rerank");
    }
    this.onTimings?.(timings);
    return ranked.slice(0, limit).map(({ c, score }) => toHit(c, score));
  }
}

/** The search index for this database: pg_textsearch's BM25 index where the extension exists, else portable SQL BM25. */
export function createSearchIndex(
  database: Pick<Database, "capabilities">,
  options: RankingOptions = DEFAULT_RANKING,
): SearchIndex {
  return new RankedSearchIndex(
    database.capabilities.pg_textsearch ? pgTextsearchBackend : portableBackend,
    options,
  );
}

export function createPortableSearchIndex(options: RankingOptions = DEFAULT_RANKING): SearchIndex {
  return new RankedSearchIndex(portableBackend, options);
}

export function createPgTextsearchIndex(options: RankingOptions = DEFAULT_RANKING): SearchIndex {
  return new RankedSearchIndex(pgTextsearchBackend, options);
}
