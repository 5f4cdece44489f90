import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client.ts";
import { collection, collectionSource, source, sourceContent } from "../../platform/db/schema/index.ts";
import { writableCollectionIdsSql, type Viewer } from "../access/sql.ts";
import { textSlices } from "../../platform/lib/text-slices.ts";

/*
 * Row-level reads and writes of `source` and `source_content` for the writers of memories
 * (ingestion, pages, re-index). Listing and presenting memories is in `repo.ts`.
 */

export type SourceRow = typeof source.$inferSelect;
export type NewSource = typeof source.$inferInsert;
export type SourceContentRow = typeof sourceContent.$inferSelect;
/** A Drizzle database or transaction handle. */
export type Tx = Pick<Db, "select" | "selectDistinct" | "insert" | "update" | "delete" | "execute">;

export async function findSource(db: Tx, id: string): Promise<SourceRow | undefined> {
  const rows = await db.select().from(source).where(eq(source.id, id)).limit(1);
  return rows[0];
}

/** The source when `ownerId` owns it; another user's source reads as missing. */
export async function findOwnedSource(db: Tx, ownerId: string, id: string): Promise<SourceRow | undefined> {
  const rows = await db
    .select()
    .from(source)
    .where(and(eq(source.id, id), eq(source.ownerId, ownerId)))
    .limit(1);
  return rows[0];
}

export async function findOwnedSources(db: Tx, ownerId: string, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: source.id,
      type: source.type,
      status: source.status,
      error: source.error,
      warning: source.warning,
    })
    .from(source)
    .where(and(eq(source.ownerId, ownerId), inArray(source.id, ids)));
}

/** Serialises duplicate checks for one owner and content key until the transaction ends. */
export async function lockOwnerKey(tx: Tx, ownerId: string, key: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${ownerId + ":" + key}, 0))`);
}

/** Another memory of the owner with the same content hash (duplicate detection). */
export async function findDuplicate(tx: Tx, ownerId: string, contentHash: string, exceptId: string) {
  const rows = await tx
    .select({ id: source.id })
    .from(source)
    .where(and(eq(source.ownerId, ownerId), eq(source.contentHash, contentHash), ne(source.id, exceptId)))
    .limit(1);
  return rows[0];
}

export async function insertSource(tx: Tx, row: NewSource): Promise<SourceRow> {
  const rows = await tx.insert(source).values(row).returning();
  return rows[0];
}

/** Puts a source back to in_progress under a new content version (re-index). */
export async function bumpSourceVersion(tx: Tx, id: string, patch: Partial<NewSource>): Promise<SourceRow> {
  const rows = await tx
    .update(source)
    .set({
      ...patch,
      status: "in_progress",
      error: null,
      warning: null,
      contentVersion: sql`${source.contentVersion} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(source.id, id))
    .returning();
  return rows[0];
}

/** Updates a source only while it is still at `version` (a newer upload wins). Returns whether it did. */
export async function updateSourceAtVersion(
  tx: Tx,
  id: string,
  version: number,
  patch: Partial<NewSource>,
): Promise<boolean> {
  const rows = await tx
    .update(source)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(source.id, id), eq(source.contentVersion, version)))
    .returning({ id: source.id });
  return rows.length > 0;
}

export async function findContent(db: Tx, sourceId: string): Promise<SourceContentRow | undefined> {
  const rows = await db.select().from(sourceContent).where(eq(sourceContent.sourceId, sourceId)).limit(1);
  return rows[0];
}

/** Whether a memory's stored text is empty or only white space (read in the database). */
export async function hasNoText(db: Tx, sourceId: string): Promise<boolean> {
  const rows = await db
    .select({ empty: sql<boolean>`btrim(${sourceContent.markdown}, E' \t\r\n') = ''` })
    .from(sourceContent)
    .where(eq(sourceContent.sourceId, sourceId))
    .limit(1);
  return rows.length === 0 || Boolean(rows[0]?.empty);
}

/**
 * Texts longer than this are written a slice per statement. The database driver copies a
 * statement's parameters into fresh buffers several times on the event loop: a 4.9 M-character
 * memory (its Markdown and its text) held the loop 150–175 ms on a VM where each MB of fresh
 * memory costs ~4.5 ms of page faults (docs/decisions.md, "Long texts a slice per statement").
 */
