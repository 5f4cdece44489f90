import { endpoints, type SavePageInput } from "@mnemo/contracts";
import { api } from "@/lib/api";

/** POST /api/pages (new) or PUT /api/pages/:id (update): saves a page memory; it is (re)indexed. */
export function savePage(input: Partial<SavePageInput> & { title: string; blocks: unknown[] }, id?: string) {
  const body = { collections: [], ...input };
  return id
    ? api.request(endpoints.pages.update, { params: { id }, body })
    : api.request(endpoints.pages.create, { body });
}
