import { sql } from "drizzle-orm";
import { queryRows, type Database, type Db } from "../../db/client.ts";
import { pgTextsearchBackend, portableBackend, type Candidate, type CandidateBackend, type QueryTerm } from "./backends.ts";
import { bm25, parseTsvector, rm3, type Bm25Params, type CorpusStats, type DocTerms, type Rm3Params, type TermWeights } from "./rank.ts";
import { SEARCH_CONFIG } from "./setup.ts";
import type { SearchHit, SearchIndex, SearchScope } from "./types.ts";

export type RankingOptions = {
  /** BM25 parameters of the final (TypeScript) scoring. */
  bm25: Bm25Params;
  /** Candidates fetched per stage (at least `limit`). */
  depth: number;
  /** RM3 pseudo-relevance feedback; null turns it off. */
  rm3: Rm3Params | null;
  /** Only chunks holding at least one of the user's own query terms are returned. */
  requireQueryTerm: boolean;
};

/** One set of defaults for every corpus (measured: docs/decisions.md). */
export const DEFAULT_RANKING: RankingOptions = {
  bm25: { k1: 1.5, b: 0.75 },
  depth: 50,
  rm3: { fbDocs: 5, fbTerms: 10, originalWeight: 0.9, maxDfRatio: 0.1 },
  requireQueryTerm: true,
};

type Row = { id: string; source_id: string; ord: number; title: string; heading_path: string; text: string; tsv: string; tokens: number };
type Loaded = Row & { doc: DocTerms };

async function analyse(db: Db, query: string) {
  const rows = await queryRows<{ term: string; qtf: number; df: number | null; docs: number; tokens: number }>(
    db,
    sql`WITH q AS (SELECT lexeme, coalesce(array_length(positions, 1), 1) AS qtf FROM unnest(to_tsvector(${SEARCH_CONFIG}::regconfig, ${query})))
        SELECT q.lexeme AS term, q.qtf, d.df, s.docs, s.tokens
        FROM q LEFT JOIN search_term_df d ON d.term = q.lexeme LEFT JOIN search_stats s ON s.id = 1`,
  );
  const docs = Number(rows[0]?.docs ?? 0);
  const avgLen = docs > 0 ? Number(rows[0].tokens) / docs : 1;
  const terms: QueryTerm[] = rows.map((r) => ({ term: r.term, weight: Number(r.qtf), df: Number(r.df ?? 0) }));
  return { terms, docs, avgLen };
}

async function loadDfs(db: Db, terms: string[], into: Map<string, number>): Promise<void> {
  const missing = [...new Set(terms)].filter((t) => !into.has(t));
  if (missing.length === 0) return;
  const rows = await queryRows<{ term: string; df: number }>(
    db,
    sql`SELECT term, df FROM search_term_df WHERE term = ANY(${sql`ARRAY[${sql.join(
      missing.map((t) => sql`${t}`),
      sql`, `,
    )}]::text[]`})`,
  );
  for (const t of missing) into.set(t, 0);
  for (const r of rows) into.set(r.term, Number(r.df));
}

async function loadChunks(db: Db, ids: string[], into: Map<string, Loaded>): Promise<void> {
  const missing = ids.filter((id) => !into.has(id));
  if (missing.length === 0) return;
  const rows = await queryRows<Row>(
    db,
    sql`SELECT id, source_id, ord, title, heading_path, text, coalesce(tsv, ''::tsvector)::text AS tsv, tokens
        FROM chunk WHERE id = ANY(${sql`ARRAY[${sql.join(
          missing.map((id) => sql`${id}`),
          sql`, `,
        )}]::text[]`})`,
  );
  for (const r of rows) into.set(r.id, { ...r, doc: parseTsvector(r.tsv) });
}

/** BM25 candidates from `backend`, re-ranked in TypeScript with exact BM25 and RM3 expansion. */
export class RankedSearchIndex implements SearchIndex {
  readonly name: string;
  constructor(
    private readonly backend: CandidateBackend,
    private readonly options: RankingOptions = DEFAULT_RANKING,
  ) {
    this.name = backend.name;
  }

  async search(db: Db, scope: SearchScope, query: string, limit: number): Promise<SearchHit[]> {
    if (limit <= 0 || !query.trim()) return [];
    const { terms, docs, avgLen } = await analyse(db, query);
    if (terms.length === 0 || docs === 0) return [];
    const dfs = new Map(terms.map((t) => [t.term, t.df]));
    const stats: CorpusStats = { docs, avgLen, df: (t) => dfs.get(t) ?? 0 };
    const depth = Math.max(limit, this.options.depth);
    const params = this.options.bm25;
    const chunks = new Map<string, Loaded>();
    const first = await this.backend.retrieve(db, { scope, text: query, terms, docs, avgLen, n: depth });
    await loadChunks(db, first.map((c) => c.id), chunks);
    let weights: TermWeights = new Map(terms.map((t) => [t.term, t.weight]));
    const rescore = (cands: Iterable<string>) =>
      [...cands]
        .map((id) => chunks.get(id))
        .filter((c): c is Loaded => c !== undefined)
        .filter((c) => !this.options.requireQueryTerm || terms.some((t) => c.doc.tf.has(t.term)))
        .map((c) => ({ c, score: bm25(weights, c.doc, c.tokens, stats, params) }))
        .filter((x) => x.score > 0)
        .sort((x, y) => y.score - x.score || (x.c.id < y.c.id ? -1 : 1));
    let ranked = rescore(first.map((c) => c.id));
    const rm3Params = this.options.rm3;
    if (rm3Params && ranked.length > 0) {
      const feedback = ranked.slice(0, rm3Params.fbDocs);
      await loadDfs(db, feedback.flatMap((f) => [...f.c.doc.tf.keys()]), dfs);
      weights = rm3(weights, feedback.map((f) => ({ doc: f.c.doc, score: f.score })), stats, rm3Params);
      const expanded: QueryTerm[] = [...weights].map(([term, weight]) => ({ term, weight, df: dfs.get(term) ?? 0 }));
      const extra = expanded.filter((t) => !terms.some((q) => q.term === t.term)).map((t) => t.term);
      const second: Candidate[] = await this.backend.retrieve(db, {
        scope,
        text: `${query} ${extra.join(" ")}`,
        terms: expanded,
        docs,
        avgLen,
        n: depth,
      });
      await loadChunks(db, second.map((c) => c.id), chunks);
      ranked = rescore(new Set([...first, ...second].map((c) => c.id)));
    }
    return ranked.slice(0, limit).map(({ c, score }) => ({
      chunkId: c.id,
      sourceId: c.source_id,
      ord: Number(c.ord),
      title: c.title,
      headingPath: c.heading_path,
      text: c.text,
      score,
    }));
  }
}

/** The search index for this database: pg_textsearch's BM25 index where the extension exists, else portable SQL BM25. */
export function createSearchIndex(database: Pick<Database, "capabilities">, options: RankingOptions = DEFAULT_RANKING): SearchIndex {
  return new RankedSearchIndex(database.capabilities.pg_textsearch ? pgTextsearchBackend : portableBackend, options);
}

export function createPortableSearchIndex(options: RankingOptions = DEFAULT_RANKING): SearchIndex {
  return new RankedSearchIndex(portableBackend, options);
}

export function createPgTextsearchIndex(options: RankingOptions = DEFAULT_RANKING): SearchIndex {
  return new RankedSearchIndex(pgTextsearchBackend, options);
}
