import { endpoints } from "@mnemo/contracts";
import { api } from "@/lib/api";

/** PUT /api/sources/pin. */
export function pinSource(sourceId: string, isPinned: boolean): Promise<unknown> {
  return api.request(endpoints.sources.pin, { body: { source_id: sourceId, is_pinned: isPinned } });
}
