import { and, count, eq, inArray, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { AccessType } from "@mnemo/contracts";
import type { Db, Tx } from "../../platform/db/client.ts";
import { queryRows } from "../../platform/db/client.ts";
import { textArray } from "../../platform/db/sql.ts";
import {
  collection,
  collectionInvitation,
  collectionMember,
  collectionOrgShare,
  collectionSource,
  member,
  source,
  user,
} from "../../platform/db/schema/index.ts";
import { readableCollectionCondition, readableCollectionIdsSql, type Viewer } from "../../core/access/sql.ts";

export type { Tx };
export type CollectionRow = typeof collection.$inferSelect;
/** A grant to an e-mail address; `userId` is the account it is bound to (null while pending). */
export type Grant = { collectionId: string; email: string; role: AccessType; userId: string | null };

export async function findCollection(db: Tx, id: string): Promise<CollectionRow | undefined> {
  const rows = await db.select().from(collection).where(eq(collection.id, id)).limit(1);
  return rows[0];
}

/** Grants of the given collections (always read fresh: revocation acts on the next request). */
export async function grantsOf(db: Tx, ids: string[]): Promise<Grant[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      collectionId: collectionMember.collectionId,
      email: collectionMember.email,
      role: collectionMember.role,
      userId: collectionMember.userId,
    })
    .from(collectionMember)
    .where(sql`${collectionMember.collectionId} = ANY(${textArray(ids)})`)
    .orderBy(collectionMember.createdAt, collectionMember.email);
  return rows as Grant[];
}

/**
 * The roles a collection's organisation shares give: one row per current member of each
 * organisation it is shared with (read or write).
 */
export async function orgGrantsOf(
  db: Tx,
  collectionId: string,
): Promise<{ userId: string; role: AccessType }[]> {
  const rows = await db
    .select({ userId: member.userId, role: collectionOrgShare.role })
    .from(collectionOrgShare)
    .innerJoin(member, eq(member.organizationId, collectionOrgShare.organizationId))
    .where(eq(collectionOrgShare.collectionId, collectionId));
  return rows as { userId: string; role: AccessType }[];
}

/** The collection when the viewer can read it (owner or any grant), else undefined. */
export async function findReadableCollection(db: Tx, viewer: Viewer, id: string) {
  const [row] = await db
    .select({ id: collection.id, name: collection.name, customInstructions: collection.customInstructions })
    .from(collection)
    .where(and(eq(collection.id, id), sql`${collection.id} IN (${readableCollectionIdsSql(viewer)})`))
    .limit(1);
  return row;
}

export async function emailsOf(db: Tx, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(inArray(user.id, userIds));
  return new Map(rows.map((r) => [r.id, r.email.toLowerCase()]));
}

/** Memory counts per collection. */
export async function documentCounts(db: Tx, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: collectionSource.collectionId, n: count() })
    .from(collectionSource)
    .where(sql`${collectionSource.collectionId} = ANY(${textArray(ids)})`)
    .groupBy(collectionSource.collectionId);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

export type TopDocumentRow = { collection_id: string; id: string; title: string; type: string };

/** The `perCollection` most recently added memories of each collection. */
export async function topDocuments(db: Db, ids: string[], perCollection: number): Promise<TopDocumentRow[]> {
  if (ids.length === 0) return [];
  return queryRows<TopDocumentRow>(
    db,
    sql`SELECT t.collection_id, t.id, t.title, t.type FROM (
          SELECT cs.collection_id, s.id, s.title, s.type,
                 row_number() OVER (PARTITION BY cs.collection_id ORDER BY cs.created_at DESC, s.id) AS rn
          FROM collection_source cs JOIN source s ON s.id = cs.source_id
          WHERE cs.collection_id = ANY(${textArray(ids)})) t
        WHERE t.rn <= ${perCollection} ORDER BY t.collection_id, t.rn`,
  );
}

/**
 * Serialises collection creation per owner until the transaction ends, so the plan-limit count
 * and the duplicate-name check cannot be overtaken by a concurrent create.
 */
