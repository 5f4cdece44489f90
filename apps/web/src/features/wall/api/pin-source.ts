import { api } from "@/lib/api";

/** PUT /api/sources/pin. */
export function pinSource(sourceId: string, isPinned: boolean): Promise<unknown> {
  return api.request("/api/sources/pin", {
    method: "PUT",
    body: { source_id: sourceId, is_pinned: isPinned },
  });
}
