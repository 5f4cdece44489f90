import { z } from "zod";
import {
  zDeleteSourcesInput,
  zListSourcesQuery,
  zPinSourceInput,
  zPreviewUrls,
  zPreviewUrlsInput,
  zRenameSourceInput,
  zSearchSourcesInput,
  zSearchSourcesResult,
  zSource,
  zSourceContent,
  zSourceList,
  zUpdateDescriptionInput,
  zUpdateNoteInput,
} from "@mnemo/contracts";
import type { Actor } from "../../platform/context.ts";
import type { AppEnv } from "../../platform/http/context.ts";
import { createRouter, defineRoute } from "../../platform/http/route.ts";
import { requireAuth, type RequireAuthDeps } from "../auth/middleware.ts";
import * as service from "./service.ts";

/** What sourceRoutes uses of the application context (bootstrap.ts builds it once). */
export type SourceRouteDeps = RequireAuthDeps &
  service.SourcesContext;

/** The wall and everything that opens from it (spec 2 §7 Sources). */
export function sourceRoutes(ctx: SourceRouteDeps) {
  const r = createRouter<AppEnv>();
  const auth = [requireAuth(ctx)];
  const deps = service.sourcesDeps(ctx);
  const tag = "sources";

  defineRoute(
    r,
    {
      method: "get",
      path: "/sources",
      summary: "List memories of a wall tab (paged)",
      tag,
      query: zListSourcesQuery,
      response: zSourceList,
    },
    auth,
    async (c, { query }) => c.json(await service.listSources(deps, c.var.actor, query)),
  );
  defineRoute(
    r,
    {
      method: "post",
      path: "/sources/search",
      summary: "Search memories (fuzzy fields + content)",
      tag,
      body: zSearchSourcesInput,
      response: zSearchSourcesResult,
    },
    auth,
    async (c, { body }) => c.json(await service.searchSources(deps, c.var.actor, body)),
  );
  defineRoute(
    r,
    { method: "get", path: "/sources/:id", summary: "One memory", tag, response: zSource },
    auth,
    async (c) => c.json(await service.getSource(deps, c.var.actor, c.req.param("id") ?? "")),
  );
  defineRoute(
    r,
    {
      method: "get",
      path: "/sources/:id/content",
      summary: "Preview content of a memory",
      tag,
      response: zSourceContent,
    },
    auth,
    async (c) => c.json(await service.sourceContent(deps, c.var.actor, c.req.param("id") ?? "")),
  );
  defineRoute(
    r,
    {
      method: "put",
      path: "/sources/rename",
      summary: "Rename a memory (extension kept for files)",
      tag,
      body: zRenameSourceInput,
    },
    auth,
    async (c, { body }) =>
      c.json(await service.renameSource(deps, c.var.actor, body.source_id, body.new_title)),
  );
  /** A PUT that changes one thing of a memory and answers `{ success: true }`. */
  const change = <B extends z.ZodType>(
    path: string,
    summary: string,
    body: B,
    apply: (actor: Actor, input: z.infer<B>) => Promise<unknown>,
  ) =>
    defineRoute(r, { method: "put", path, summary, tag, body }, auth, async (c, { body: input }) => {
      await apply(c.var.actor, input as z.infer<B>);
      return c.json({ success: true });
    });
  change("/sources/description", "Update a memory's description", zUpdateDescriptionInput, (actor, b) =>
    service.updateDescription(deps, actor, b.source_id, b.description),
  );
  change("/sources/note", "Update a memory's note", zUpdateNoteInput, (actor, b) =>
    service.updateNote(deps, actor, b.source_id, b.note),
  );
  change("/sources/pin", "Pin or unpin a memory", zPinSourceInput, (actor, b) =>
    service.pinSource(deps, actor, b.source_id, b.is_pinned),
  );
  defineRoute(
    r,
    {
      method: "delete",
      path: "/sources",
      summary: "Delete memories with their content, chunks and files",
      tag,
      body: zDeleteSourcesInput,
      response: z.object({ deleted: z.array(z.string()) }),
    },
    auth,
    async (c, { body }) => c.json(await service.deleteSources(deps, c.var.actor, body.source_ids)),
  );
  defineRoute(
    r,
    {
      method: "post",
      path: "/sources/preview_urls",
      summary: "Signed preview URLs for images and canvases",
      tag,
      body: zPreviewUrlsInput,
      response: zPreviewUrls,
    },
    auth,
    async (c, { body }) => c.json(await service.previewUrls(deps, c.var.actor, body.items)),
  );
  defineRoute(
    r,
    {
      method: "post",
      path: "/sources/:id/retry",
      summary: "Index a failed memory again",
      tag,
      response: z.object({ source_id: z.string(), status: z.literal("in_progress") }),
    },
    auth,
    async (c) => c.json(await service.retrySource(deps, c.var.actor, c.req.param("id") ?? "")),
  );
  return r;
}
