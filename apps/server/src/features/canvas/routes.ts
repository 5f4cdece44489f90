import { endpoints } from "@mnemo/contracts";
import { z } from "zod";
import type { AppEnv } from "../../platform/http/context.ts";
import { createRouter, defineRoute } from "../../platform/http/route.ts";
import { requireAuth, type RequireAuthDeps } from "../../core/auth/middleware.ts";
import * as service from "./service.ts";
import type { CanvasDescribeDeps } from "./service.ts";

const zId = z.string().min(1).max(100);

/** What canvasRoutes uses of the application context (bootstrap.ts builds it once). */
export type CanvasRouteDeps = RequireAuthDeps & CanvasDescribeDeps;

/**
 * Spec 3 §7 load canvas and description for canvas. Saving goes through the upload calls
 * (`canvas_data_type`, then confirm with `file_type` canvas).
 */
export function canvasRoutes(ctx: CanvasRouteDeps) {
  const r = createRouter<AppEnv>();
  const auth = [requireAuth(ctx)];

  defineRoute(r, endpoints.canvas.get, auth, async (c) =>
    c.json(await service.getCanvas(ctx, c.var.actor, zId.parse(c.req.param("id")))),
  );

  defineRoute(r, endpoints.canvas.describe, auth, async (c, { body }) =>
    c.json(await service.describeCanvas(ctx, c.var.actor, body.file_id)),
  );
  return r;
}
