import { endpoints } from "@mnemo/contracts";
import { api } from "@/lib/api";

/** POST /api/upload/fetch_page_metadata: a page's title and description. */
export function fetchPageMetadata(url: string, signal?: AbortSignal) {
  return api.request(endpoints.uploads.fetchPageMetadata, { body: { url }, signal });
}
