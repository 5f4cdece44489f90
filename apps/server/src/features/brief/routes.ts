import { endpoints } from "@mnemo/contracts";
import type { AppEnv } from "../../platform/http/context.ts";
import { createRouter, defineRoute } from "../../platform/http/route.ts";
import { requireAuth, type RequireAuthDeps } from "../../core/auth/middleware.ts";
import * as service from "./service.ts";

/** What briefRoutes uses of the application context (bootstrap.ts builds it once). */
export type BriefRouteDeps = RequireAuthDeps & service.BriefDeps;

/** Whole-collection brief and every passage about a query (issue 45). */
export function briefRoutes(ctx: BriefRouteDeps) {
  const r = createRouter<AppEnv>();
  const auth = [requireAuth(ctx)];
  const e = endpoints.brief;

  defineRoute(r, e.get, auth, async (c) =>
    c.json(await service.getBrief(ctx, c.var.actor, c.req.param("id") ?? "")),
  );
  defineRoute(r, e.passages, auth, async (c, { query }) =>
    c.json(await service.findPassages(ctx, c.var.actor, c.req.param("id") ?? "", query.q)),
  );
  defineRoute(r, e.exportPassages, auth, async (c, { query }) => {
    const md = await service.exportPassages(ctx, c.var.actor, c.req.param("id") ?? "", query.q);
    const name =
      query.q
        .replace(/[^\p{L}\p{N}]+/gu, "-")
        .replace(/^-|-$/g, "")
        .slice(0, 60) || "passages";
    return c.body(md, 200, {
      "content-type": "text/markdown; charset=utf-8",
      "content-disposition": `attachment; filename="mnemo-passages-${name}.md"`,
    });
  });
  return r;
}
