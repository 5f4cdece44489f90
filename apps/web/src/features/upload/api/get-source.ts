import { zSource } from "@mnemo/contracts";
import { api } from "@/lib/api";

/** GET /api/sources/:id: one memory (used for the saved page's real title once indexed). */
export function getSource(id: string, signal?: AbortSignal) {
  return api.request(`/api/sources/${encodeURIComponent(id)}`, { schema: zSource, signal });
}
