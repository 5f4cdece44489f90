import { endpoints } from "@mnemo/contracts";
import type { MiddlewareHandler } from "hono";
import type { PlatformContext } from "../../platform/context.ts";
import type { AppEnv } from "../../platform/http/context.ts";
import { OPERATOR_HEADER, type OperatorKey } from "../../platform/lib/operator.ts";
import { createRouter, defineRoute } from "../../platform/http/route.ts";
import { requireAuth, type RequireAuthDeps } from "../auth/middleware.ts";
import * as service from "./service.ts";
import * as site from "./site.ts";

/** What planRoutes uses of the application context (bootstrap.ts builds it once). */
export type PlanRouteDeps = RequireAuthDeps &
  Pick<PlatformContext, "database" | "config"> & { operator: OperatorKey };

/** Plan state, daily usage and the administrators' plan switch (spec 1 §3, spec 3 §3, §6, §7). */
export function planRoutes(ctx: PlanRouteDeps) {
  const r = createRouter<AppEnv>();
  const auth = [requireAuth(ctx)];
  const db = ctx.database.db;
  // The operator commands (mnemo set-plan …) send the operator key; anyone else must be a
  // signed-in site administrator.
  const adminOrOperator: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (ctx.operator.verify(c.req.header(OPERATOR_HEADER))) return next();
    return requireAuth(ctx)(c, async () => {
      await service.requireSiteAdmin(db, c.var.actor);
      await next();
    });
  };

  defineRoute(r, endpoints.plans.getUserPlan, auth, async (c) =>
    c.json(await service.getUserPlan(db, c.var.actor)),
  );

  defineRoute(r, endpoints.plans.getUserStats, auth, async (c, { query }) =>
    c.json(
      await service.getUserStats(db, c.var.actor, {
        needDailyStats: query.needDailyStats === "true",
        userSystemDate: query.user_system_date,
      }),
    ),
  );

  defineRoute(r, endpoints.plans.siteSupport, auth, async (c) =>
    c.json(await site.siteSupport(db, ctx.config)),
  );

  defineRoute(r, endpoints.plans.setUserPlan, [adminOrOperator], async (c, { body }) => {
    await service.setUserPlan(db, body.email, body.plan);
    return c.json({ success: true as const, email: body.email, plan: body.plan });
  });

  defineRoute(r, endpoints.plans.listSiteUsers, [adminOrOperator], async (c) =>
    c.json(await site.listSiteUsers(db, ctx.config.DEFAULT_PLAN)),
  );

  defineRoute(r, endpoints.plans.setDefaultPlan, [adminOrOperator], async (c, { body }) => {
    await site.setDefaultPlan(db, body.plan);
    return c.json({ success: true as const, default_plan: body.plan });
  });

  defineRoute(r, endpoints.plans.setSiteAdmin, [adminOrOperator], async (c, { body }) => {
    await site.setSiteAdmin(db, body.email, body.is_admin);
    return c.json({ success: true as const, email: body.email, is_admin: body.is_admin });
  });
  return r;
}
