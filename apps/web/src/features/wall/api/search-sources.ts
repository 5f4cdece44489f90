import { endpoints, type SearchSourcesInput, type SearchSourcesResult } from "@mnemo/contracts";
import { api } from "@/lib/api";

/** POST /api/sources/search: fuzzy fields and content (spec 2 §7 Search memories). */
export function searchSources(input: SearchSourcesInput, signal?: AbortSignal): Promise<SearchSourcesResult> {
  return api.request(endpoints.sources.search, { body: input, signal });
}
