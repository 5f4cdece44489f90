import Fuse from "fuse.js";
import { search as searchConstants } from "@mnemo/contracts/constants";
import type { Source } from "@mnemo/contracts";

type Searchable = Pick<Source, "id" | "title" | "note" | "description" | "url">;

/**
 * Instant, client-side fuzzy matches over the memories already loaded: the spec's threshold 0.4
 * over title, note, description and url, best first ('tesal' finds 'Tesla').
 */
export function fuzzyMatch<T extends Searchable>(items: readonly T[], query: string): T[] {
  const q = query.trim();
  if (!q) return [];
  const fuse = new Fuse(items, {
    keys: [...searchConstants.fuzzyKeys],
    threshold: searchConstants.fuzzyThreshold,
    ignoreLocation: true,
    includeScore: true,
  });
  return fuse.search(q).map((r) => r.item);
}

/**
 * Search results as shown: the server's answer (fuzzy fields and content) in its order, then
 * the instant local matches it did not return. While the server has not answered (`server`
 * null) the local matches stand alone. A memory appears once; the server's copy is fresher.
 */
export function mergeSearchResults<T extends { id: string }>(
  local: readonly T[],
  server: readonly T[] | null,
): T[] {
  if (!server) return [...local];
  const seen = new Set(server.map((s) => s.id));
  return [...server, ...local.filter((l) => !seen.has(l.id))];
}
