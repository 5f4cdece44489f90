import { z } from "zod";
import { endpoints, type EndpointSpec } from "@mnemo/contracts";
import type { Actor, PlatformContext } from "../../platform/context.ts";
import type { AppEnv } from "../../platform/http/context.ts";
import { createRouter, defineRoute } from "../../platform/http/route.ts";
import { requireAuth, type RequireAuthDeps } from "../auth/middleware.ts";
import * as service from "./service.ts";
import { indexingLedger, retryFailedOf } from "./ledger.ts";

/** What sourceRoutes uses of the application context (bootstrap.ts builds it once). */
export type SourceRouteDeps = RequireAuthDeps & service.SourcesContext & Pick<PlatformContext, "config">;

/** The wall and everything that opens from it (spec 2 §7 Sources). */
export function sourceRoutes(ctx: SourceRouteDeps) {
  const r = createRouter<AppEnv>();
  const auth = [requireAuth(ctx)];
  const deps = service.sourcesDeps(ctx);

  defineRoute(r, endpoints.sources.list, auth, async (c, { query }) =>
    c.json(await service.listSources(deps, c.var.actor, query)),
  );
  defineRoute(r, endpoints.sources.search, auth, async (c, { body }) =>
    c.json(await service.searchSources(deps, c.var.actor, body)),
  );
  defineRoute(r, endpoints.sources.get, auth, async (c) =>
    c.json(await service.getSource(deps, c.var.actor, c.req.param("id") ?? "")),
  );
  defineRoute(r, endpoints.sources.content, auth, async (c) =>
    c.json(await service.sourceContent(deps, c.var.actor, c.req.param("id") ?? "")),
  );
  defineRoute(r, endpoints.sources.rename, auth, async (c, { body }) =>
    c.json(await service.renameSource(deps, c.var.actor, body.source_id, body.new_title)),
  );
  /** A PUT that changes one thing of a memory and answers `{ success: true }`. */
  const change = <const E extends EndpointSpec & { body: z.ZodType }>(
    endpoint: E,
    apply: (actor: Actor, input: z.infer<E["body"]>) => Promise<unknown>,
  ) =>
    defineRoute(r, endpoint, auth, async (c, { body }) => {
      await apply(c.var.actor, body as z.infer<E["body"]>);
      return c.json({ success: true });
    });
  change(endpoints.sources.updateDescription, (actor, b) =>
    service.updateDescription(deps, actor, b.source_id, b.description),
  );
  change(endpoints.sources.updateNote, (actor, b) => service.updateNote(deps, actor, b.source_id, b.note));
  change(endpoints.sources.pin, (actor, b) => service.pinSource(deps, actor, b.source_id, b.is_pinned));
  defineRoute(r, endpoints.sources.delete, auth, async (c, { body }) =>
    c.json(await service.deleteSources(deps, c.var.actor, body.source_ids)),
  );
  defineRoute(r, endpoints.sources.previewUrls, auth, async (c, { body }) =>
    c.json(await service.previewUrls(deps, c.var.actor, body.items)),
  );
  defineRoute(r, endpoints.sources.retry, auth, async (c) =>
    c.json(await service.retrySource(deps, c.var.actor, c.req.param("id") ?? "")),
  );
  defineRoute(r, endpoints.sources.indexingLedger, auth, async (c, { query }) =>
    c.json(await indexingLedger(deps.db, c.var.actor, query.origin, ctx.config.UPLOAD_LIMIT_MB)),
  );
  defineRoute(r, endpoints.sources.indexingRetryFailed, auth, async (c, { body }) =>
    c.json(await retryFailedOf(deps, c.var.actor, body, ctx.config.UPLOAD_LIMIT_MB)),
  );
  return r;
}
