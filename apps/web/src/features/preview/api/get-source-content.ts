import { zSourceContent, type SourceContent } from "@mnemo/contracts";
import { api } from "@/lib/api";

/** GET /api/sources/:id/content: what the preview pane renders, or why it cannot. */
export function getSourceContent(id: string, signal?: AbortSignal): Promise<SourceContent> {
  return api.request(`/api/sources/${encodeURIComponent(id)}/content`, { schema: zSourceContent, signal });
}
