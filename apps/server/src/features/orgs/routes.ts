import { endpoints } from "@mnemo/contracts";
import type { PlatformContext } from "../../platform/context.ts";
import type { AppEnv } from "../../platform/http/context.ts";
import { createRouter, defineRoute } from "../../platform/http/route.ts";
import { publicOrigin } from "../../platform/http/origin.ts";
import { requireAuth, type RequireAuthDeps } from "../../core/auth/middleware.ts";
import * as active from "./active.ts";
import * as keys from "./app-keys.ts";
import * as invitations from "./invitations.ts";
import * as service from "./service.ts";
import { parseTrustedDomains, reservedSlugs } from "./sso.ts";

/** What orgRoutes uses of the application context. */
export type OrgRouteDeps = RequireAuthDeps &
  Pick<PlatformContext, "database" | "mailer" | "config" | "log" | "secrets">;

/**
 * Organisations (spec 3 §6, §7; issue 20): membership, invitations, roles, admin calls and
 * organisation-shared collections. Every call checks the actor's membership and role in the
 * service; an organisation the actor does not belong to answers 404.
 */
export function orgRoutes(ctx: OrgRouteDeps) {
  const r = createRouter<AppEnv>();
  const auth = [requireAuth(ctx)];
  const db = ctx.database.db;
  // Links point where the user reached the server (PUBLIC_URL, else the request's origin).
  const deps = (c: Parameters<typeof publicOrigin>[1]) => ({
    db,
    mailer: ctx.mailer,
    publicUrl: publicOrigin(ctx.config, c),
    log: ctx.log,
  });
  const createOrg = async (p: { name: string; slug: string; userId: string }) => {
    const org = await ctx.auth.api.createOrganization({ body: p });
    if (!org) throw new Error("The organisation was not created.");
    return { id: org.id };
  };

  defineRoute(r, endpoints.orgs.list, auth, async (c) =>
    c.json({ organizations: await service.listOrganizations(db, c.var.actor) }),
  );
  const reserved = reservedSlugs(parseTrustedDomains(ctx.config.SSO_TRUSTED_DOMAINS));
  defineRoute(r, endpoints.orgs.create, auth, async (c, { body }) =>
    c.json(
      await service.createOrganization({ db, createOrg, reservedSlugs: reserved }, c.var.actor, body.name),
      201,
    ),
  );
  defineRoute(r, endpoints.orgs.inviteMember, auth, async (c, { body }) =>
    c.json(await invitations.inviteMember(deps(c), c.var.actor, body), 201),
  );
  defineRoute(r, endpoints.orgs.getInvitation, auth, async (c, { query }) =>
    c.json(await invitations.getInvitation(db, c.var.actor, query.invitation_id)),
  );
  defineRoute(r, endpoints.orgs.acceptInvitation, auth, async (c, { body }) =>
    c.json(await invitations.acceptInvitation(db, c.var.actor, body.invitation_id)),
  );
  defineRoute(r, endpoints.orgs.updateMemberRole, auth, async (c, { body }) =>
    c.json(await service.updateMemberRole(db, c.var.actor, body)),
  );
  defineRoute(r, endpoints.orgs.removeMember, auth, async (c, { body }) =>
    c.json(await service.removeMember(db, c.var.actor, body)),
  );
  defineRoute(r, endpoints.orgs.leave, auth, async (c, { body }) =>
    c.json(await service.leaveOrganization(db, c.var.actor, body.organization_id)),
  );
  defineRoute(r, endpoints.orgs.isUserAdmin, auth, async (c, { query }) =>
    c.json(await service.isUserAdmin(db, c.var.actor, query.organization_id)),
  );
  defineRoute(r, endpoints.orgs.members, auth, async (c, { query }) =>
    c.json(await service.getMembers(db, c.var.actor, query.organization_id)),
  );
  defineRoute(r, endpoints.orgs.stats, auth, async (c, { query }) =>
    c.json(await service.getStats(db, c.var.actor, query.organization_id, query.days)),
  );
  defineRoute(r, endpoints.orgs.updateKeys, auth, async (c, { query, body }) =>
    c.json(await keys.updateKeys(db, ctx.secrets, c.var.actor, keys.keysInput(query, body))),
  );
  defineRoute(r, endpoints.orgs.getKeys, auth, async (c, { query }) =>
    c.json(await keys.listKeys(db, ctx.secrets, c.var.actor, query.organization_id)),
  );
  defineRoute(r, endpoints.orgs.workspaceUsers, auth, async (c, { query }) =>
    c.json(await service.workspaceUsers(db, c.var.actor, query.organization_id)),
  );
  defineRoute(r, endpoints.orgs.shareCollection, auth, async (c, { body }) =>
    c.json(await service.shareCollection(db, c.var.actor, body)),
  );
  defineRoute(r, endpoints.orgs.unshareCollection, auth, async (c, { body }) =>
    c.json(await service.unshareCollection(db, c.var.actor, body)),
  );
  defineRoute(r, endpoints.orgs.appUrl, auth, async (c) =>
    c.json(await service.organizationAppUrl(db, c.var.actor, publicOrigin(ctx.config, c))),
  );
  defineRoute(r, endpoints.orgs.getActive, auth, async (c) =>
    c.json(await active.getActiveOrganization(db, c.var.actor)),
  );
  defineRoute(r, endpoints.orgs.setActive, auth, async (c, { body }) => {
    // better-auth's organization plugin keeps the choice on this sign-in session.
    const headers = new Headers({ authorization: c.req.header("authorization") ?? "" });
    const setActive = async (organizationId: string) => {
      await ctx.auth.api.setActiveOrganization({ headers, body: { organizationId } });
    };
    return c.json(await service.setActiveOrganization(db, c.var.actor, body.organization_id, setActive));
  });
  return r;
}
