import crypto from "node:crypto";
import {
  collectionMessages,
  type ClaimInvitationResponse,
  type Invitation,
  type InvitationPreview,
} from "@mnemo/contracts";
import type { Db } from "../../platform/db/client.ts";
import type { Actor } from "../../platform/context.ts";
import type { Logger } from "../../platform/logger.ts";
import { AppError } from "../../platform/lib/errors.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import { invitationMail } from "../../platform/mail/messages.ts";
import { noteJoinedCollection } from "../../core/users/service.ts";
import * as repo from "./repo.ts";

/**
 * Invitations (issue 12 item 3). A grant is made to an e-mail address but reaches an account only
 * once bound to it, on proof of the address: the account's verified e-mail (SMTP configured), or
 * the single-use invitation link sent to the address (or copied by the sharer without SMTP).
 * Registering the address without proving it gives nothing.
 */

/** How long an invitation link works. */
export const INVITATION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** The link the invitee opens: the web app claims it once signed in. */
export const invitationUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/?invitation=${encodeURIComponent(token)}`;

export type InvitationDeps = { mailer?: Mailer; publicUrl: string; log: Logger };

/**
 * For each granted address: binds the grant at once to an account whose e-mail is verified;
 * otherwise makes a single-use link (only its hash is stored). Runs inside the share transaction.
 */
export async function inviteAddresses(
  tx: repo.Tx,
  deps: InvitationDeps,
  invite: { collectionId: string; invitedBy: string },
  emails: string[],
): Promise<{ email: string; url: string }[]> {
  const { collectionId, invitedBy } = invite;
  const grants = new Map((await repo.grantsOf(tx, [collectionId])).map((g) => [g.email, g]));
  const links: { email: string; url: string }[] = [];
  for (const email of emails) {
    if (grants.get(email)?.userId) continue; // already bound: a role change needs no new proof
    const verified = await repo.verifiedUserByEmail(tx, email);
    if (verified) {
      await repo.bindGrant(tx, collectionId, email, verified);
      continue;
    }
    const token = crypto.randomBytes(32).toString("base64url");
    await repo.insertInvitation(tx, {
      tokenHash: hashToken(token),
      collectionId,
      email,
      invitedBy,
      expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
    });
    links.push({ email, url: invitationUrl(deps.publicUrl, token) });
  }
  return links;
}

/** Mails the links when SMTP is configured (after the share committed); says which were sent. */
export async function deliverInvitations(
  deps: InvitationDeps,
  links: { email: string; url: string }[],
  about: { inviter: string; name: string },
): Promise<Invitation[]> {
  return Promise.all(
    links.map(async ({ email, url }) => {
      let mailed = false;
      if (deps.mailer) {
        try {
          await deps.mailer.send(invitationMail(email, { ...about, url }));
          mailed = true;
        } catch (err) {
          deps.log.warn(
            { err: (err as Error).message },
            "invitation mail failed; the sharer can copy the link",
          );
        }
      }
      return { email, invitation_url: url, mailed };
    }),
  );
}

/**
 * What an invitation link opens, for the sign-in and sign-up pages (public, issue 41): the
 * collection's name and the sharer's display name only. Unknown, expired, revoked or used links
 * answer 404, as claiming them would.
 */
export async function previewInvitation(db: Db, token: string): Promise<InvitationPreview> {
  const found = await repo.invitationPreview(db, hashToken(token));
  if (!found || found.expiresAt.getTime() <= Date.now())
    throw new AppError("not_found", collectionMessages.invitationInvalid);
  return { collection_name: found.collectionName, inviter_name: found.inviterName?.trim() || null };
}

/**
 * Claims an invitation for the signed-in account: binds the grant to it and consumes the token
 * (single use). Unknown, expired, revoked or already-bound-elsewhere invitations answer 404.
 */
export async function claimInvitation(db: Db, actor: Actor, token: string): Promise<ClaimInvitationResponse> {
  const claimed = await db.transaction(async (tx) => {
    const invitation = await repo.takeInvitation(tx, hashToken(token));
    const invalid = () => new AppError("not_found", collectionMessages.invitationInvalid);
    if (!invitation || invitation.expiresAt.getTime() <= Date.now()) throw invalid();
    const grant = (await repo.grantsOf(tx, [invitation.collectionId])).find(
      (g) => g.email === invitation.email,
    );
    if (!grant || (grant.userId && grant.userId !== actor.id)) throw invalid();
    const role = await repo.bindGrant(tx, invitation.collectionId, invitation.email, actor.id);
    if (!role) throw invalid();
    await repo.deleteInvitations(tx, invitation.collectionId, invitation.email);
    return { collection_id: invitation.collectionId, access: role };
  });
  // A new account finishes onboarding into the collection it was invited to (issue 41).
  await noteJoinedCollection(db, actor.id, claimed.collection_id);
  return claimed;
}

/**
 * better-auth's afterEmailVerification: the proven address's pending grants become the account's
 * (the latest shared is the collection it joined, for onboarding).
 */
export async function bindGrantsOfVerifiedAddress(db: Db, user: { id: string; email: string }) {
  const [latest] = await repo.bindPendingGrantsByEmail(db, user.email.toLowerCase(), user.id);
  if (latest) await noteJoinedCollection(db, user.id, latest);
}
