import { accessTypes, type AccessType, type ImportItemError } from "@mnemo/contracts";
import type { Actor } from "../../platform/context.ts";
import type { Db } from "../../platform/db/client.ts";
import { AppError } from "../../platform/lib/errors.ts";
import { share } from "../collections/index.ts";
import type { InvitationDeps } from "../collections/index.ts";
import { membershipsOf } from "../orgs/index.ts";
import { shareCollection } from "../orgs/index.ts";
import * as repo from "./repo.ts";
import type { PlannedChat, PlannedCollection } from "./parse/types.ts";

/** Addresses per share call (the share route's own bound, `maxRecipientsPerShare`). */
const PER_SHARE = 50;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const sharingNotes = {
  noAccount:
    "Not shared: no account on this server uses this address. Share the collection again once they have one.",
  unverified:
    "Shared, waiting for them: their address is not verified on this server, so they get access once it is, or through an invitation link (share the collection with them again to get one).",
  notMember: "Not shared with this organisation: you are not a member of it on this server.",
  badRole: "Not shared: the export names an access level Mnemo does not know.",
  badEmail: "Not shared: not a valid e-mail address.",
  publicChat:
    "Its public link was not carried over (it belonged to the server it was exported from): share the chat again for a new link.",
} as const;

const isRole = (r: string): r is AccessType => (accessTypes as readonly string[]).includes(r);

/**
 * Restores the sharing of imported collections for the importing account, through the same rules
 * as sharing by hand (collections `share`, organisations `shareCollection`: the access module
 * checks the importer administers the collection): a grant to each address an account on this
 * server uses (bound at once to a verified address, else waiting for proof of it, with the
 * invitation mailed when SMTP is set), and each organisation share whose organisation the importer
 * belongs to (matched by id, else by slug). Grants the collection already holds are left as they
 * are. What cannot be restored comes back as per-item notes; nothing is dropped silently.
 */
export async function applySharing(
  db: Db,
  invitations: InvitationDeps,
  ownerId: string,
  planned: PlannedCollection[],
  ids: Map<string, string>,
): Promise<ImportItemError[]> {
  const notes: ImportItemError[] = [];
  const shared = planned.filter((c) => ids.has(c.key) && c.sharing);
  if (!shared.length) return notes;
  const account = await repo.accountOf(db, ownerId);
  const actor: Actor = {
    id: ownerId,
    email: (account?.email ?? "").toLowerCase(),
    name: account?.name ?? "",
    isDesktopApp: false,
  };
  const orgs = await membershipsOf(db, ownerId);
  for (const c of shared) {
    const id = ids.get(c.key)!;
    const { members, organizations } = c.sharing!;
    const current = await repo.sharingOf(db, [id]);
    const granted = new Set(current.grants.map((g) => g.email));
    const orgShared = new Set(current.orgs.map((o) => o.id));
    const byRole = new Map<AccessType, string[]>();
    const wanted = members.filter((m) => m.email !== actor.email && !granted.has(m.email));
    const known = await repo.existingAccountEmails(
      db,
      wanted.map((m) => m.email),
    );
    for (const m of wanted) {
      const item = `${c.name}: ${m.email}`;
      if (!EMAIL.test(m.email)) notes.push({ item, message: sharingNotes.badEmail });
      else if (!isRole(m.role)) notes.push({ item, message: sharingNotes.badRole });
      else if (!known.has(m.email)) notes.push({ item, message: sharingNotes.noAccount });
      else byRole.set(m.role, [...(byRole.get(m.role) ?? []), m.email]);
    }
    for (const [role, emails] of byRole) {
      for (let i = 0; i < emails.length; i += PER_SHARE) {
        const batch = emails.slice(i, i + PER_SHARE);
        try {
          const res = await share(db, invitations, actor, id, {
            collection_id: id,
            recipient_email_ids: batch,
            type_of_access: role,
          });
          for (const inv of res.invitations)
            if (!inv.mailed)
              notes.push({ item: `${c.name}: ${inv.email}`, message: sharingNotes.unverified });
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          for (const email of batch) notes.push({ item: `${c.name}: ${email}`, message: err.message });
        }
      }
    }
    for (const o of organizations) {
      const item = `${c.name}: organisation ${o.name || o.slug}`;
      const org =
        orgs.find((m) => m.organizationId === o.id) ?? orgs.find((m) => o.slug !== "" && m.slug === o.slug);
      if (!org) {
        notes.push({ item, message: sharingNotes.notMember });
        continue;
      }
      if (orgShared.has(org.organizationId)) continue;
      if (o.role !== "read" && o.role !== "write") {
        notes.push({ item, message: sharingNotes.badRole });
        continue;
      }
      try {
        await shareCollection(db, actor, {
          organization_id: org.organizationId,
          collection_id: id,
          access_type: o.role,
        });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        notes.push({ item, message: err.message });
      }
    }
  }
  return notes;
}

/** Notes for chats whose public link stays behind. */
export const publicChatNotes = (chats: PlannedChat[]): ImportItemError[] =>
  chats
    .filter((c) => c.wasPublic)
    .map((c) => ({ item: `Chat "${c.title || "Untitled"}"`, message: sharingNotes.publicChat }));

/** Adds notes to a run's per-item list once each (a resumed run meets them again), first 200 kept. */
export function withNotes(errors: ImportItemError[], notes: ImportItemError[]): ImportItemError[] {
  const seen = new Set(errors.map((e) => `${e.item}\n${e.message}`));
  const out = [...errors];
  for (const n of notes) {
    const key = `${n.item}\n${n.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(n);
    }
  }
  return out.slice(0, 200);
}
