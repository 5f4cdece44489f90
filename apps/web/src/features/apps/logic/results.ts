import type { AppSearchResponse, AppSearchResult } from "@mnemo/contracts";

export type ResultSort = "most-relevant" | "recent" | "oldest";

/** All results of an app search, in the chosen order (most relevant = the server's order). */
export function sortedResults(r: AppSearchResponse | undefined, sort: ResultSort): AppSearchResult[] {
  const all = r ? [...r.results.most_relevant_results, ...r.results.other_results] : [];
  if (sort === "recent") return [...all].sort((a, b) => b.timestamp - a.timestamp);
  if (sort === "oldest") return [...all].sort((a, b) => a.timestamp - b.timestamp);
  return all;
}

/** A new search runs only for a non-empty query that differs from the last one (spec 2 §5). */
export function shouldSearch(query: string, last: string | null): boolean {
  const q = query.trim();
  return q.length > 0 && q !== last;
}

/**
 * Whether a result came from the app's own live search (not yet a memory): its id names the
 * account and the item ("account:…:…"), where a synced result's id is its memory's.
 */
export function isLiveResult(r: Pick<AppSearchResult, "id">): boolean {
  return r.id.includes(":");
}
