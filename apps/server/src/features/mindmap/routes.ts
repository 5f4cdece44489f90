import { endpoints } from "@mnemo/contracts";
import type { AppEnv } from "../../platform/http/context.ts";
import { createRouter, defineRoute } from "../../platform/http/route.ts";
import { requireAuth, type RequireAuthDeps } from "../../core/auth/middleware.ts";
import { buildMindmap, type MindmapDeps } from "./service.ts";

/** What mindmapRoutes uses of the application context (bootstrap.ts builds it once). */
export type MindmapRouteDeps = RequireAuthDeps & MindmapDeps;

/** Spec 2 §2 `?tab=mindmap`: the graph behind the mind map (a path the spec leaves "not shown"). */
export function mindmapRoutes(ctx: MindmapRouteDeps) {
  const r = createRouter<AppEnv>();
  defineRoute(r, endpoints.mindmap.get, [requireAuth(ctx)], async (c) =>
    c.json(await buildMindmap(ctx, c.var.actor)),
  );
  return r;
}