export const CONTENT_SLICE_CHARS = 256 * 1024;
const slicedColumns = ["markdown", "text", "html", "csv"] as const;

/**
 * Writes a memory's content. A long text takes several statements: they run in a transaction of
 * their own (a savepoint inside the caller's), so no reader ever sees part of a version.
 */
export async function upsertContent(tx: Tx, row: typeof sourceContent.$inferInsert) {
  const long = slicedColumns.filter((c) => {
    const value = row[c];
    return typeof value === "string" && value.length > CONTENT_SLICE_CHARS;
  });
  if (long.length === 0) return writeContent(tx, row);
  const db = tx as Tx & Partial<Pick<Db, "transaction">>;
  if (typeof db.transaction !== "function") throw new Error("upsertContent needs a database handle");
  await db.transaction(async (t) => {
    await writeContent(t, { ...row, ...Object.fromEntries(long.map((c) => [c, ""])) });
    for (const column of long) {
      // Sliced here, a column at a time: a text that arrived in parts is joined (flattened) now.
      for (const slice of textSlices(row[column] as string, CONTENT_SLICE_CHARS)) {
        await t
          .update(sourceContent)
          .set({ [column]: sql`${sourceContent[column]} || ${slice}` })
          .where(eq(sourceContent.sourceId, row.sourceId));
      }
    }
  });
}

async function writeContent(tx: Tx, row: typeof sourceContent.$inferInsert) {
  const { sourceId: _id, ...rest } = row;
  await tx
    .insert(sourceContent)
    .values(row)
    .onConflictDoUpdate({ target: sourceContent.sourceId, set: { ...rest, updatedAt: new Date() } });
}

/** In-progress sources (for re-enqueueing after a crash between commit and enqueue). */
export async function listInProgress(db: Tx, limit: number) {
  return db
    .select({ id: source.id, contentVersion: source.contentVersion })
    .from(source)
    .where(eq(source.status, "in_progress"))
    .limit(limit);
}

/**
 * Collections among `ids` the actor may add to (owner, or admin/write member). Ids the actor may
 * not write to are returned in `refused`.
 */
export async function writableCollections(db: Tx, actor: Viewer, ids: string[]) {
  if (ids.length === 0) return { allowed: [] as string[], refused: [] as string[] };
  const rows = await db
    .select({ id: collection.id })
    .from(collection)
    .where(and(inArray(collection.id, ids), sql`${collection.id} IN (${writableCollectionIdsSql(actor)})`));
  const allowed = rows.map((r) => r.id);
  return { allowed, refused: ids.filter((id) => !allowed.includes(id)) };
}

export async function addToCollections(tx: Tx, sourceId: string, addedBy: string, collectionIds: string[]) {
  if (collectionIds.length === 0) return;
  await tx
    .insert(collectionSource)
    .values(collectionIds.map((collectionId) => ({ collectionId, sourceId, addedBy })))
    .onConflictDoNothing();
}

/**
 * The blobs an own memory keeps by key in its `meta` without a blob row of its own (its page
 * preview image, its screenshot), to delete with the memory.
 */
export async function metaBlobKeys(db: Tx, ownerId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      preview: sql<string | null>`${source.meta}->>'og_image_key'`,
      shot: sql<string | null>`${source.meta}->>'screenshot_key'`,
    })
    .from(source)
    .where(and(eq(source.ownerId, ownerId), inArray(source.id, ids)));
  return rows.flatMap((r) =>
    [r.preview, r.shot].filter((k): k is string => typeof k === "string" && k !== ""),
  );
}

/** Merges keys into an own memory's `meta` (e.g. its screenshot); another user's memory is untouched. */
export async function mergeSourceMeta(db: Tx, ownerId: string, id: string, patch: Record<string, unknown>) {
  await db
    .update(source)
    .set({ meta: sql`${source.meta} || ${JSON.stringify(patch)}::jsonb`, updatedAt: new Date() })
    .where(and(eq(source.id, id), eq(source.ownerId, ownerId)));
}
