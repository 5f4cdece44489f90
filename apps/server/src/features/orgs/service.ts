import {
  orgMessages,
  orgSeatLimit,
  mayListWorkspaceUsers,
  type OrgMembers,
  type OrgRole,
  type OrgStats,
  type Organization,
} from "@mnemo/contracts";
import type { Actor } from "../../platform/context.ts";
import type { Db } from "../../platform/db/client.ts";
import { conflict, forbidden, notFound } from "../../platform/lib/errors.ts";
import type { Logger } from "../../platform/logger.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import { loadPlanState } from "../../core/plans/service.ts";
import { requireCollectionAccess } from "../collections/index.ts";
import { activeMembership, getActiveOrganization, ownerMayWhiteLabel, present } from "./active.ts";
import { canAdminister, isAdminRole, mayChangeRole, mayRemove } from "./policy.ts";
import * as repo from "./repo.ts";

export type OrgDeps = { db: Db; mailer?: Mailer; publicUrl: string; log: Logger };

/**
 * The actor's membership of `organizationId`; an organisation the actor does not belong to is
 * answered as not found (its existence is not revealed).
 */
export async function requireMembership(db: repo.Tx, actor: Pick<Actor, "id">, organizationId: string) {
  const m = (await repo.membershipsOf(db, actor.id)).find((x) => x.organizationId === organizationId);
  if (!m) throw notFound(orgMessages.notFound);
  return m;
}

/**
 * The organisation a call without `organization_id` acts on: the one chosen in this session
 * (while still a member), else the first the actor administers, else the first.
 */
function defaultMembership(all: repo.Membership[], actor: Pick<Actor, "activeOrganizationId">) {
  const chosen = actor.activeOrganizationId
    ? all.find((x) => x.organizationId === actor.activeOrganizationId)
    : undefined;
  return chosen ?? all.find((x) => isAdminRole(x.role)) ?? all[0];
}

/**
 * The membership an admin call acts on: the given organisation, else the first one the actor
 * administers. 404 when not a member, 403 when a member without the admin role.
 */
export async function requireAdmin(
  db: repo.Tx,
  actor: Pick<Actor, "id" | "activeOrganizationId">,
  organizationId?: string,
) {
  const all = await repo.membershipsOf(db, actor.id);
  const m = organizationId
    ? all.find((x) => x.organizationId === organizationId)
    : defaultMembership(all, actor);
  if (!m) throw notFound(orgMessages.notFound);
  if (!canAdminister(m.role)) throw forbidden(orgMessages.adminsOnly);
  return m;
}

export { present };

export async function listOrganizations(db: Db, actor: Actor): Promise<Organization[]> {
  const memberships = await repo.membershipsOf(db, actor.id);
  // Whether Branding applies: the owner's plan decides (the web offers the section only then).
  return Promise.all(
    memberships.map(async (m) => ({
      ...present(m),
      white_label: await ownerMayWhiteLabel(db, m.organizationId),
    })),
  );
}

/** A URL-safe slug of a name (the organisation's address in its app URL). */
export function slugify(name: string): string {
  const s = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48);
  return s || "org";
}

/** Creates an organisation through better-auth's organization plugin; the creator is its owner. */
export async function createOrganization(
  deps: {
    db: Db;
    createOrg: (p: { name: string; slug: string; userId: string }) => Promise<{ id: string }>;
    /** Slugs named in SSO_TRUSTED_DOMAINS: only a site administrator may create them (issue 46). */
    reservedSlugs?: ReadonlySet<string>;
  },
  actor: Actor,
  name: string,
): Promise<Organization> {
  const slug = slugify(name);
  if (deps.reservedSlugs?.has(slug) && !(await repo.isSiteAdmin(deps.db, actor.id)))
    throw conflict(orgMessages.slugReserved);
  if (await repo.slugTaken(deps.db, slug)) throw conflict(orgMessages.nameTaken);
  const org = await deps.createOrg({ name, slug, userId: actor.id });
  return present(await requireMembership(deps.db, actor, org.id));
}

/** The seats an organisation may fill: its owner's plan decides (spec 3 §6, team plan seats). */
export async function seatLimit(db: repo.Tx, organizationId: string): Promise<number> {
  const ownerId = await repo.ownerOf(db, organizationId);
  if (!ownerId) return 0;
  const state = await loadPlanState(db, { id: ownerId, isDesktopApp: false });
  return orgSeatLimit(state.plan);
}

export async function getMembers(db: Db, actor: Actor, organizationId?: string): Promise<OrgMembers> {
  const org = await requireAdmin(db, actor, organizationId);
  const [members, invitations, used, limit] = await Promise.all([
    repo.membersOf(db, org.organizationId),
    repo.pendingInvitations(db, org.organizationId),
    repo.seatsUsed(db, org.organizationId),
    seatLimit(db, org.organizationId),
  ]);
  return {
    organization_id: org.organizationId,
    members: members.map((m) => ({
      id: m.id,
      user_id: m.userId,
      name: m.name,
      email: m.email,
      role: m.role as OrgRole,
      created_at: m.createdAt.toISOString(),
    })),
    invitations: invitations.map((i) => ({
      id: i.id,
      email: i.email,
      role: (i.role ?? "member") as OrgRole,
      status: i.status,
      expires_at: i.expiresAt.toISOString(),
    })),
    seats: { used, limit },
  };
}

