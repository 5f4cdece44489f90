import type { MiddlewareHandler } from "hono";
import { z } from "zod";
import {
  zAnnouncement,
  zAnnouncementList,
  zAppUpdates,
  zCreateAnnouncementInput,
  zWebVersion,
} from "@mnemo/contracts";
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

  defineRoute(
    r,
    {
      method: "get",
      path: "/announcements",
      summary: "The announcements shown now (alert or other), newest first",
      tag: "notices",
      response: zAnnouncementList,
    },
    [auth],
    async (c) => c.json({ announcements: await service.listAnnouncements(db) }),
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/admin/announcements",
      summary: "Publish an announcement to every user (site administrators, the operator command)",
      tag: "notices",
      body: zCreateAnnouncementInput,
      response: zAnnouncement,
    },
    [adminOrOperator],
    async (c, { body }) => c.json(await service.createAnnouncement(deps, body)),
  );

  defineRoute(
    r,
    {
      method: "delete",
      path: "/admin/announcements/:uid",
      summary: "Withdraw an announcement for everyone",
      tag: "notices",
      response: z.object({ success: z.literal(true) }),
    },
    [adminOrOperator],
    async (c) => {
      await service.withdrawAnnouncement(deps, c.req.param("uid") ?? "");
      return c.json({ success: true as const });
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/check_web_version",
      summary: "The version of the web build the server serves (the update banner compares its own)",
      tag: "notices",
      auth: false,
      response: zWebVersion,
    },
    [],
    (c) => c.json({ version: ctx.webVersion() }),
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/app-metadata/updates",
      summary:
        "The app-metadata/updates document: the desktop app version the operator's builds are at (null: none)",
      tag: "notices",
      auth: false,
      response: zAppUpdates,
    },
    [],
    (c) => c.json(service.appUpdates(ctx.config)),
  );
  return r;
}
