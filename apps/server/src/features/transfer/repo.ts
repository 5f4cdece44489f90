import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client.ts";
import { grantsOf } from "../collections/index.ts";
import {
  blob,
  chat,
  chatTurn,
  collection,
  collectionOrgShare,
  collectionSource,
  importRun,
  organization,
  source,
  sourceContent,
  user,
} from "../../platform/db/schema/index.ts";
import { pick } from "../../platform/lib/pick.ts";

export type Tx = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;
export type ImportRunRow = typeof importRun.$inferSelect;

/**
 * Where an export page stopped: the last row's id and its created_at as the database holds it
 * (microseconds, UTC text). A JS Date keeps milliseconds only, so a cursor made from one sorts
 * before its own row on PostgreSQL and the same page came back for ever (issue 46).
 */
export type ExportCursor = { at: string; id: string };

/** created_at at the database's precision, as text that reads back as the same instant. */
const createdAtText = sql<string>`to_char(${source.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** One page of memories to export, in (created_at, id) order after `after`. */
export async function exportPage(
  db: Db,
  scope: { ownerId: string } | { collectionId: string },
  after: ExportCursor | null,
  limit: number,
) {
  const where = [
    "ownerId" in scope
      ? eq(source.ownerId, scope.ownerId)
      : sql`${source.id} IN (SELECT cs.source_id FROM collection_source cs WHERE cs.collection_id = ${scope.collectionId})`,
  ];
  if (after)
    where.push(sql`(${source.createdAt}, ${source.id}) > (${after.at}::timestamptz, ${after.id}::text)`);
  return db
    .select({
      s: source,
      markdown: sourceContent.markdown,
      blocks: sourceContent.blocks,
      cursorAt: createdAtText,
    })
    .from(source)
    .leftJoin(sourceContent, eq(sourceContent.sourceId, source.id))
    .where(and(...where))
    .orderBy(asc(source.createdAt), asc(source.id))
    .limit(limit);
}

/** Uploaded files of these memories. */
export async function blobsOf(db: Db, sourceIds: string[]) {
  if (!sourceIds.length) return [];
  return db
    .select({ key: blob.key, sourceId: blob.sourceId, name: blob.name, mimeType: blob.mimeType })
    .from(blob)
    .where(and(inArray(blob.sourceId, sourceIds), eq(blob.state, "uploaded")));
}

/** Collection memberships of these memories, limited to the given collections. */
export async function membershipsOf(db: Db, sourceIds: string[], collectionIds: string[]) {
  if (!sourceIds.length || !collectionIds.length) return [];
  return db
    .select({ sourceId: collectionSource.sourceId, collectionId: collectionSource.collectionId })
    .from(collectionSource)
    .where(
      and(
        inArray(collectionSource.sourceId, sourceIds),
        inArray(collectionSource.collectionId, collectionIds),
      ),
    );
}

export async function ownedCollections(db: Db, ownerId: string) {
  return db
    .select()
    .from(collection)
    .where(eq(collection.ownerId, ownerId))
    .orderBy(asc(collection.createdAt));
}

export async function collectionById(db: Db, id: string) {
  const [row] = await db.select().from(collection).where(eq(collection.id, id));
  return row;
}

export async function memberIdsOf(db: Db, collectionId: string): Promise<string[]> {
  const rows = await db
    .select({ id: collectionSource.sourceId })
    .from(collectionSource)
    .where(eq(collectionSource.collectionId, collectionId))
    .orderBy(asc(collectionSource.createdAt));
  return rows.map((r) => r.id);
}

/** Who these collections are shared with: grants by e-mail and organisation shares. */
export async function sharingOf(db: Db, collectionIds: string[]) {
  if (!collectionIds.length) return { grants: [], orgs: [] };
  const [grants, orgs] = await Promise.all([
    // The grants are read where they are managed (modules/collections), as every other module does.
    grantsOf(db, collectionIds),
    db
      .select({
        collectionId: collectionOrgShare.collectionId,
        ...pick(organization, "id", "name", "slug"),
        role: collectionOrgShare.role,
      })
      .from(collectionOrgShare)
      .innerJoin(organization, eq(organization.id, collectionOrgShare.organizationId))
      .where(inArray(collectionOrgShare.collectionId, collectionIds))
      .orderBy(asc(collectionOrgShare.createdAt)),
  ]);
  return { grants, orgs };
}

/** The importing account's e-mail and name (the sharer named in invitations). */
export async function accountOf(db: Tx, userId: string) {
  const [row] = await db.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, userId));
  return row;
}

/** Which of these (lower-case) addresses an account on this server uses. */
export async function existingAccountEmails(db: Tx, emails: string[]): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const rows = await db
    .select({ email: sql<string>`lower(${user.email})` })
    .from(user)
    .where(inArray(sql`lower(${user.email})`, emails));
  return new Set(rows.map((r) => r.email));
}

/** Memories of these ids still being fetched or indexed, with their content version. */
export async function inProgressOf(db: Tx, ownerId: string, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select({ id: source.id, version: source.contentVersion })
    .from(source)
    .where(and(eq(source.ownerId, ownerId), inArray(source.id, ids), eq(source.status, "in_progress")));
}

/** The user's chats (optionally those scoped to one collection), with their turns. */
export async function chatsOf(db: Db, ownerId: string, collectionId?: string) {
  const chats = await db
    .select()
    .from(chat)
    .where(and(eq(chat.ownerId, ownerId), collectionId ? eq(chat.collectionId, collectionId) : undefined))
    .orderBy(asc(chat.createdAt));
  return chats;
}

export async function turnsOf(db: Db, chatId: string) {
  return db.select().from(chatTurn).where(eq(chatTurn.chatId, chatId)).orderBy(asc(chatTurn.ord));
}

// ---- import runs ----

export async function insertRun(db: Db, row: typeof importRun.$inferInsert) {
  const [r] = await db.insert(importRun).values(row).returning();
  return r!;
}

export async function findRun(db: Tx, id: string): Promise<ImportRunRow | undefined> {
  const [r] = await db.select().from(importRun).where(eq(importRun.id, id));
  return r;
}

export async function findOwnedRun(db: Db, ownerId: string, id: string) {
  const [r] = await db
    .select()
    .from(importRun)
    .where(and(eq(importRun.id, id), eq(importRun.ownerId, ownerId)));
  return r;
}

export async function listRuns(db: Db, ownerId: string, limit = 20) {
  return db
    .select()
    .from(importRun)
    .where(eq(importRun.ownerId, ownerId))
    .orderBy(desc(importRun.createdAt))
    .limit(limit);
}

export async function updateRun(db: Tx, id: string, patch: Partial<typeof importRun.$inferInsert>) {
  await db
    .update(importRun)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(importRun.id, id));
}

/** Locks the run's row for the transaction that applies its next batch (one applier at a time). */
export async function lockRun(tx: Tx, id: string): Promise<ImportRunRow | undefined> {
  const [r] = await tx.select().from(importRun).where(eq(importRun.id, id)).for("update");
  return r;
}

/** Runs left unfinished by a stopped process (resumed when a worker starts). */
export async function unfinishedRuns(db: Db) {
  return db
    .select({ id: importRun.id })
    .from(importRun)
    .where(inArray(importRun.status, ["queued", "parsing", "running"]));
}

/** Which of these content hashes the owner already holds. */
export async function existingHashes(
  tx: Tx,
  ownerId: string,
  hashes: string[],
): Promise<Map<string, string>> {
  if (!hashes.length) return new Map();
  const rows = await tx
    .select({ hash: source.contentHash, id: source.id })
    .from(source)
    .where(and(eq(source.ownerId, ownerId), inArray(source.contentHash, hashes)));
  return new Map(rows.map((r) => [r.hash!, r.id]));
}

/** Ids of memories this run created, by the ref they were imported under (chats map to them). */
export async function importedRefs(db: Db, ownerId: string, runId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: source.id, ref: sql<string>`${source.meta}->>'import_ref'` })
    .from(source)
    .where(and(eq(source.ownerId, ownerId), sql`${source.meta}->>'import_run' = ${runId}`));
  return new Map(rows.map((r) => [r.ref, r.id]));
}

/** The owner's collections by name, oldest first (an import finds its folders among them). */
export async function ownedCollectionNames(tx: Tx, ownerId: string) {
  return tx
    .select({ id: collection.id, name: collection.name })
    .from(collection)
    .where(eq(collection.ownerId, ownerId))
    .orderBy(asc(collection.createdAt));
}

export async function collectionByName(tx: Tx, ownerId: string, name: string) {
  const [row] = await tx
    .select({ id: collection.id })
    .from(collection)
    .where(and(eq(collection.ownerId, ownerId), sql`lower(${collection.name}) = lower(${name})`))
    .limit(1);
  return row?.id;
}

export async function chatExists(tx: Tx, ownerId: string, id: string) {
  const [row] = await tx
    .select({ id: chat.id })
    .from(chat)
    .where(and(eq(chat.id, id), eq(chat.ownerId, ownerId)));
  return Boolean(row);
}
