import { endpoints } from "@mnemo/contracts";
import type { PlatformContext } from "../../platform/context.ts";
import type { AppEnv } from "../../platform/http/context.ts";
import { createRouter, defineRoute } from "../../platform/http/route.ts";
import { requireAuth, type RequireAuthDeps } from "../../core/auth/middleware.ts";
import { linkFetchOptions } from "../../platform/links/fetch-options.ts";
import * as service from "./service.ts";

/** What screenshotRoutes uses of the application context (bootstrap.ts builds it once). */
export type ScreenshotRouteDeps = RequireAuthDeps &
  Pick<PlatformContext, "database" | "blobs" | "log" | "config">;

/** Full-page screenshots with the system Chromium (spec 2 §7 "take a full-page screenshot by url"). */
export function screenshotRoutes(ctx: ScreenshotRouteDeps) {
  const r = createRouter<AppEnv>();
  const auth = [requireAuth(ctx)];
  const deps: service.ScreenshotDeps = {
    db: ctx.database.db,
    blobs: ctx.blobs,
    log: ctx.log,
    chromiumPath: ctx.config.CHROMIUM_PATH ?? "/usr/bin/chromium",
    fetch: () => linkFetchOptions(ctx.config),
  };

  defineRoute(r, endpoints.screenshots.status, auth, (c) => c.json(service.screenshotStatus(deps)));

  defineRoute(r, endpoints.screenshots.take, auth, async (c, { body }) =>
    c.json(await service.takeSourceScreenshot(deps, c.var.actor, body)),
  );
  return r;
}
