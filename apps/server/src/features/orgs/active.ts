import { orgMayWhiteLabel, type ActiveOrganization, type OrgRole, type Organization } from "@mnemo/contracts";
import type { Actor } from "../../platform/context.ts";
import type { Db } from "../../platform/db/client.ts";
import { loadPlanState } from "../../core/plans/service.ts";
import * as repo from "./repo.ts";

/** A membership as the API shows it (the organisation with the user's role). */
export const present = (m: repo.Membership): Organization => ({
  id: m.organizationId,
  name: m.name,
  slug: m.slug,
  role: m.role as OrgRole,
  created_at: m.createdAt.toISOString(),
});

/** Whether the organisation's owner is (still) on a white-label plan. */
export async function ownerMayWhiteLabel(db: repo.Tx, organizationId: string): Promise<boolean> {
  const ownerId = await repo.ownerOf(db, organizationId);
  if (!ownerId) return false;
  return orgMayWhiteLabel((await loadPlanState(db, { id: ownerId, isDesktopApp: false })).plan);
}

/** An organisation's white-label, when it has one its owner's plan allows. */
export async function shownLabel(db: repo.Tx, organizationId: string) {
  const label = await repo.findLabel(db, organizationId);
  return label && (await ownerMayWhiteLabel(db, organizationId)) ? label : undefined;
}

/**
 * The organisation the shell follows (white-label, shared collections, admin links): the one
 * chosen in this session while the actor still belongs to it; else the first with a white-label
 * (so a member who never chose sees the brand they were given); else the first joined. Undefined
 * for a user in no organisation.
 */
export async function activeMembership(
  db: repo.Tx,
  actor: Pick<Actor, "id" | "activeOrganizationId">,
): Promise<{ membership: repo.Membership; chosen: boolean } | undefined> {
  const all = await repo.membershipsOf(db, actor.id);
  const chosen = actor.activeOrganizationId
    ? all.find((m) => m.organizationId === actor.activeOrganizationId)
    : undefined;
  if (chosen) return { membership: chosen, chosen: true };
  for (const m of all) if (await shownLabel(db, m.organizationId)) return { membership: m, chosen: false };
  return all[0] && { membership: all[0], chosen: false };
}

/** GET /org/get_active_organization: the active organisation and the collections it shares. */
export async function getActiveOrganization(db: Db, actor: Actor): Promise<ActiveOrganization> {
  const active = await activeMembership(db, actor);
  if (!active) return { organization: null, chosen: false, shared_collections: [] };
  const m = active.membership;
  const shared = await repo.collectionsSharedWith(db, m.organizationId);
  return {
    organization: present(m),
    chosen: active.chosen,
    shared_collections: shared.map((c) => ({
      collection_id: c.id,
      collection_name: c.name,
      access_type: c.role === "write" ? "write" : "read",
    })),
  };
}
