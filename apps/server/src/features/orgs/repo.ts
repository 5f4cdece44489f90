import { and, asc, count, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/client.ts";
import { queryRows } from "../../platform/db/client.ts";
import {
  collection,
  collectionOrgShare,
  invitation,
  member,
  organization,
  orgAppKey,
  orgLabel,
  orgSso,
  ssoLogin,
  user,
  userProfile,
} from "../../platform/db/schema/index.ts";
import { pick } from "../../platform/lib/pick.ts";

export type { Tx };

export type Membership = {
  memberId: string;
  organizationId: string;
  role: string;
  name: string;
  slug: string;
  createdAt: Date;
};

/** The organisations a user belongs to, oldest membership first. */
export async function membershipsOf(db: Tx, userId: string): Promise<Membership[]> {
  return db
    .select({
      memberId: member.id,
      ...pick(member, "organizationId", "role"),
      ...pick(organization, "name", "slug"),
      createdAt: member.createdAt,
    })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(eq(member.userId, userId))
    .orderBy(asc(member.createdAt), asc(member.id));
}

export async function findOrganization(db: Tx, id: string) {
  const [row] = await db.select().from(organization).where(eq(organization.id, id));
  return row;
}

export async function slugTaken(db: Tx, slug: string): Promise<boolean> {
  const [row] = await db
    .select({ id: organization.id })
    .from(organization)
    .where(eq(organization.slug, slug));
  return !!row;
}

/** Members with their accounts, owner first then by join date. */
export async function membersOf(db: Tx, organizationId: string) {
  return db
    .select({ ...pick(member, "id", "userId", "role", "createdAt"), ...pick(user, "name", "email") })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(eq(member.organizationId, organizationId))
    .orderBy(
      sql`CASE ${member.role} WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 ELSE 2 END`,
      asc(member.createdAt),
    );
}

export async function findMember(db: Tx, organizationId: string, memberId: string) {
  const [row] = await db
    .select()
    .from(member)
    .where(and(eq(member.organizationId, organizationId), eq(member.id, memberId)));
  return row;
}

export async function memberByUser(db: Tx, organizationId: string, userId: string) {
  const [row] = await db
    .select()
    .from(member)
    .where(and(eq(member.organizationId, organizationId), eq(member.userId, userId)));
  return row;
}

export async function insertMember(db: Tx, row: typeof member.$inferInsert) {
  await db.insert(member).values(row);
}

export async function updateMemberRole(db: Tx, memberId: string, role: string) {
  await db.update(member).set({ role }).where(eq(member.id, memberId));
}

export async function deleteMember(db: Tx, memberId: string) {
  await db.delete(member).where(eq(member.id, memberId));
}

/** Which invitations of an organisation are pending and unexpired. */
const pending = (organizationId: string, now: Date) =>
  and(
    eq(invitation.organizationId, organizationId),
    eq(invitation.status, "pending"),
    gt(invitation.expiresAt, now),
  );

/** Pending, unexpired invitations of an organisation. */
export async function pendingInvitations(db: Tx, organizationId: string, now = new Date()) {
  return db.select().from(invitation).where(pending(organizationId, now)).orderBy(asc(invitation.expiresAt));
}

export async function findInvitation(db: Tx, id: string) {
  const [row] = await db
    .select({
      ...pick(invitation, "id", "organizationId", "email", "role", "status", "expiresAt"),
      organizationName: organization.name,
      inviterName: user.name,
    })
    .from(invitation)
    .innerJoin(organization, eq(organization.id, invitation.organizationId))
    .leftJoin(user, eq(user.id, invitation.inviterId))
    .where(eq(invitation.id, id));
  return row;
}

export async function insertInvitation(db: Tx, row: typeof invitation.$inferInsert) {
  await db.insert(invitation).values(row);
}

export async function setInvitationStatus(db: Tx, id: string, status: string) {
  await db.update(invitation).set({ status }).where(eq(invitation.id, id));
}

/** Members plus pending invitations: the seats in use. */
export async function seatsUsed(db: Tx, organizationId: string, now = new Date()): Promise<number> {
  const [m] = await db.select({ n: count() }).from(member).where(eq(member.organizationId, organizationId));
  const [i] = await db.select({ n: count() }).from(invitation).where(pending(organizationId, now));
  return Number(m?.n ?? 0) + Number(i?.n ?? 0);
}

/** Serialises seat checks of one organisation inside a transaction (quota inside the write). */
export async function lockOrganization(db: Tx, organizationId: string) {
  await db.execute(sql`SELECT id FROM organization WHERE id = ${organizationId} FOR UPDATE`);
}

export async function ownerOf(db: Tx, organizationId: string) {
  const [row] = await db
    .select({ userId: member.userId })
    .from(member)
    .where(and(eq(member.organizationId, organizationId), eq(member.role, "owner")))
    .orderBy(asc(member.createdAt));
  return row?.userId;
}

/** Whether the account is a site administrator (user_profile.is_admin, issue 41). */
export async function isSiteAdmin(db: Tx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ isAdmin: userProfile.isAdmin })
    .from(userProfile)
    .where(eq(userProfile.userId, userId));
  return row?.isAdmin === true;
}

