import type { AppSearchResponse, AppSearchResult } from "@mnemo/contracts";

export type ResultSort = "most-relevant" | "recent" | "oldest";

/** All results of an app search, in the chosen order (most relevant = the server's order). */
export function sortedResults(r: AppSearchResponse | undefined, sort: ResultSort): AppSearchResult[] {
  const all = r ? [...r.results.most_relevant_results, ...r.results.other_results] : [];
  if (sort === "recent") return [...all].sort((a, b) => b.timestamp - a.timestamp);
  if (sort === "oldest") return [...all].sort((a, b) => a.timestamp - b.timestamp);
  return all;
}

/**
 * The results of several apps searched at once (the apps filter), as one list: by time for
 * Recent and Oldest; for Most relevant each app's best first, then each app's second, … (every
 * app ranks its own results, so ranks are comparable only within an app).
 */
export function mergedResults(responses: readonly AppSearchResponse[], sort: ResultSort): AppSearchResult[] {
  const lists = responses.map((r) => sortedResults(r, sort));
  if (sort !== "most-relevant") return lists.flat().sort(byTime(sort));
  const out: AppSearchResult[] = [];
  for (let i = 0; lists.some((l) => i < l.length); i++) for (const l of lists) if (l[i]) out.push(l[i]!);
  return out;
}

const byTime = (sort: ResultSort) => (a: AppSearchResult, b: AppSearchResult) =>
  sort === "oldest" ? a.timestamp - b.timestamp : b.timestamp - a.timestamp;

/** A new search runs only for a non-empty query that differs from the last one (spec 2 §5). */
export function shouldSearch(query: string, last: string | null): boolean {
  const q = query.trim();
  return q.length > 0 && q !== last;
}

/** The apps a search asks: the chosen ones, or every connected app when none is chosen (Clear). */
export function appsToSearch(chosen: readonly string[], connected: readonly string[]): string[] {
  return chosen.length ? [...chosen] : [...connected];
}

const appList = new Intl.ListFormat("en", { style: "long", type: "conjunction" });

/** The searched apps' names as one phrase ("Gmail", "Gmail and Notion", "Gmail, Notion and Slack"). */
export function appNames(names: readonly string[]): string {
  return appList.format([...new Set(names)]);
}

/**
 * Whether a result came from the app's own live search (not yet a memory): its id names the
 * account and the item ("account:…:…"), where a synced result's id is its memory's.
 */
export function isLiveResult(r: Pick<AppSearchResult, "id">): boolean {
  return r.id.includes(":");
}
