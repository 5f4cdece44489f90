import { z } from "zod";
import type { PlatformContext } from "../../platform/context.ts";
import type { AppEnv } from "../../platform/http/context.ts";
import { createRouter, defineRoute } from "../../platform/http/route.ts";
import { requireAuth, type RequireAuthDeps } from "../../core/auth/middleware.ts";
import { linkFetchOptions } from "../../platform/links/fetch-options.ts";
import * as service from "./service.ts";

const zScreenshotInput = z.object({
  url: z.string().trim().url("Enter a valid URL."),
  /** When given (own memory), the screenshot becomes its thumbnail and preview fallback. */
  source_id: z.string().optional(),
});

/** What screenshotRoutes uses of the application context (bootstrap.ts builds it once). */
export type ScreenshotRouteDeps = RequireAuthDeps & Pick<PlatformContext, "database" | "blobs" | "log" | "config">;

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

  defineRoute(
    r,
    {
      method: "get",
      path: "/screenshot/status",
      summary: "Whether screenshots are available here, and why not",
      tag: "sources",
      response: z.object({ available: z.boolean(), reason: z.string().nullable() }),
    },
    auth,
    (c) => c.json(service.screenshotStatus(deps)),
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/screenshot",
      summary: "Take a full-page screenshot of a URL; returns its stored URL",
      tag: "sources",
      body: zScreenshotInput,
      response: z.object({ s3Url: z.string() }),
    },
    auth,
    async (c, { body }) => c.json(await service.takeSourceScreenshot(deps, c.var.actor, body)),
  );
  return r;
}
