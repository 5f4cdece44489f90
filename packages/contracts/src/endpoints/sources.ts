import {
  zDeleteSourcesInput,
  zDeleteSourcesResponse,
  zListSourcesQuery,
  zPinSourceInput,
  zPreviewUrls,
  zPreviewUrlsInput,
  zRenameSourceInput,
  zRetrySourceResponse,
  zSearchSourcesInput,
  zSearchSourcesResult,
  zSource,
  zSourceContent,
  zSourceList,
  zUpdateDescriptionInput,
  zUpdateNoteInput,
} from "../sources.ts";
import { endpoint } from "./endpoint.ts";

const tag = "sources";

/** The wall and everything that opens from it (spec 2 §7 Sources). */
export const sources = {
  list: endpoint({
    method: "get",
    path: "/sources",
    summary: "List memories of a wall tab (paged)",
    tag,
    query: zListSourcesQuery,
    response: zSourceList,
  }),
  search: endpoint({
    method: "post",
    path: "/sources/search",
    summary: "Search memories (fuzzy fields + content)",
    tag,
    body: zSearchSourcesInput,
    response: zSearchSourcesResult,
  }),
  get: endpoint({ method: "get", path: "/sources/:id", summary: "One memory", tag, response: zSource }),
  content: endpoint({
    method: "get",
    path: "/sources/:id/content",
    summary: "Preview content of a memory",
    tag,
    response: zSourceContent,
  }),
  rename: endpoint({
    method: "put",
    path: "/sources/rename",
    summary: "Rename a memory (extension kept for files)",
    tag,
    body: zRenameSourceInput,
  }),
  updateDescription: endpoint({
    method: "put",
    path: "/sources/description",
    summary: "Update a memory's description",
    tag,
    body: zUpdateDescriptionInput,
  }),
  updateNote: endpoint({
    method: "put",
    path: "/sources/note",
    summary: "Update a memory's note",
    tag,
    body: zUpdateNoteInput,
  }),
  pin: endpoint({
    method: "put",
    path: "/sources/pin",
    summary: "Pin or unpin a memory",
    tag,
    body: zPinSourceInput,
  }),
  delete: endpoint({
    method: "delete",
    path: "/sources",
    summary: "Delete memories with their content, chunks and files",
    tag,
    body: zDeleteSourcesInput,
    response: zDeleteSourcesResponse,
  }),
  previewUrls: endpoint({
    method: "post",
    path: "/sources/preview_urls",
    summary: "Signed preview URLs for images and canvases",
    tag,
    body: zPreviewUrlsInput,
    response: zPreviewUrls,
  }),
  retry: endpoint({
    method: "post",
    path: "/sources/:id/retry",
    summary: "Index a failed memory again",
    tag,
    response: zRetrySourceResponse,
  }),
};