/** Aggregates over the members' data for a period: counts and bytes only, never content. */
export async function orgStats(db: Tx, organizationId: string, from: Date, to: Date) {
  const members = sql`SELECT m.user_id FROM member m WHERE m.organization_id = ${organizationId}`;
  const [row] = await queryRows<{
    members: number | string;
    memories: number | string;
    memories_added: number | string;
    questions: number | string;
    storage: number | string | null;
  }>(
    db as Db,
    sql`SELECT
      (SELECT count(*) FROM member m WHERE m.organization_id = ${organizationId}) AS members,
      (SELECT count(*) FROM source s WHERE s.owner_id IN (${members})) AS memories,
      (SELECT count(*) FROM source s WHERE s.owner_id IN (${members})
         AND s.created_at >= ${from.toISOString()} AND s.created_at < ${to.toISOString()}) AS memories_added,
      (SELECT count(*) FROM chat_turn t WHERE t.owner_id IN (${members})
         AND t.created_at >= ${from.toISOString()} AND t.created_at < ${to.toISOString()}) AS questions,
      (SELECT coalesce(sum(b.size), 0) FROM blob b WHERE b.owner_id IN (${members})) AS storage`,
  );
  return {
    members: Number(row?.members ?? 0),
    memories: Number(row?.memories ?? 0),
    memoriesAdded: Number(row?.memories_added ?? 0),
    questions: Number(row?.questions ?? 0),
    storage: Number(row?.storage ?? 0),
  };
}

export async function upsertAppKey(db: Tx, organizationId: string, app: string, sealed: string) {
  await db
    .insert(orgAppKey)
    .values({ organizationId, app, sealed })
    .onConflictDoUpdate({
      target: [orgAppKey.organizationId, orgAppKey.app],
      set: { sealed, updatedAt: new Date() },
    });
}

export async function appKeysOf(db: Tx, organizationIds: string[], app?: string) {
  if (organizationIds.length === 0) return [];
  return db
    .select()
    .from(orgAppKey)
    .where(
      and(
        inArray(orgAppKey.organizationId, organizationIds),
        app === undefined ? undefined : eq(orgAppKey.app, app),
      ),
    )
    .orderBy(asc(orgAppKey.app));
}

/** The settings an organisation has one row of (white label, SSO), keyed by the organisation. */
type OrgSettings = typeof orgLabel | typeof orgSso;

async function settingsOf<T extends OrgSettings>(
  db: Tx,
  table: T,
  organizationId: string,
): Promise<T["$inferSelect"] | undefined> {
  const settings: OrgSettings = table;
  const [row] = await db.select().from(settings).where(eq(settings.organizationId, organizationId));
  return row;
}

