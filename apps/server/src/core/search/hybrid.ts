import type { Db } from "../../platform/db/client.ts";
import { denseSearch } from "./dense.ts";
import type { EmbeddingsProvider } from "./embeddings.ts";
import { reciprocalRankFusion } from "./fusion.ts";
import type { SearchHit, SearchIndex, SearchScope } from "./types.ts";

/** Candidates taken from each ranking before fusion (at least the requested limit). */
export const FUSION_DEPTH = 30;

/** A search waits at most this long for its query vector, without retries, then answers BM25 alone. */
export const QUERY_EMBED_TIMEOUT_MS = 5_000;

export type HybridOptions = {
  /** pgvector exists in this database (exact `<=>` scan) — else vectors are scored in TypeScript. */
  pgvector: boolean;
  /** A failed query embedding (provider down): the search answers BM25 alone and reports it here. */
  onDenseError?: (err: unknown) => void;
};

/**
 * BM25 and dense retrieval over the same scope, fused by reciprocal rank fusion (k = 60). The hit
 * score is the fused score. Memories without vectors yet still come through BM25.
 */
export function createHybridSearchIndex(
  lexical: SearchIndex,
  provider: EmbeddingsProvider,
  opts: HybridOptions,
): SearchIndex {
  return {
    name: `${lexical.name}+dense`,
    async search(db: Db, scope: SearchScope, query: string, limit: number): Promise<SearchHit[]> {
      if (limit <= 0) return [];
      const depth = Math.max(limit, FUSION_DEPTH);
      const dense = (async () => {
        if (!query.trim()) return [];
        try {
          const [vector] = await provider.embed([query], {
            maxRetries: 0,
            signal: AbortSignal.timeout(QUERY_EMBED_TIMEOUT_MS),
          });
          return await denseSearch(
            db,
            { pgvector: opts.pgvector, model: provider.id },
            scope,
            vector ?? [],
            depth,
          );
        } catch (err) {
          opts.onDenseError?.(err);
          return [];
        }
      })();
      const [bm25, vectors] = await Promise.all([lexical.search(db, scope, query, depth), dense]);
      return reciprocalRankFusion([bm25, vectors], (h) => h.chunkId)
        .slice(0, limit)
        .map(({ item, score }) => ({ ...item, score }));
    },
  };
}
