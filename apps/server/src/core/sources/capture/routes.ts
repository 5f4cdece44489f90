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
} from "@mnemo/contracts";
import type { AppEnv } from "../../../platform/http/context.ts";
import { createRouter, defineRoute } from "../../../platform/http/route.ts";
import { requireAuth, type RequireAuthDeps } from "../../auth/middleware.ts";
import * as uploads from "./uploads-service.ts";
import type { UploadDeps } from "./uploads-service.ts";
import type { WebPageDeps } from "./web-pages-service.ts";
import * as webPages from "./web-pages-service.ts";
import { proactiveMemory } from "../proactive.ts";

/** What ingestRoutes uses of the application context (bootstrap.ts builds it once). */
export type IngestRouteDeps = RequireAuthDeps & UploadDeps & WebPageDeps;

/** Spec 2 §7 Uploads and Indexing. Paths the spec does not show are designed in its style. */
export function ingestRoutes(ctx: IngestRouteDeps) {
  const r = createRouter<AppEnv>();
  const auth = [requireAuth(ctx)];
  const tag = "uploads";

  defineRoute(
    r,
    {
      method: "post",
      path: "/upload/get_presigned_url",
      summary: "Get an upload location (presigned PUT URL and file key)",
      tag,
      body: zGetPresignedUrlInput,
      response: zGetPresignedUrlResponse,
    },
    auth,
    async (c, { body }) => c.json(await uploads.getPresignedUrl(ctx, c.var.actor, body)),
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/upload/confirm_upload",
      summary: "Confirm an upload: creates the memory and starts indexing",
      tag,
      body: zConfirmUploadInput,
      response: zConfirmUploadResponse,
    },
    auth,
    async (c, { body }) => c.json(await uploads.confirmUpload(ctx, c.var.actor, body)),
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/upload/web_pages",
      summary: "Save links as memories",
      tag,
      body: zUploadWebPagesInput,
      response: zUploadWebPagesResponse,
    },
    auth,
    async (c, { body }) => c.json(await webPages.uploadWebPages(ctx, c.var.actor, body)),
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/upload/fetch_page_metadata",
      summary: "Title and description of a web page",
      tag,
      body: zFetchPageMetadataInput,
      response: zFetchPageMetadataResponse,
    },
    auth,
    async (c, { body }) => c.json(await webPages.fetchPageMetadata(ctx, body.url)),
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/upload/verify_indexing",
      summary: "Indexing status of a list of memories",
      tag: "indexing",
      body: zVerifyIndexingInput,
      response: zVerifyIndexingResponse,
    },
    auth,
    async (c, { body }) => c.json(await uploads.verifyIndexing(ctx, c.var.actor, body)),
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/upload/proactive_memory",
      summary: "A related earlier memory and a question about it",
      tag,
      query: zProactiveMemoryQuery,
      response: zProactiveMemoryResponse,
    },
    auth,
    async (c, { query }) => c.json(await proactiveMemory(ctx, c.var.actor, query.source_id)),
  );
  return r;
}
