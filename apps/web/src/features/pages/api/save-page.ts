import { zPage, type SavePageInput } from "@mnemo/contracts";
import { api } from "@/lib/api";

/** POST /api/pages (new) or PUT /api/pages/:id (update): saves a page memory; it is (re)indexed. */
export function savePage(input: Partial<SavePageInput> & { title: string; blocks: unknown[] }, id?: string) {
  return api.request(id ? `/api/pages/${encodeURIComponent(id)}` : "/api/pages", {
    method: id ? "PUT" : "POST",
    body: { collections: [], ...input },
    schema: zPage,
  });
}