export async function lockOwnerCollections(tx: Tx, ownerId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${"collection-owner:" + ownerId}, 0))`);
}

export async function countOwned(db: Tx, ownerId: string): Promise<number> {
  const rows = await db.select({ n: count() }).from(collection).where(eq(collection.ownerId, ownerId));
  return Number(rows[0]?.n ?? 0);
}

/** Whether another of the owner's collections has exactly this name. */
export async function nameTaken(db: Tx, ownerId: string, name: string, exceptId?: string): Promise<boolean> {
  const conds = [eq(collection.ownerId, ownerId), eq(collection.name, name)];
  if (exceptId) conds.push(ne(collection.id, exceptId));
  const rows = await db
    .select({ id: collection.id })
    .from(collection)
    .where(and(...conds))
    .limit(1);
  return rows.length > 0;
}

export async function insertCollection(tx: Tx, row: typeof collection.$inferInsert) {
  await tx.insert(collection).values(row);
}

export async function updateCollection(
  tx: Tx,
  id: string,
  patch: Partial<Pick<CollectionRow, "name" | "description" | "customInstructions">>,
) {
  await tx
    .update(collection)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(collection.id, id));
}

/** Deletes collections; their grants and memberships cascade, the memories stay. */
export async function deleteCollections(tx: Tx, ids: string[]): Promise<string[]> {
  const rows = await tx
    .delete(collection)
    .where(inArray(collection.id, ids))
    .returning({ id: collection.id });
  return rows.map((r) => r.id);
}

/** The subset of `ids` that are memories owned by `ownerId`. */
export async function ownedSourceIds(db: Tx, ownerId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: source.id })
    .from(source)
    .where(and(eq(source.ownerId, ownerId), inArray(source.id, ids)));
  return rows.map((r) => r.id);
}

/** Inserts memberships; returns the ids actually added (already present ones are skipped). */
export async function insertSources(
  tx: Tx,
  collectionId: string,
  ids: string[],
  addedBy: string,
): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .insert(collectionSource)
    .values(ids.map((sourceId) => ({ collectionId, sourceId, addedBy })))
    .onConflictDoNothing()
    .returning({ id: collectionSource.sourceId });
  return rows.map((r) => r.id);
}

export async function removeSources(tx: Tx, collectionId: string, ids: string[]): Promise<string[]> {
  const rows = await tx
    .delete(collectionSource)
    .where(and(eq(collectionSource.collectionId, collectionId), inArray(collectionSource.sourceId, ids)))
    .returning({ id: collectionSource.sourceId });
  return rows.map((r) => r.id);
}

export async function documentCount(db: Tx, collectionId: string): Promise<number> {
  return (await documentCounts(db, [collectionId])).get(collectionId) ?? 0;
}

/** The account registered with this (lower-case) address whose e-mail is verified, if any. */
export async function verifiedUserByEmail(db: Tx, email: string): Promise<string | undefined> {
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .where(and(sql`lower(${user.email}) = ${email}`, eq(user.emailVerified, true)))
    .limit(1);
  return rows[0]?.id;
}

/** Binds the grant of `email` on a collection to an account (the proof of the address was given). */
export async function bindGrant(tx: Tx, collectionId: string, email: string, userId: string) {
  const rows = await tx
    .update(collectionMember)
    .set({ userId })
    .where(and(eq(collectionMember.collectionId, collectionId), eq(collectionMember.email, email)))
    .returning({ role: collectionMember.role });
  return rows[0]?.role as AccessType | undefined;
}

/**
 * Binds every pending grant to `email` to the account that has just verified that address;
 * answers the collections bound, most recently shared first.
 */
export async function bindPendingGrantsByEmail(tx: Tx, email: string, userId: string): Promise<string[]> {
  const rows = await tx
    .update(collectionMember)
    .set({ userId })
    .where(and(eq(collectionMember.email, email), sql`${collectionMember.userId} IS NULL`))
    .returning({ id: collectionMember.collectionId, at: collectionMember.createdAt });
  return rows.sort((a, b) => b.at.getTime() - a.at.getTime()).map((r) => r.id);
}

export async function insertInvitation(
  tx: Tx,
  row: { tokenHash: string; collectionId: string; email: string; invitedBy: string; expiresAt: Date },
) {
  await tx.insert(collectionInvitation).values(row);
}

/**
 * What an invitation link names before sign-in: the collection's name and the sharer's name, if
 * the link exists and its grant still does (revoking drops both; claiming consumes the link).
 */
export async function invitationPreview(db: Db, tokenHash: string) {
  const inviter = alias(user, "inviter");
  const rows = await db
    .select({
      collectionName: collection.name,
      inviterName: inviter.name,
      expiresAt: collectionInvitation.expiresAt,
    })
    .from(collectionInvitation)
    .innerJoin(collection, eq(collection.id, collectionInvitation.collectionId))
    .innerJoin(
      collectionMember,
      and(
        eq(collectionMember.collectionId, collectionInvitation.collectionId),
        eq(collectionMember.email, collectionInvitation.email),
      ),
    )
    .leftJoin(inviter, eq(inviter.id, collectionInvitation.invitedBy))
    .where(eq(collectionInvitation.tokenHash, tokenHash))
    .limit(1);
  return rows[0];
}

/** Deletes (consumes) an invitation by its token hash and returns it, if it existed. */
export async function takeInvitation(tx: Tx, tokenHash: string) {
  const rows = await tx
    .delete(collectionInvitation)
    .where(eq(collectionInvitation.tokenHash, tokenHash))
    .returning();
  return rows[0];
}

/** Drops the pending invitations to a grant (revoked, or bound by another proof). */
export async function deleteInvitations(tx: Tx, collectionId: string, email: string) {
  await tx
    .delete(collectionInvitation)
    .where(and(eq(collectionInvitation.collectionId, collectionId), eq(collectionInvitation.email, email)));
}

/** Grants (or changes) a role for each e-mail. */
export async function upsertGrants(tx: Tx, collectionId: string, emails: string[], role: AccessType) {
  if (emails.length === 0) return;
  await tx
    .insert(collectionMember)
    .values(emails.map((email) => ({ collectionId, email, role })))
    .onConflictDoUpdate({ target: [collectionMember.collectionId, collectionMember.email], set: { role } });
}

export async function deleteGrant(tx: Tx, collectionId: string, email: string): Promise<boolean> {
  const rows = await tx
    .delete(collectionMember)
    .where(and(eq(collectionMember.collectionId, collectionId), eq(collectionMember.email, email)))
    .returning({ email: collectionMember.email });
  return rows.length > 0;
}

export type CollectionMemoryRow = {
  id: string;
  title: string;
  description: string;
  url: string | null;
  type: string;
  status: string;
  created_at: Date | string;
  added_at: Date | string;
  owner_email: string;
};

/** One page of a collection's memories, most recently added first. */
export async function pageOfSources(db: Db, collectionId: string, page: number, pageSize: number) {
  const rows = await queryRows<CollectionMemoryRow>(
    db,
    sql`SELECT s.id, s.title, s.description, s.url, s.type, s.status, s.created_at, cs.created_at AS added_at, u.email AS owner_email
        FROM collection_source cs JOIN source s ON s.id = cs.source_id JOIN "user" u ON u.id = s.owner_id
        WHERE cs.collection_id = ${collectionId}
        ORDER BY cs.created_at DESC, s.id LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
  );
  return { rows, total: await documentCount(db, collectionId) };
}

