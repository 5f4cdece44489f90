import { endpoints } from "@mnemo/contracts";
import { api } from "@/lib/api";

/** DELETE /api/sources: removes the memories with their content, chunks and files. */
export function deleteSources(sourceIds: string[]): Promise<{ deleted: string[] }> {
  return api.request(endpoints.sources.delete, { body: { source_ids: sourceIds } });
}
