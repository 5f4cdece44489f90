import { endpoints } from "@mnemo/contracts";
import { api } from "@/lib/api";

/** GET /api/sources/:id: one memory (used for the saved page's real title once indexed). */
export function getSource(id: string, signal?: AbortSignal) {
  return api.request(endpoints.sources.get, { params: { id }, signal });
}
