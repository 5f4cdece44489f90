import { z } from "zod";
import {
  zActiveOrganization,
  zCreateOrganizationInput,
  zInvitationDetails,
  zInvitationIdInput,
  zInviteMemberInput,
  zIsUserAdmin,
  zLeaveOrganizationInput,
  zMemberIdInput,
  zOrgAppKeys,
  zOrgAppUrl,
  zOrgIdQuery,
  zOrgInvitation,
  zOrgMembers,
  zOrgStats,
  zOrgStatsQuery,
  zOrganization,
  zOrganizationList,
  zSetActiveOrganizationInput,
  zShareCollectionWithOrgInput,
  zUnshareCollectionWithOrgInput,
  zUpdateMemberRoleInput,
  zUpdateOrgKeysQuery,
  zWorkspaceUsers,
} from "@mnemo/contracts";
import type { PlatformContext } from "../../platform/context.ts";
import type { AppEnv } from "../../platform/http/context.ts";
import { createRouter, defineRoute } from "../../platform/http/route.ts";
import { requireAuth, type RequireAuthDeps } from "../../core/auth/middleware.ts";
import * as active from "./active.ts";
import * as keys from "./app-keys.ts";
import * as invitations from "./invitations.ts";
import * as service from "./service.ts";

const tag = "organisations";
const zSuccess = z.object({ success: z.literal(true) });

/** What orgRoutes uses of the application context. */
export type OrgRouteDeps = RequireAuthDeps &
  Pick<PlatformContext, "database" | "mailer" | "publicUrl" | "log" | "secrets">;

/**
 * Organisations (spec 3 §6, §7; issue 20): membership, invitations, roles, admin calls and
 * organisation-shared collections. Every call checks the actor's membership and role in the
 * service; an organisation the actor does not belong to answers 404.
 */
