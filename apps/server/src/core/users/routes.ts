import { endpoints } from "@mnemo/contracts";
import type { Actor } from "../../platform/context.ts";
import type { PlatformContext } from "../../platform/context.ts";
import type { AppEnv } from "../../platform/http/context.ts";
import { createRouter, defineRoute } from "../../platform/http/route.ts";
import { requireAuth, type RequireAuthDeps } from "../auth/middleware.ts";
import * as service from "./service.ts";

/** What userRoutes uses of the application context (bootstrap.ts builds it once). */
export type UserRouteDeps = RequireAuthDeps & Pick<PlatformContext, "database" | "events">;

export function userRoutes(ctx: UserRouteDeps) {
  const r = createRouter<AppEnv>();
  const auth = [requireAuth(ctx)];
  const db = ctx.database.db;
  // The user's other tabs and devices get the changed document on their live stream.
  const announceMe = async (actor: Actor) =>
    void ctx.events.publish(actor.id, { type: "me", data: await service.getMe(db, actor) });

  defineRoute(r, endpoints.users.getMe, auth, async (c) => c.json(await service.getMe(db, c.var.actor)));

  defineRoute(r, endpoints.users.getMetadata, auth, async (c) =>
    c.json((await service.getMe(db, c.var.actor)).metadata),
  );

  defineRoute(r, endpoints.users.updateMetadata, auth, async (c, { body }) => {
    const metadata = await service.updateMetadata(db, c.var.actor, body);
    await announceMe(c.var.actor);
    return c.json(metadata);
  });

  defineRoute(r, endpoints.users.updateProfile, auth, async (c, { body }) => {
    await service.updateFullName({ db, sessions: ctx.sessions }, c.var.actor, body.full_name);
    await announceMe(c.var.actor);
    return c.json({ success: true, full_name: body.full_name });
  });

  defineRoute(r, endpoints.users.createUser, auth, async (c, { body }) => {
    await service.saveDetails(db, c.var.actor, body);
    return c.json(await service.getMe(db, c.var.actor));
  });

  defineRoute(r, endpoints.users.setOnboardingStep, auth, async (c, { body }) => {
    await service.setOnboardingStep(db, c.var.actor, body.step);
    return c.json({ success: true, step: body.step });
  });
  defineRoute(r, endpoints.users.claimWelcomeItems, auth, async (c, { body }) =>
    c.json(await service.claimWelcomeItems(db, c.var.actor, body)),
  );
  defineRoute(r, endpoints.users.finishWelcomeItems, auth, async (c) => {
    await service.finishWelcomeItems(db, c.var.actor);
    return c.json({ success: true as const });
  });
  return r;
}
