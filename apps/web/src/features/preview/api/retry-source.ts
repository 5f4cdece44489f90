import { endpoints } from "@mnemo/contracts";
import { api } from "@/lib/api";

/** POST /api/sources/:id/retry: index a failed memory again (owner only; 409 when it has not failed). */
export function retrySource(id: string): Promise<{ source_id: string; status: "in_progress" }> {
  return api.request(endpoints.sources.retry, { params: { id } });
}
