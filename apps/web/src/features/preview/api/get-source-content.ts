import { endpoints, type SourceContent } from "@mnemo/contracts";
import { api } from "@/lib/api";

/** GET /api/sources/:id/content: what the preview pane renders, or why it cannot. */
export function getSourceContent(id: string, signal?: AbortSignal): Promise<SourceContent> {
  return api.request(endpoints.sources.content, { params: { id }, signal });
}
