import { and, eq } from "drizzle-orm";
import { blob } from "../db/schema/index.ts";
import type { Tx } from "../db/client.ts";

export type BlobRow = typeof blob.$inferSelect;

/** Records a presigned (pending) upload; a repeated presign of the same key refreshes it. */
export async function upsertPendingBlob(db: Tx, row: typeof blob.$inferInsert) {
  const { key: _k, ...rest } = row;
  await db
    .insert(blob)
    .values(row)
    .onConflictDoUpdate({ target: blob.key, set: { ...rest, state: "pending" } });
}

export async function findOwnedBlob(db: Tx, ownerId: string, key: string): Promise<BlobRow | undefined> {
  const rows = await db
    .select()
    .from(blob)
    .where(and(eq(blob.key, key), eq(blob.ownerId, ownerId)))
    .limit(1);
  return rows[0];
}

export async function findBlobBySource(db: Tx, sourceId: string): Promise<BlobRow | undefined> {
  const rows = await db.select().from(blob).where(eq(blob.sourceId, sourceId)).limit(1);
  return rows[0];
}

export async function markBlobUploaded(db: Tx, key: string, sourceId: string, size: number) {
  await db.update(blob).set({ state: "uploaded", sourceId, size }).where(eq(blob.key, key));
}

export async function deleteBlobRow(db: Tx, key: string) {
  await db.delete(blob).where(eq(blob.key, key));
}
