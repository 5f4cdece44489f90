import { z } from "zod";
import { api } from "@/lib/api";

/** DELETE /api/sources: removes the memories with their content, chunks and files. */
export function deleteSources(sourceIds: string[]): Promise<{ deleted: string[] }> {
  return api.request("/api/sources", {
    method: "DELETE",
    body: { source_ids: sourceIds },
    schema: z.object({ deleted: z.array(z.string()) }),
  });
}
