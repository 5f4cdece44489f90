import { zSource, type Source } from "@mnemo/contracts";
import { api } from "@/lib/api";

/** GET /api/sources/:id. */
export function getSource(id: string, signal?: AbortSignal): Promise<Source> {
  return api.request(`/api/sources/${encodeURIComponent(id)}`, { schema: zSource, signal });
}
