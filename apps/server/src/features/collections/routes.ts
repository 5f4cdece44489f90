import type { Context } from "hono";
import { endpoints } from "@mnemo/contracts";
import type { PlatformContext } from "../../platform/context.ts";
import type { AppEnv } from "../../platform/http/context.ts";
import { createRouter, defineRoute } from "../../platform/http/route.ts";
import { publicOrigin } from "../../platform/http/origin.ts";
import { requireAuth, type RequireAuthDeps } from "../../core/auth/middleware.ts";
import * as service from "./service.ts";
import { claimInvitation, previewInvitation } from "./invitations.ts";

/** The `:id` path segment (always present on the routes that use it). */
const idOf = (c: Context<AppEnv>) => c.req.param("id") ?? "";

/** What collectionRoutes uses of the application context (bootstrap.ts builds it once). */
export type CollectionRouteDeps = RequireAuthDeps &
  Pick<PlatformContext, "database" | "mailer" | "config" | "log">;

/** Collections and sharing (spec 2 §7 Collections), under /api. */
export function collectionRoutes(ctx: CollectionRouteDeps) {
  const r = createRouter<AppEnv>();
  const auth = [requireAuth(ctx)];
  const db = ctx.database.db;
  // Invitation links point where the sharer reached the server (PUBLIC_URL, else the request's origin).
  const invitations = (c: Context<AppEnv>) => ({
    mailer: ctx.mailer,
    publicUrl: publicOrigin(ctx.config, c),
    log: ctx.log,
  });

  defineRoute(r, endpoints.collections.list, auth, async (c) =>
    c.json({ collections: await service.listCollections(db, c.var.actor) }),
  );

  defineRoute(r, endpoints.collections.upsert, auth, async (c, { query, body }) => {
    const f = { ...query, ...body };
    const result = await service.upsertCollection(db, c.var.actor, {
      collection_id: f.collection_id,
      collection_name: f.collection_name ?? f.name,
      description: f.description,
      custom_instructions: f.custom_instructions,
    });
    return c.json(result, result.created ? 201 : 200);
  });

  defineRoute(r, endpoints.collections.delete, auth, async (c, { body }) =>
    c.json({
      deleted: await service.deleteCollections(
        db,
        c.var.actor,
        Array.isArray(body) ? body : body.collection_ids,
      ),
    }),
  );

  // Adding and removing memories take the same input and answer per document; only the service differs.
  const membership = [
    { endpoint: endpoints.collections.addSources, apply: service.addSources },
    { endpoint: endpoints.collections.removeSources, apply: service.removeSources },
  ];
  for (const { endpoint, apply } of membership)
    defineRoute(r, endpoint, auth, async (c, { query, body }) =>
      c.json(await apply(db, c.var.actor, query.collection_id, body.documents)),
    );

  defineRoute(r, endpoints.collections.get, auth, async (c) =>
    c.json(await service.getCollection(db, c.var.actor, idOf(c))),
  );

  defineRoute(r, endpoints.collections.listSources, auth, async (c, { query }) =>
    c.json(await service.listSources(db, c.var.actor, idOf(c), query.page, query.page_size)),
  );

  defineRoute(r, endpoints.collections.setCustomInstructions, auth, async (c, { query, body }) =>
    c.json(
      await service.setCustomInstructions(
        db,
        c.var.actor,
        idOf(c),
        body.custom_instructions ?? query.custom_instructions ?? "",
      ),
    ),
  );

  defineRoute(r, endpoints.collections.share, auth, async (c, { body }) =>
    c.json(await service.share(db, invitations(c), c.var.actor, idOf(c), body)),
  );

  defineRoute(r, endpoints.collections.claimInvitation, auth, async (c, { body }) =>
    c.json(await claimInvitation(db, c.var.actor, body.token)),
  );

  // Public: the sign-in and sign-up pages name the invitation (rate-limited per address in app/).
  defineRoute(r, endpoints.collections.previewInvitation, [], async (c, { body }) =>
    c.json(await previewInvitation(db, body.token)),
  );

  defineRoute(r, endpoints.collections.revokeAccess, auth, async (c, { body }) =>
    c.json(await service.revoke(db, c.var.actor, idOf(c), body)),
  );

  return r;
}
