import { zMe, zUpdateProfileInput, zUpdateUserMetadataInput, zUserMetadata } from "@mnemo/contracts";
import type { AppContext } from "../../context.ts";
import type { AppEnv } from "../../http/context.ts";
import { createRouter, defineRoute } from "../../http/route.ts";
import { requireAuth, type RequireAuthDeps } from "../../http/middleware/auth.ts";
import * as service from "./service.ts";

/** What userRoutes uses of the application context (bootstrap.ts builds it once). */
export type UserRouteDeps = RequireAuthDeps & Pick<AppContext, "database">;

export function userRoutes(ctx: UserRouteDeps) {
  const r = createRouter<AppEnv>();
  const auth = [requireAuth(ctx)];
  const db = ctx.database.db;

  defineRoute(
    r,
    {
      method: "get",
      path: "/user/me",
      summary: "The signed-in user's profile, plan and metadata",
      tag: "users",
      response: zMe,
    },
    auth,
    async (c) => c.json(await service.getMe(db, c.var.actor)),
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/user/metadata",
      summary: "Read user metadata",
      tag: "users",
      response: zUserMetadata,
    },
    auth,
    async (c) => c.json((await service.getMe(db, c.var.actor)).metadata),
  );

  defineRoute(
    r,
    {
      method: "patch",
      path: "/user/metadata",
      summary: "Update user metadata (merge)",
      tag: "users",
      body: zUpdateUserMetadataInput,
      response: zUserMetadata,
    },
    auth,
    async (c, { body }) => c.json(await service.updateMetadata(db, c.var.actor, body)),
  );

  defineRoute(
    r,
    {
      method: "put",
      path: "/user/profile",
      summary: "Update the full name",
      tag: "users",
      body: zUpdateProfileInput,
    },
    auth,
    async (c, { body }) => {
      await service.updateFullName(db, c.var.actor, body.full_name);
      return c.json({ success: true, full_name: body.full_name });
    },
  );
  return r;
}
