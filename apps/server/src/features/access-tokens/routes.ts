import { z } from "zod";
import {
  zAccessToken,
  zAccessTokenList,
  zCreateAccessTokenInput,
  zCreateAccessTokenResponse,
} from "@mnemo/contracts";
import type { PlatformContext } from "../../platform/context.ts";
import type { AppEnv } from "../../platform/http/context.ts";
import { createRouter, defineRoute } from "../../platform/http/route.ts";
import { requireAuth, type RequireAuthDeps } from "../../core/auth/middleware.ts";
import * as service from "./service.ts";

const tag = "access-tokens";

/** What accessTokenRoutes uses of the application context. */
export type AccessTokenRouteDeps = RequireAuthDeps & Pick<PlatformContext, "database">;

/** Personal access tokens for MCP clients (Account → Agents (MCP)); a signed-in session only. */
export function accessTokenRoutes(ctx: AccessTokenRouteDeps) {
  const r = createRouter<AppEnv>();
  const auth = [requireAuth(ctx)];
  const db = ctx.database.db;

  defineRoute(
    r,
    {
      method: "get",
      path: "/user/access_tokens",
      summary: "The user's personal access tokens (never their secrets), newest first",
      tag,
      response: zAccessTokenList,
    },
    auth,
    async (c) => c.json(await service.listTokens(db, c.var.actor)),
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/user/access_tokens",
      summary: "Create a personal access token (read or write scope); its secret is returned this once",
      tag,
      body: zCreateAccessTokenInput,
      response: zCreateAccessTokenResponse,
    },
    auth,
    async (c, { body }) => c.json(await service.createToken(db, c.var.actor, body), 201),
  );

  defineRoute(
    r,
    {
      method: "delete",
      path: "/user/access_tokens/:id",
      summary: "Revoke a personal access token (MCP calls with it are refused from now on)",
      tag,
      response: z.object({ token: zAccessToken }),
    },
    auth,
    async (c) => c.json({ token: await service.revokeToken(db, c.var.actor, c.req.param("id") ?? "") }),
  );
  return r;
}
