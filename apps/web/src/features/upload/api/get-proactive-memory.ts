import { endpoints } from "@mnemo/contracts";
import { api } from "@/lib/api";

/** GET /api/upload/proactive_memory?source_id=: a related earlier memory and a question, or 'none'. */
export function getProactiveMemory(sourceId: string, signal?: AbortSignal) {
  return api.request(endpoints.uploads.proactiveMemory, { query: { source_id: sourceId }, signal });
}