export function orgRoutes(ctx: OrgRouteDeps) {
  const r = createRouter<AppEnv>();
  const auth = [requireAuth(ctx)];
  const db = ctx.database.db;
  const deps = { db, mailer: ctx.mailer, publicUrl: ctx.publicUrl, log: ctx.log };
  const createOrg = async (p: { name: string; slug: string; userId: string }) => {
    const org = await ctx.auth.api.createOrganization({ body: p });
    if (!org) throw new Error("The organisation was not created.");
    return { id: org.id };
  };

  defineRoute(
    r,
    {
      method: "get",
      path: "/org/get_user_organizations",
      summary: "The organisations the user belongs to, with their role",
      tag,
      response: zOrganizationList,
    },
    auth,
    async (c) => c.json({ organizations: await service.listOrganizations(db, c.var.actor) }),
  );
  defineRoute(
    r,
    {
      method: "post",
      path: "/org/create",
      summary: "Create an organisation; the creator is its owner",
      tag,
      body: zCreateOrganizationInput,
      response: zOrganization,
    },
    auth,
    async (c, { body }) =>
      c.json(await service.createOrganization({ db, createOrg }, c.var.actor, body.name), 201),
  );
  defineRoute(
    r,
    {
      method: "post",
      path: "/org/invite_member",
      summary:
        "Invite an e-mail address (admins); the link is mailed when SMTP is configured and expires in 7 days",
      tag,
      body: zInviteMemberInput,
      response: zOrgInvitation,
    },
    auth,
    async (c, { body }) => c.json(await invitations.inviteMember(deps, c.var.actor, body), 201),
  );
  defineRoute(
    r,
    {
      method: "get",
      path: "/org/get_invitation",
      summary: "An invitation sent to the signed-in user's address",
      tag,
      query: zInvitationIdInput,
      response: zInvitationDetails,
    },
    auth,
    async (c, { query }) => c.json(await invitations.getInvitation(db, c.var.actor, query.invitation_id)),
  );
  defineRoute(
    r,
    {
      method: "post",
      path: "/org/accept_invitation",
      summary: "Join the organisation of an invitation sent to the user's address",
      tag,
      body: zInvitationIdInput,
      response: zOrganization,
    },
    auth,
    async (c, { body }) => c.json(await invitations.acceptInvitation(db, c.var.actor, body.invitation_id)),
  );
  defineRoute(
    r,
    {
      method: "post",
      path: "/org/update_member_role",
      summary: "Change a member's role (admins; only the owner changes an admin)",
      tag,
      body: zUpdateMemberRoleInput,
      response: zSuccess,
    },
    auth,
    async (c, { body }) => c.json(await service.updateMemberRole(db, c.var.actor, body)),
  );
  defineRoute(
    r,
    {
      method: "post",
      path: "/org/remove_member",
      summary: "Remove a member (admins; never the owner)",
      tag,
      body: zMemberIdInput,
      response: zSuccess,
    },
    auth,
    async (c, { body }) => c.json(await service.removeMember(db, c.var.actor, body)),
  );
  defineRoute(
    r,
    {
      method: "post",
      path: "/org/leave",
      summary: "Leave an organisation (not its owner)",
      tag,
      body: zLeaveOrganizationInput,
      response: zSuccess,
    },
    auth,
    async (c, { body }) => c.json(await service.leaveOrganization(db, c.var.actor, body.organization_id)),
  );
  defineRoute(
    r,
    {
      method: "get",
      path: "/org/is_user_admin",
      summary: "Whether the user administers the given (or any) organisation",
      tag,
      query: zOrgIdQuery,
      response: zIsUserAdmin,
    },
    auth,
    async (c, { query }) => c.json(await service.isUserAdmin(db, c.var.actor, query.organization_id)),
  );
  defineRoute(
    r,
    {
      method: "get",
      path: "/org/get_org_members",
      summary: "Members, pending invitations and seats (admins)",
      tag,
      query: zOrgIdQuery,
      response: zOrgMembers,
    },
    auth,
    async (c, { query }) => c.json(await service.getMembers(db, c.var.actor, query.organization_id)),
  );
  defineRoute(
    r,
    {
      method: "get",
      path: "/org/get_organization_stats",
      summary: "Members, memories, questions asked and storage for the period (admins; totals only)",
      tag,
      query: zOrgStatsQuery,
      response: zOrgStats,
    },
    auth,
    async (c, { query }) =>
      c.json(await service.getStats(db, c.var.actor, query.organization_id, query.days)),
  );
  defineRoute(
    r,
    {
      method: "post",
      path: "/org/update_organization_keys",
      summary:
        "Set the organisation's OAuth client of an app (admins); the secret is sealed and never returned",
      tag,
      query: zUpdateOrgKeysQuery,
      response: z.object({
        success: z.literal(true),
        app_name: z.string(),
        client_id: z.string(),
        redirect_url: z.string(),
      }),
    },
    auth,
    async (c, { query }) => c.json(await keys.updateKeys(db, ctx.secrets, c.var.actor, query)),
  );
  defineRoute(
    r,
    {
      method: "get",
      path: "/org/get_organization_keys",
      summary: "The organisation's app keys without their secrets (admins)",
      tag,
      query: zOrgIdQuery,
      response: zOrgAppKeys,
    },
    auth,
    async (c, { query }) => c.json(await keys.listKeys(db, ctx.secrets, c.var.actor, query.organization_id)),
  );
  defineRoute(
    r,
    {
      method: "get",
      path: "/org/get_workspace_users",
      summary: "Workspace users (the app-sumo admin's list; paid team plans only)",
      tag,
      query: zOrgIdQuery,
      response: zWorkspaceUsers,
    },
    auth,
    async (c, { query }) => c.json(await service.workspaceUsers(db, c.var.actor, query.organization_id)),
  );
  defineRoute(
    r,
    {
      method: "post",
      path: "/org/share_collection",
      summary: "Share a collection with every member of an organisation (collection admins who belong to it)",
      tag,
      body: zShareCollectionWithOrgInput,
      response: zSuccess,
    },
    auth,
    async (c, { body }) => c.json(await service.shareCollection(db, c.var.actor, body)),
  );
  defineRoute(
    r,
    {
      method: "post",
      path: "/org/unshare_collection",
      summary: "Stop sharing a collection with an organisation",
      tag,
      body: zUnshareCollectionWithOrgInput,
      response: zSuccess,
    },
    auth,
    async (c, { body }) => c.json(await service.unshareCollection(db, c.var.actor, body)),
  );
  defineRoute(
    r,
    {
      method: "get",
      path: "/user/get_organization_app_url",
      summary: "Where the user's organisation opens the app",
      tag,
      response: zOrgAppUrl,
    },
    auth,
    async (c) => c.json(await service.organizationAppUrl(db, c.var.actor, ctx.publicUrl)),
  );
  defineRoute(
    r,
    {
      method: "get",
      path: "/org/get_active_organization",
      summary:
        "The organisation the app follows (chosen in this session, else the default) and the collections it shares",
      tag,
      response: zActiveOrganization,
    },
    auth,
    async (c) => c.json(await active.getActiveOrganization(db, c.var.actor)),
  );
  defineRoute(
    r,
    {
      method: "post",
      path: "/org/set_active_organization",
      summary: "Choose the organisation the app follows in this session (members only)",
      tag,
      body: zSetActiveOrganizationInput,
      response: zActiveOrganization,
    },
    auth,
    async (c, { body }) => {
      // better-auth's organization plugin keeps the choice on this sign-in session.
      const headers = new Headers({ authorization: c.req.header("authorization") ?? "" });
      const setActive = async (organizationId: string) => {
        await ctx.auth.api.setActiveOrganization({ headers, body: { organizationId } });
      };
      return c.json(await service.setActiveOrganization(db, c.var.actor, body.organization_id, setActive));
    },
  );
  return r;
}
