import { endpoints } from "@mnemo/contracts";
import type { PlatformContext } from "../../platform/context.ts";
import type { AppEnv } from "../../platform/http/context.ts";
import { createRouter, defineRoute } from "../../platform/http/route.ts";
import { requireAuth, type RequireAuthDeps } from "../../core/auth/middleware.ts";
import * as service from "./service.ts";

/** What accessTokenRoutes uses of the application context. */
export type AccessTokenRouteDeps = RequireAuthDeps & Pick<PlatformContext, "database">;

/** Personal access tokens for MCP clients (Account → Agents (MCP)); a signed-in session only. */
export function accessTokenRoutes(ctx: AccessTokenRouteDeps) {
  const r = createRouter<AppEnv>();
  const auth = [requireAuth(ctx)];
  const db = ctx.database.db;

  defineRoute(r, endpoints.accessTokens.list, auth, async (c) =>
    c.json(await service.listTokens(db, c.var.actor)),
  );

  defineRoute(r, endpoints.accessTokens.create, auth, async (c, { body }) =>
    c.json(await service.createToken(db, c.var.actor, body), 201),
  );

  defineRoute(r, endpoints.accessTokens.revoke, auth, async (c) =>
    c.json({ token: await service.revokeToken(db, c.var.actor, c.req.param("id") ?? "") }),
  );
  return r;
}
