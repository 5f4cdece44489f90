import crypto from "node:crypto";
import { orgMessages, type OrgInvitation, type OrgRole, type Organization } from "@mnemo/contracts";
import type { Actor } from "../../platform/context.ts";
import type { Db } from "../../platform/db/client.ts";
import { AppError, conflict, forbidden, notFound } from "../../platform/lib/errors.ts";
import * as repo from "./repo.ts";
import { present, requireAdmin, requireMembership, seatLimit, type OrgDeps } from "./service.ts";

/**
 * Organisation invitations (issue 20): mailed links that expire, work once, and only for the
 * invited address (the link proves it, as for collection invitations).
 */

/** How long an organisation invitation link works. */
export const ORG_INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const invitationLink = (publicUrl: string, id: string) =>
  `${publicUrl}/org/invitation/${encodeURIComponent(id)}`;

/**
 * Invites an address (admins): one seat is held until the link is used or expires; the seat
 * count and the insert happen in one transaction under the organisation's row lock. The link is
 * mailed when SMTP is configured, else returned for the admin to pass on.
 */
export async function inviteMember(
  deps: OrgDeps,
  actor: Actor,
  input: { organization_id: string; email: string; role: "admin" | "member" },
): Promise<OrgInvitation> {
  const org = await requireAdmin(deps.db, actor, input.organization_id);
  const id = crypto.randomBytes(24).toString("base64url");
  const expiresAt = new Date(Date.now() + ORG_INVITATION_TTL_MS);
  await deps.db.transaction(async (tx) => {
    await repo.lockOrganization(tx, org.organizationId);
    const existing = await repo.userByEmail(tx, input.email);
    if (existing && (await repo.memberByUser(tx, org.organizationId, existing.id)))
      throw conflict(orgMessages.alreadyMember);
    for (const inv of await repo.pendingInvitations(tx, org.organizationId))
      if (inv.email === input.email) await repo.setInvitationStatus(tx, inv.id, "canceled");
    if ((await repo.seatsUsed(tx, org.organizationId)) >= (await seatLimit(tx, org.organizationId)))
      throw new AppError("plan_limit", orgMessages.seatsFull);
    await repo.insertInvitation(tx, {
      id,
      organizationId: org.organizationId,
      email: input.email,
      role: input.role,
      status: "pending",
      expiresAt,
      inviterId: actor.id,
    });
  });
  const url = invitationLink(deps.publicUrl, id);
  let mailed = false;
  if (deps.mailer) {
    try {
      await deps.mailer.send({
        to: input.email,
        subject: `${actor.name} invited you to ${org.name} on Mnemo`,
        text: `${actor.name} invited you to join the organisation "${org.name}" on Mnemo.\n\nOpen this link to join (it works for 7 days):\n${url}\n`,
      });
      mailed = true;
    } catch (err) {
      deps.log.warn(
        { err: (err as Error).message },
        "organisation invitation mail failed; the admin can copy the link",
      );
    }
  }
  return {
    id,
    email: input.email,
    role: input.role,
    status: "pending",
    expires_at: expiresAt.toISOString(),
    mailed,
    ...(mailed ? {} : { invitation_url: url }),
  };
}

/** A pending, unexpired invitation addressed to the actor; anything else is "no longer valid". */
async function invitationFor(db: repo.Tx, actor: Actor, id: string) {
  const inv = await repo.findInvitation(db, id);
  if (!inv || inv.status !== "pending" || inv.expiresAt.getTime() <= Date.now())
    throw notFound(orgMessages.invitationInvalid);
  if (inv.email.toLowerCase() !== actor.email.toLowerCase())
    throw forbidden(orgMessages.invitationOtherEmail);
  return inv;
}

export async function getInvitation(db: Db, actor: Actor, id: string) {
  const inv = await invitationFor(db, actor, id);
  return {
    id: inv.id,
    organization_name: inv.organizationName,
    inviter_name: inv.inviterName ?? "",
    email: inv.email,
    role: (inv.role ?? "member") as OrgRole,
    expires_at: inv.expiresAt.toISOString(),
  };
}

/** Joins the organisation of an invitation sent to the actor's address (the link proves it). */
export async function acceptInvitation(db: Db, actor: Actor, id: string): Promise<Organization> {
  const organizationId = await db.transaction(async (tx) => {
    const inv = await invitationFor(tx, actor, id);
    await repo.lockOrganization(tx, inv.organizationId);
    if (!(await repo.memberByUser(tx, inv.organizationId, actor.id)))
      await repo.insertMember(tx, {
        id: crypto.randomUUID(),
        organizationId: inv.organizationId,
        userId: actor.id,
        role: inv.role === "admin" ? "admin" : "member",
      });
    await repo.setInvitationStatus(tx, inv.id, "accepted");
    return inv.organizationId;
  });
  return present(await requireMembership(db, actor, organizationId));
}