/** The subset of `ids` already in the collection. */
export async function presentSourceIds(db: Tx, collectionId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: collectionSource.sourceId })
    .from(collectionSource)
    .where(and(eq(collectionSource.collectionId, collectionId), inArray(collectionSource.sourceId, ids)));
  return rows.map((r) => r.id);
}

export type CollectionCardRow = {
  id: string;
  owner_id: string;
  name: string;
  description: string;
  custom_instructions: string;
  created_at: Date | string;
  owner_email: string;
  document_count: number | string | null;
  grants: { email: string; role: AccessType; user_id: string | null }[] | string | null;
  top: { id: string; title: string; type: string }[] | string | null;
};

/**
 * Every collection the actor can see with its counts, grants and `perCollection` newest memories,
 * in ONE round trip (set-based aggregates joined by hash, not per-row subqueries), newest first.
 */
export async function collectionCards(
  db: Db,
  actor: { id: string; email: string },
  perCollection: number,
): Promise<CollectionCardRow[]> {
  return queryRows<CollectionCardRow>(
    db,
    sql`WITH vis AS (
          SELECT co.* FROM collection co WHERE ${readableCollectionCondition(actor)}),
        cnt AS (SELECT cs.collection_id, count(*) AS n FROM collection_source cs WHERE cs.collection_id IN (SELECT id FROM vis) GROUP BY cs.collection_id),
        gr AS (SELECT cm.collection_id, json_agg(json_build_object('email', cm.email, 'role', cm.role, 'user_id', cm.user_id) ORDER BY cm.created_at, cm.email) AS g
               FROM collection_member cm WHERE cm.collection_id IN (SELECT id FROM vis) GROUP BY cm.collection_id),
        ranked AS (SELECT cs.collection_id, s.id, s.title, s.type,
                          row_number() OVER (PARTITION BY cs.collection_id ORDER BY cs.created_at DESC, s.id) AS rn
                   FROM collection_source cs JOIN source s ON s.id = cs.source_id WHERE cs.collection_id IN (SELECT id FROM vis)),
        top AS (SELECT collection_id, json_agg(json_build_object('id', id, 'title', title, 'type', type) ORDER BY rn) AS t
                FROM ranked WHERE rn <= ${perCollection} GROUP BY collection_id)
        SELECT vis.id, vis.owner_id, vis.name, vis.description, vis.custom_instructions, vis.created_at,
               lower(u.email) AS owner_email, cnt.n AS document_count, gr.g AS grants, top.t AS top
        FROM vis JOIN "user" u ON u.id = vis.owner_id
        LEFT JOIN cnt ON cnt.collection_id = vis.id LEFT JOIN gr ON gr.collection_id = vis.id LEFT JOIN top ON top.collection_id = vis.id
        ORDER BY vis.created_at DESC, vis.id`,
  );
}
