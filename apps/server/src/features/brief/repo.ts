import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../platform/db/client.ts";
import {
  briefSeen,
  chunk,
  collection,
  collectionBrief,
  collectionSource,
  source,
} from "../../platform/db/schema/index.ts";
import { readableSourceCondition, type Viewer } from "../../core/access/sql.ts";

/** The memory alias the access fragments read (`s`). */
const s = alias(source, "s");

export type ScopeMemory = {
  id: string;
  title: string;
  /** When it joined the collection (for everything: when it was saved). */
  addedAt: Date;
  updatedAt: Date;
  /** in_progress until indexed: a brief made before its chunks were written is stale after. */
  status: string;
  contentVersion: number;
  keyTerms: { term: string; score: number }[] | null;
};

const memoryFields = {
  id: s.id,
  title: s.title,
  updatedAt: s.updatedAt,
  status: s.status,
  contentVersion: s.contentVersion,
  keyTerms: sql<{ term: string; score: number }[] | null>`${s.meta}->'key_terms'`,
};

/** The memories of a collection (the caller checked the viewer may read it), oldest first. */
export async function collectionMemories(db: Db, collectionId: string): Promise<ScopeMemory[]> {
  return db
    .select({ ...memoryFields, addedAt: collectionSource.createdAt })
    .from(collectionSource)
    .innerJoin(s, eq(s.id, collectionSource.sourceId))
    .where(eq(collectionSource.collectionId, collectionId))
    .orderBy(asc(collectionSource.createdAt), asc(s.id));
}

/** Every memory the viewer may read (own, and shared through collections), oldest first. */
export async function readableMemories(db: Db, v: Viewer): Promise<ScopeMemory[]> {
  return db
    .select({ ...memoryFields, addedAt: s.createdAt })
    .from(s)
    .where(readableSourceCondition(v, "s"))
    .orderBy(asc(s.createdAt), asc(s.id));
}

/** The chunks of these memories in each memory's order: what the brief reads. */
export async function chunkTexts(db: Db, memoryIds: string[]) {
  if (!memoryIds.length) return [];
  return db
    .select({ id: chunk.id, sourceId: chunk.sourceId, text: chunk.text, language: chunk.language })
    .from(chunk)
    .where(inArray(chunk.sourceId, memoryIds))
    .orderBy(asc(chunk.sourceId), asc(chunk.ord));
}

export type BriefRow = typeof collectionBrief.$inferSelect;

export async function findBrief(db: Db, scope: string): Promise<BriefRow | undefined> {
  const [row] = await db.select().from(collectionBrief).where(eq(collectionBrief.scope, scope));
  return row;
}

/** Writes a scope's brief row (ready, building or failed), replacing the one before. */
export async function saveBrief(db: Db, row: Omit<BriefRow, "updatedAt">): Promise<void> {
  const values = { ...row, updatedAt: new Date() };
  await db
    .insert(collectionBrief)
    .values(values)
    .onConflictDoUpdate({ target: collectionBrief.scope, set: values });
}

/** A building job's progress, only while the row is still the one it builds. */
export async function saveProgress(db: Db, scope: string, fingerprint: string, done: number): Promise<void> {
  await db
    .update(collectionBrief)
    .set({ done, updatedAt: new Date() })
    .where(
      and(
        eq(collectionBrief.scope, scope),
        eq(collectionBrief.fingerprint, fingerprint),
        eq(collectionBrief.status, "building"),
      ),
    );
}

/**
 * Records a read of a scope's brief and returns when "new" counts from: the last read of the
 * visit before. A read more than `visitMs` after the latest starts a new visit.
 */
export async function recordSeen(
  db: Db,
  userId: string,
  scope: string,
  now: Date,
  visitMs: number,
): Promise<Date | null> {
  const [row] = await db
    .select()
    .from(briefSeen)
    .where(and(eq(briefSeen.userId, userId), eq(briefSeen.scope, scope)));
  const previous = !row
    ? null
    : now.getTime() - row.seenAt.getTime() > visitMs
      ? row.seenAt
      : row.previousSeenAt;
  await db
    .insert(briefSeen)
    .values({ userId, scope, seenAt: now, previousSeenAt: previous })
    .onConflictDoUpdate({
      target: [briefSeen.userId, briefSeen.scope],
      set: { seenAt: now, previousSeenAt: previous },
    });
  return previous;
}

/** A collection's name (the caller checked access). */
export async function collectionTitle(db: Db, collectionId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ name: collection.name })
    .from(collection)
    .where(eq(collection.id, collectionId));
  return row?.name;
}