/** Writes the organisation's row of `table`, whether or not it has one yet. */
async function saveSettings<T extends OrgSettings>(db: Tx, table: T, row: T["$inferInsert"]) {
  const settings: OrgSettings = table;
  await db
    .insert(settings)
    .values(row)
    .onConflictDoUpdate({ target: settings.organizationId, set: { ...row, updatedAt: new Date() } });
}

export const findLabel = (db: Tx, organizationId: string) => settingsOf(db, orgLabel, organizationId);

export const upsertLabel = (db: Tx, row: typeof orgLabel.$inferInsert) => saveSettings(db, orgLabel, row);

export async function shareCollection(db: Tx, collectionId: string, organizationId: string, role: string) {
  await db
    .insert(collectionOrgShare)
    .values({ collectionId, organizationId, role })
    .onConflictDoUpdate({
      target: [collectionOrgShare.collectionId, collectionOrgShare.organizationId],
      set: { role },
    });
}

/** The collections shared with an organisation, by name. */
export async function collectionsSharedWith(db: Tx, organizationId: string) {
  return db
    .select({ id: collection.id, name: collection.name, role: collectionOrgShare.role })
    .from(collectionOrgShare)
    .innerJoin(collection, eq(collection.id, collectionOrgShare.collectionId))
    .where(eq(collectionOrgShare.organizationId, organizationId))
    .orderBy(asc(collection.name), asc(collection.id));
}

export async function unshareCollection(db: Tx, collectionId: string, organizationId: string) {
  await db
    .delete(collectionOrgShare)
    .where(
      and(
        eq(collectionOrgShare.collectionId, collectionId),
        eq(collectionOrgShare.organizationId, organizationId),
      ),
    );
}

export const ssoOf = (db: Tx, organizationId: string) => settingsOf(db, orgSso, organizationId);

/**
 * The organisation whose claim on `domain` is proven (DNS or the operator): the only one SSO and
 * the password refusal follow. Unproven claims of the same domain may exist side by side; the
 * first to prove it wins (issue 46).
 */
export async function verifiedSsoByDomain(db: Tx, domain: string) {
  const [row] = await db
    .select()
    .from(orgSso)
    .where(and(eq(orgSso.domain, domain), eq(orgSso.domainVerified, true)));
  return row;
}

export const upsertSso = (db: Tx, row: typeof orgSso.$inferInsert) => saveSettings(db, orgSso, row);

/**
 * Marks the organisation's domain proven unless another organisation proved it first (one
 * statement, checked and written together). Returns whether it was marked.
 */
export async function markDomainVerified(db: Tx, organizationId: string): Promise<boolean> {
  const rows = await db
    .update(orgSso)
    .set({ domainVerified: true })
    .where(
      and(
        eq(orgSso.organizationId, organizationId),
        sql`NOT EXISTS (SELECT 1 FROM org_sso other WHERE other.domain = ${orgSso.domain}
              AND other.domain_verified AND other.organization_id <> ${organizationId})`,
      ),
    )
    .returning({ id: orgSso.organizationId });
  return rows.length > 0;
}

export async function insertSsoLogin(db: Tx, row: typeof ssoLogin.$inferInsert) {
  await db.insert(ssoLogin).values(row);
}

/** Takes a pending sign-in by its state once (deleted whether or not it is still valid). */
export async function takeSsoLogin(db: Tx, state: string) {
  const [row] = await db.delete(ssoLogin).where(eq(ssoLogin.state, state)).returning();
  return row;
}

/** Takes a finished sign-in by the hash of its one-time code. */
export async function takeSsoExchange(db: Tx, exchangeHash: string) {
  const [row] = await db.delete(ssoLogin).where(eq(ssoLogin.exchangeHash, exchangeHash)).returning();
  return row;
}

export async function userByEmail(db: Tx, email: string) {
  const [row] = await db.select().from(user).where(eq(user.email, email));
  return row;
}
