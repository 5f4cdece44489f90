import { endpoints } from "@mnemo/contracts";
import type { MiddlewareHandler } from "hono";
import type { PlatformContext } from "../../platform/context.ts";
import type { OperatorKey } from "./operator.ts";
import type { AppEnv } from "../../platform/http/context.ts";
import { createRouter, defineRoute } from "../../platform/http/route.ts";
import { requireAuth, type RequireAuthDeps } from "../../core/auth/middleware.ts";
import { requireSiteAdmin } from "../../core/plans/service.ts";
import { OPERATOR_HEADER } from "./operator.ts";
import * as service from "./service.ts";

/** What noticeRoutes uses of the application context (bootstrap.ts builds it once). */
export type NoticeRouteDeps = RequireAuthDeps &
  Pick<PlatformContext, "database" | "events" | "webVersion" | "config"> & { operator: OperatorKey };

/**
 * Notices (spec 3 §2, §4, §7): announcements for every user, published by a site administrator
 * or the operator command (`mnemo announce`), and the web build's version for the update banner.
 */
export function noticeRoutes(ctx: NoticeRouteDeps) {
  const r = createRouter<AppEnv>();
  const db = ctx.database.db;
  const deps = { db, events: ctx.events };
  const auth = requireAuth(ctx);
  // The operator command sends its key; anyone else must be a signed-in site administrator.
  const adminOrOperator: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (ctx.operator.verify(c.req.header(OPERATOR_HEADER))) return next();
    return auth(c, async () => {
      await requireSiteAdmin(db, c.var.actor);
      await next();
    });
  };

  defineRoute(r, endpoints.notices.announcements, [auth], async (c) =>
    c.json({ announcements: await service.listAnnouncements(db) }),
  );

  defineRoute(r, endpoints.notices.createAnnouncement, [adminOrOperator], async (c, { body }) =>
    c.json(await service.createAnnouncement(deps, body)),
  );

  defineRoute(r, endpoints.notices.withdrawAnnouncement, [adminOrOperator], async (c) => {
    await service.withdrawAnnouncement(deps, c.req.param("uid") ?? "");
    return c.json({ success: true as const });
  });

  defineRoute(r, endpoints.notices.webVersion, [], (c) => c.json({ version: ctx.webVersion() }));

  defineRoute(r, endpoints.notices.appUpdates, [], (c) => c.json(service.appUpdates(ctx.config)));
  return r;
}