async function targetMember(db: repo.Tx, organizationId: string, memberId: string) {
  const target = await repo.findMember(db, organizationId, memberId);
  if (!target) throw notFound("Member not found.");
  return target;
}

export async function updateMemberRole(
  db: Db,
  actor: Actor,
  input: { organization_id: string; member_id: string; role: "admin" | "member" },
) {
  const org = await requireAdmin(db, actor, input.organization_id);
  const target = await targetMember(db, org.organizationId, input.member_id);
  const refusal = mayChangeRole(org.role, target.role);
  if (refusal) throw forbidden(refusal);
  await repo.updateMemberRole(db, target.id, input.role);
  return { success: true as const };
}

export async function removeMember(
  db: Db,
  actor: Actor,
  input: { organization_id: string; member_id: string },
) {
  const org = await requireAdmin(db, actor, input.organization_id);
  const target = await targetMember(db, org.organizationId, input.member_id);
  const refusal = mayRemove(org.role, target.role);
  if (refusal) throw forbidden(refusal);
  await repo.deleteMember(db, target.id);
  return { success: true as const };
}

export async function leaveOrganization(db: Db, actor: Actor, organizationId: string) {
  const m = await requireMembership(db, actor, organizationId);
  if (m.role === "owner") throw forbidden(orgMessages.ownerCannotLeave);
  await repo.deleteMember(db, m.memberId);
  return { success: true as const };
}

/** GET /org/is_user_admin: whether the actor administers the given (or any) organisation. */
export async function isUserAdmin(db: Db, actor: Actor, organizationId?: string) {
  const all = await repo.membershipsOf(db, actor.id);
  const m = organizationId
    ? all.find((x) => x.organizationId === organizationId)
    : defaultMembership(all, actor);
  return { is_admin: !!m && isAdminRole(m.role), organization_id: m?.organizationId ?? null };
}

/**
 * POST /org/set_active_organization: makes an organisation the actor belongs to the active one of
 * this session (better-auth's active organization, through `setActive`); 404 for any other.
 */
export async function setActiveOrganization(
  db: Db,
  actor: Actor,
  organizationId: string,
  setActive: (organizationId: string) => Promise<void>,
) {
  const m = await requireMembership(db, actor, organizationId);
  await setActive(m.organizationId);
  return getActiveOrganization(db, { ...actor, activeOrganizationId: m.organizationId });
}

/** Counts over the period; an admin sees totals, never a member's memories or questions. */
export async function getStats(
  db: Db,
  actor: Actor,
  organizationId: string | undefined,
  days: number,
): Promise<OrgStats> {
  const org = await requireAdmin(db, actor, organizationId);
  const to = new Date();
  const from = new Date(to.getTime() - days * 24 * 60 * 60 * 1000);
  const s = await repo.orgStats(db, org.organizationId, from, to);
  return {
    organization_id: org.organizationId,
    period: { from: from.toISOString(), to: to.toISOString(), days },
    members: s.members,
    memories: s.memories,
    memories_added: s.memoriesAdded,
    questions_asked: s.questions,
    storage_bytes: s.storage,
  };
}

/** GET /user/get_organization_app_url: where the actor's active organisation opens the app. */
export async function organizationAppUrl(db: Db, actor: Actor, publicUrl: string) {
  const m = (await activeMembership(db, actor))?.membership;
  if (!m) return { organization_id: null, organization_name: null, app_url: null };
  return {
    organization_id: m.organizationId,
    organization_name: m.name,
    app_url: `${publicUrl}/?org=${encodeURIComponent(m.slug)}`,
  };
}

/** The app-sumo admin's workspace users: admins on a paid team plan only (spec 3 §6). */
export async function workspaceUsers(db: Db, actor: Actor, organizationId?: string) {
  const org = await requireAdmin(db, actor, organizationId);
  const state = await loadPlanState(db, actor);
  if (!mayListWorkspaceUsers(state.plan)) throw forbidden(orgMessages.workspaceUsersTeamOnly);
  const members = await repo.membersOf(db, org.organizationId);
  return {
    organization_id: org.organizationId,
    users: members.map((m) => ({ user_id: m.userId, name: m.name, email: m.email, role: m.role as OrgRole })),
  };
}

/**
 * Shares a collection with a whole organisation: the actor must belong to the organisation and
 * administer the collection (its share right).
 */
export async function shareCollection(
  db: Db,
  actor: Actor,
  input: { organization_id: string; collection_id: string; access_type: "read" | "write" },
) {
  const org = await requireMembership(db, actor, input.organization_id);
  await requireCollectionAccess(db, actor, input.collection_id, "share");
  await repo.shareCollection(db, input.collection_id, org.organizationId, input.access_type);
  return { success: true as const };
}

export async function unshareCollection(
  db: Db,
  actor: Actor,
  input: { organization_id: string; collection_id: string },
) {
  const org = await requireMembership(db, actor, input.organization_id);
  await requireCollectionAccess(db, actor, input.collection_id, "revoke");
  await repo.unshareCollection(db, input.collection_id, org.organizationId);
  return { success: true as const };
}
