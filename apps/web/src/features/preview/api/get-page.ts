import { endpoints } from "@mnemo/contracts";
import { api } from "@/lib/api";

/** GET /api/pages/:id: a page memory's title, blocks and Markdown. */
export function getPage(id: string, signal?: AbortSignal) {
  return api.request(endpoints.pages.get, { params: { id }, signal });
}
