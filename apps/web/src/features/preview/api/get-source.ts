import { endpoints, type Source } from "@mnemo/contracts";
import { api } from "@/lib/api";

/** GET /api/sources/:id. */
export function getSource(id: string, signal?: AbortSignal): Promise<Source> {
  return api.request(endpoints.sources.get, { params: { id }, signal });
}
