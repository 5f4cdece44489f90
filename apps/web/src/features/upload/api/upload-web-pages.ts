import { constants, endpoints } from "@mnemo/contracts";
import { api } from "@/lib/api";

export interface WebPageToSave {
  link: string;
  note?: string;
  title?: string;
  description?: string;
  content?: string;
}

/** POST /api/upload/web_pages: saves links as memories; one result per link. */
export async function uploadWebPages(pages: WebPageToSave[], collectionId?: string, signal?: AbortSignal) {
  const body = {
    web_pages: pages.map((p) => ({
      link: p.link,
      note: p.note ?? "",
      title: p.title ?? "",
      description: p.description ?? "",
      content: p.content ?? "",
      upload_source: constants.links.uploadSource,
    })),
    collectionId: collectionId ?? null,
  };
  const res = await api.request(endpoints.uploads.webPages, { body, signal });
  return res.web_pages;
}
