import { zMindmap } from "@mnemo/contracts/mindmap";
import type { AppEnv } from "../../platform/http/context.ts";
import { createRouter, defineRoute } from "../../platform/http/route.ts";
import { requireAuth, type RequireAuthDeps } from "../../core/auth/middleware.ts";
import { buildMindmap, type MindmapDeps } from "./service.ts";

/** What mindmapRoutes uses of the application context (bootstrap.ts builds it once). */
export type MindmapRouteDeps = RequireAuthDeps & MindmapDeps;

/** Spec 2 §2 `?tab=mindmap`: the graph behind the mind map (a path the spec leaves "not shown"). */
export function mindmapRoutes(ctx: MindmapRouteDeps) {
  const r = createRouter<AppEnv>();
  defineRoute(
    r,
    {
      method: "get",
      path: "/mindmap",
      summary: "The viewer's memories and collections as a graph (membership and shared key terms)",
      tag: "memories",
      response: zMindmap,
    },
    [requireAuth(ctx)],
    async (c) => c.json(await buildMindmap(ctx, c.var.actor)),
  );
  return r;
}
