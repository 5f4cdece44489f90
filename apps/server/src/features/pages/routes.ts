import { endpoints } from "@mnemo/contracts";
import { z } from "zod";
import type { AppEnv } from "../../platform/http/context.ts";
import { createRouter, defineRoute } from "../../platform/http/route.ts";
import { requireAuth, type RequireAuthDeps } from "../../core/auth/middleware.ts";
import { conversionRefused, markdownToBlocks } from "./blocknote.ts";
import * as service from "./service.ts";
import type { PageDeps } from "./service.ts";

const zId = z.string().min(1).max(100);

/** What pageRoutes uses of the application context (bootstrap.ts builds it once). */
export type PageRouteDeps = RequireAuthDeps & PageDeps;

export function pageRoutes(ctx: PageRouteDeps) {
  const r = createRouter<AppEnv>();
  const auth = [requireAuth(ctx)];

  defineRoute(r, endpoints.pages.parseMarkdown, auth, async (c, { body }) =>
    c.json({
      blocks: await markdownToBlocks(body.markdown, ctx.config.PARSE_TIMEOUT_MS).catch(conversionRefused),
    }),
  );

  defineRoute(r, endpoints.pages.create, auth, async (c, { body }) =>
    c.json(await service.createPage(ctx, c.var.actor, body)),
  );

  defineRoute(r, endpoints.pages.update, auth, async (c, { body }) =>
    c.json(await service.updatePage(ctx, c.var.actor, zId.parse(c.req.param("id")), body)),
  );

  defineRoute(r, endpoints.pages.get, auth, async (c) =>
    c.json(await service.getPage(ctx, c.var.actor, zId.parse(c.req.param("id")))),
  );
  return r;
}
