import {
  zCreateUserInput,
  zMe,
  zOnboardingStepInput,
  zUpdateProfileInput,
  zUpdateUserMetadataInput,
  zUserMetadata,
  zWelcomeItemsClaim,
  zWelcomeItemsClaimInput,
  zWelcomeItemsFinish,
} from "@mnemo/contracts";
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
    async (c, { body }) => {
      const metadata = await service.updateMetadata(db, c.var.actor, body);
      await announceMe(c.var.actor);
      return c.json(metadata);
    },
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
      await service.updateFullName({ db, sessions: ctx.sessions }, c.var.actor, body.full_name);
      await announceMe(c.var.actor);
      return c.json({ success: true, full_name: body.full_name });
    },
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/user/create_user",
      summary: "Store the new user's details (country, company size, kind of work, referrer, role)",
      tag: "users",
      body: zCreateUserInput,
      response: zMe,
    },
    auth,
    async (c, { body }) => {
      await service.saveDetails(db, c.var.actor, body);
      return c.json(await service.getMe(db, c.var.actor));
    },
  );

  defineRoute(
    r,
    {
      method: "put",
      path: "/user/onboarding_step",
      summary: "Record the onboarding step reached",
      tag: "users",
      body: zOnboardingStepInput,
    },
    auth,
    async (c, { body }) => {
      await service.setOnboardingStep(db, c.var.actor, body.step);
      return c.json({ success: true, step: body.step });
    },
  );
  defineRoute(
    r,
    {
      method: "post",
      path: "/user/welcome_items",
      summary:
        "Claim adding the welcome sample items: answers those the account does not have yet (once per account, resumable)",
      tag: "users",
      body: zWelcomeItemsClaimInput,
      response: zWelcomeItemsClaim,
    },
    auth,
    async (c, { body }) => c.json(await service.claimWelcomeItems(db, c.var.actor, body)),
  );
  defineRoute(
    r,
    {
      method: "post",
      path: "/user/welcome_items/finish",
      summary: "Record that every welcome sample item was sent (none is added again)",
      tag: "users",
      response: zWelcomeItemsFinish,
    },
    auth,
    async (c) => {
      await service.finishWelcomeItems(db, c.var.actor);
      return c.json({ success: true as const });
    },
  );
  return r;
}
