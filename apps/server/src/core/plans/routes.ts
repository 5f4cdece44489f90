import { z } from "zod";
import { zSetUserPlanInput, zUserPlan, zUserStats, zUserStatsQuery } from "@mnemo/contracts";
import type { PlatformContext } from "../../platform/context.ts";
import type { AppEnv } from "../../platform/http/context.ts";
import { createRouter, defineRoute } from "../../platform/http/route.ts";
import { requireAuth, type RequireAuthDeps } from "../auth/middleware.ts";
import * as service from "./service.ts";

const zSetUserPlanResponse = z.object({ success: z.literal(true), email: z.string(), plan: z.string() });

/** What planRoutes uses of the application context (bootstrap.ts builds it once). */
export type PlanRouteDeps = RequireAuthDeps & Pick<PlatformContext, "database">;

/** Plan state, daily usage and the administrators' plan switch (spec 1 §3, spec 3 §3, §6, §7). */
export function planRoutes(ctx: PlanRouteDeps) {
  const r = createRouter<AppEnv>();
  const auth = [requireAuth(ctx)];
  const db = ctx.database.db;

  defineRoute(
    r,
    {
      method: "get",
      path: "/user/plan",
      summary: "The signed-in user's plan, admin flags, subscription status and limits",
      tag: "plans",
      response: zUserPlan,
    },
    auth,
    async (c) => c.json(await service.getUserPlan(db, c.var.actor)),
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/user/stats",
      summary:
        "Today's usage (qna, web, apps, agent, file_upload) against the plan's limits when needDailyStats=true; owned collections",
      tag: "plans",
      query: zUserStatsQuery,
      response: zUserStats,
    },
    auth,
    async (c, { query }) =>
      c.json(
        await service.getUserStats(db, c.var.actor, {
          needDailyStats: query.needDailyStats === "true",
          userSystemDate: query.user_system_date,
        }),
      ),
  );

  defineRoute(
    r,
    {
      method: "put",
      path: "/admin/user_plan",
      summary: "Set a user's plan (site administrators only)",
      tag: "plans",
      body: zSetUserPlanInput,
      response: zSetUserPlanResponse,
    },
    auth,
    async (c, { body }) => {
      await service.requireSiteAdmin(db, c.var.actor);
      await service.setUserPlan(db, body.email, body.plan);
      return c.json({ success: true as const, email: body.email, plan: body.plan });
    },
  );
  return r;
}
