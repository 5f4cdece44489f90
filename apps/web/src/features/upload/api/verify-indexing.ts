import { zVerifyIndexingResponse } from "@mnemo/contracts";
import { api } from "@/lib/api";

/** POST /api/upload/verify_indexing: status of each {type, id}. */
export function verifyIndexing(items: { type: string; id: string }[], signal?: AbortSignal) {
  return api.request("/api/upload/verify_indexing", {
    method: "POST",
    body: items,
    schema: zVerifyIndexingResponse,
    signal,
  });
}
