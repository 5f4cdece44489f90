import type { Context } from "hono";
import {
  zAddSourcesResponse,
  zClaimInvitationInput,
  zClaimInvitationResponse,
  zShareResponse,
  zCollection,
  zCollectionIdQuery,
  zCollectionList,
  zCollectionSourcesInput,
  zCollectionSourcesPage,
  zCollectionSourcesQuery,
  zCustomInstructionsInput,
  zCustomInstructionsResponse,
  zDeleteCollectionsInput,
  zDeleteCollectionsResponse,
  zMembersResponse,
  zRemoveSourcesResponse,
  zRevokeInput,
  zShareInput,
  zUpsertCollectionFields,
  zUpsertCollectionResponse,
} from "@mnemo/contracts";
import type { PlatformContext } from "../../platform/context.ts";
import type { AppEnv } from "../../platform/http/context.ts";
import { createRouter, defineRoute } from "../../platform/http/route.ts";
import { requireAuth, type RequireAuthDeps } from "../../core/auth/middleware.ts";
import * as service from "./service.ts";
import { claimInvitation } from "./invitations.ts";

const tag = "collections";

/** The `:id` path segment (always present on the routes that use it). */
const idOf = (c: Context<AppEnv>) => c.req.param("id") ?? "";

/** What collectionRoutes uses of the application context (bootstrap.ts builds it once). */
export type CollectionRouteDeps = RequireAuthDeps &
  Pick<PlatformContext, "database" | "mailer" | "publicUrl" | "log">;

/** Collections and sharing (spec 2 §7 Collections), under /api. */
export function collectionRoutes(ctx: CollectionRouteDeps) {
  const r = createRouter<AppEnv>();
  const auth = [requireAuth(ctx)];
  const db = ctx.database.db;
  const invitations = { mailer: ctx.mailer, publicUrl: ctx.publicUrl, log: ctx.log };

  defineRoute(
    r,
    {
      method: "get",
      path: "/collection",
      summary: "Collections the user owns or that are shared with their e-mail",
      tag,
      response: zCollectionList,
    },
    auth,
    async (c) => c.json({ collections: await service.listCollections(db, c.var.actor) }),
  );

  defineRoute(
    r,
    {
      method: "put",
      path: "/collection",
      summary:
        "Create a collection, or update name/description/custom instructions when collection_id is given (fields in query or JSON body)",
      tag,
      query: zUpsertCollectionFields,
      body: zUpsertCollectionFields,
      response: zUpsertCollectionResponse,
    },
    auth,
    async (c, { query, body }) => {
      const f = { ...query, ...body };
      const result = await service.upsertCollection(db, c.var.actor, {
        collection_id: f.collection_id,
        collection_name: f.collection_name ?? f.name,
        description: f.description,
        custom_instructions: f.custom_instructions,
      });
      return c.json(result, result.created ? 201 : 200);
    },
  );

  defineRoute(
    r,
    {
      method: "delete",
      path: "/collection/delete",
      summary: "Delete collections (admin); memories stay in the wall",
      tag,
      body: zDeleteCollectionsInput,
      response: zDeleteCollectionsResponse,
    },
    auth,
    async (c, { body }) =>
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
    {
      path: "/collection/add_sources",
      summary: "Add memories to a collection (write or admin); duplicates answer result duplicate_source",
      response: zAddSourcesResponse,
      apply: service.addSources,
    },
    {
      path: "/collection/remove_sources",
      summary: "Remove memories from a collection (write or admin); the memories stay",
      response: zRemoveSourcesResponse,
      apply: service.removeSources,
    },
  ];
  for (const { path, summary, response, apply } of membership)
    defineRoute(
      r,
      {
        method: "post",
        path,
        summary,
        tag,
        query: zCollectionIdQuery,
        body: zCollectionSourcesInput,
        response,
      },
      auth,
      async (c, { query, body }) => c.json(await apply(db, c.var.actor, query.collection_id, body.documents)),
    );

  defineRoute(
    r,
    { method: "get", path: "/collection/:id", summary: "One collection", tag, response: zCollection },
    auth,
    async (c) => c.json(await service.getCollection(db, c.var.actor, idOf(c))),
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/collection/:id/sources",
      summary: "A page of the collection's memories, most recently added first",
      tag,
      query: zCollectionSourcesQuery,
      response: zCollectionSourcesPage,
    },
    auth,
    async (c, { query }) =>
      c.json(await service.listSources(db, c.var.actor, idOf(c), query.page, query.page_size)),
  );

  defineRoute(
    r,
    {
      method: "put",
      path: "/collection/:id/add_custom_instructions",
      summary: "Set the collection's custom instructions (admin; query or JSON body; empty clears)",
      tag,
      query: zCustomInstructionsInput,
      body: zCustomInstructionsInput,
      response: zCustomInstructionsResponse,
    },
    auth,
    async (c, { query, body }) =>
      c.json(
        await service.setCustomInstructions(
          db,
          c.var.actor,
          idOf(c),
          body.custom_instructions ?? query.custom_instructions ?? "",
        ),
      ),
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/collection/:id/share",
      summary:
        "Grant read, write or admin to e-mail addresses (admin); each reaches an account through a verified address or the single-use invitation link answered here (mailed when SMTP is configured)",
      tag,
      body: zShareInput,
      response: zShareResponse,
    },
    auth,
    async (c, { body }) => c.json(await service.share(db, invitations, c.var.actor, idOf(c), body)),
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/collection/invitation/claim",
      summary: "Accept an invitation link: its grant becomes the signed-in account's; the link works once",
      tag,
      body: zClaimInvitationInput,
      response: zClaimInvitationResponse,
    },
    auth,
    async (c, { body }) => c.json(await claimInvitation(db, c.var.actor, body.token)),
  );

  defineRoute(
    r,
    {
      method: "delete",
      path: "/collection/:id/revoke_access",
      summary: "Remove a member's access (admin); effective on their next request",
      tag,
      body: zRevokeInput,
      response: zMembersResponse,
    },
    auth,
    async (c, { body }) => c.json(await service.revoke(db, c.var.actor, idOf(c), body)),
  );

  return r;
}
