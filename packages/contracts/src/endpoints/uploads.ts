import {
  zConfirmUploadInput,
  zConfirmUploadResponse,
  zFetchPageMetadataInput,
  zFetchPageMetadataResponse,
  zGetPresignedUrlInput,
  zGetPresignedUrlResponse,
  zProactiveMemoryQuery,
  zProactiveMemoryResponse,
  zUploadWebPagesInput,
  zUploadWebPagesResponse,
  zVerifyIndexingInput,
  zVerifyIndexingResponse,
} from "../uploads.ts";
import { endpoint } from "./endpoint.ts";

const tag = "uploads";

/** Spec 2 §7 Uploads and Indexing. Paths the spec does not show are designed in its style. */
export const uploads = {
  getPresignedUrl: endpoint({
    method: "post",
    path: "/upload/get_presigned_url",
    summary: "Get an upload location (presigned PUT URL and file key)",
    tag,
    body: zGetPresignedUrlInput,
    response: zGetPresignedUrlResponse,
  }),
  confirmUpload: endpoint({
    method: "post",
    path: "/upload/confirm_upload",
    summary: "Confirm an upload: creates the memory and starts indexing",
    tag,
    body: zConfirmUploadInput,
    response: zConfirmUploadResponse,
  }),
  webPages: endpoint({
    method: "post",
    path: "/upload/web_pages",
    summary: "Save links as memories",
    tag,
    body: zUploadWebPagesInput,
    response: zUploadWebPagesResponse,
  }),
  fetchPageMetadata: endpoint({
    method: "post",
    path: "/upload/fetch_page_metadata",
    summary: "Title and description of a web page",
    tag,
    body: zFetchPageMetadataInput,
    response: zFetchPageMetadataResponse,
  }),
  verifyIndexing: endpoint({
    method: "post",
    path: "/upload/verify_indexing",
    summary: "Indexing status of a list of memories",
    tag: "indexing",
    body: zVerifyIndexingInput,
    response: zVerifyIndexingResponse,
  }),
  proactiveMemory: endpoint({
    method: "get",
    path: "/upload/proactive_memory",
    summary: "A related earlier memory and a question about it",
    tag,
    query: zProactiveMemoryQuery,
    response: zProactiveMemoryResponse,
  }),
};
