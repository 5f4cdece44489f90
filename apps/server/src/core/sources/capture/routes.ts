import { endpoints } from "@mnemo/contracts";
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

  defineRoute(r, endpoints.uploads.getPresignedUrl, auth, async (c, { body }) =>
    c.json(await uploads.getPresignedUrl(ctx, c.var.actor, body)),
  );

  defineRoute(r, endpoints.uploads.confirmUpload, auth, async (c, { body }) =>
    c.json(await uploads.confirmUpload(ctx, c.var.actor, body)),
  );

  defineRoute(r, endpoints.uploads.webPages, auth, async (c, { body }) =>
    c.json(await webPages.uploadWebPages(ctx, c.var.actor, body)),
  );

  defineRoute(r, endpoints.uploads.fetchPageMetadata, auth, async (c, { body }) =>
    c.json(await webPages.fetchPageMetadata(ctx, body.url)),
  );

  defineRoute(r, endpoints.uploads.verifyIndexing, auth, async (c, { body }) =>
    c.json(await uploads.verifyIndexing(ctx, c.var.actor, body)),
  );

  defineRoute(r, endpoints.uploads.proactiveMemory, auth, async (c, { query }) =>
    c.json(await proactiveMemory(ctx, c.var.actor, query.source_id)),
  );
  return r;
}
