import { endpoints } from "@mnemo/contracts";
import { api } from "@/lib/api";

/** POST /api/upload/verify_indexing: status of each {type, id}. */
export function verifyIndexing(items: { type: string; id: string }[], signal?: AbortSignal) {
  return api.request(endpoints.uploads.verifyIndexing, { body: items, signal });
}
