import crypto from "node:crypto";
import { Hono } from "hono";
import { z } from "zod";
import { sql } from "drizzle-orm";
import type { AppContext, AppEnv } from "../../http/context.ts";
import { defineRoute } from "../../http/route.ts";
import { requireAuth } from "../../http/middleware/auth.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { queryRows } from "../../db/client.ts";
import { linkFetchOptions } from "../links/fetch-options.ts";
import { screenshotAvailability, takeScreenshot } from "./browser.ts";

const zScreenshotInput = z.object({
  url: z.string().trim().url("Enter a valid URL."),
  /** When given (own memory), the screenshot becomes its thumbnail and preview fallback. */
  source_id: z.string().optional(),
});

/** Full-page screenshots with the system Chromium (spec 2 §7 "take a full-page screenshot by url"). */
export function screenshotRoutes(ctx: AppContext) {
  const r = new Hono<AppEnv>();
  const auth = [requireAuth(ctx)];
  const availability = () => screenshotAvailability(ctx.config.CHROMIUM_PATH ?? "/usr/bin/chromium");

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
    (c) => {
      const a = availability();
      return c.json({ available: a.available, reason: a.available ? null : a.reason });
    },
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
    async (c, { body }) => {
      const a = availability();
      if (!a.available) throw new AppError("upstream", a.reason, undefined, 503);
      const blobs = ctx.blobs;
      const actor = c.var.actor;
      if (body.source_id) {
        const own = await queryRows<{ id: string }>(
          ctx.database.db,
          sql`SELECT id FROM source WHERE id = ${body.source_id} AND owner_id = ${actor.id}`,
        );
        if (own.length === 0) throw notFound("Memory not found.");
      }
      let png: Buffer;
      try {
        png = await takeScreenshot(body.url, { chromiumPath: a.path, fetch: linkFetchOptions(ctx.config) });
      } catch (err) {
        c.var.log.warn({ err: (err as Error).message }, "screenshot failed");
        throw new AppError("upstream", "Couldn't take a screenshot of this page.");
      }
      const key = `${actor.id}/screenshots/${crypto.randomUUID()}.png`;
      await blobs.put(key, new Uint8Array(png), { maxBytes: 20 * 1024 * 1024, contentType: "image/png" });
      if (body.source_id) {
        await ctx.database.db.execute(
          sql`UPDATE source SET meta = meta || ${JSON.stringify({ screenshot_key: key })}::jsonb, updated_at = now() WHERE id = ${body.source_id} AND owner_id = ${actor.id}`,
        );
      }
      return c.json({ s3Url: await blobs.presignGet(key, { expiresInSeconds: 3600 }) });
    },
  );
  return r;
}
