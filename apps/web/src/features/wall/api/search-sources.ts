import { zSearchSourcesResult, type SearchSourcesInput, type SearchSourcesResult } from "@mnemo/contracts";
import { api } from "@/lib/api";

/** POST /api/sources/search: fuzzy fields and content (spec 2 §7 Search memories). */
export function searchSources(input: SearchSourcesInput, signal?: AbortSignal): Promise<SearchSourcesResult> {
  return api.request("/api/sources/search", {
    method: "POST",
    body: input,
    schema: zSearchSourcesResult,
    signal,
  });
}
