import { and, asc, count, eq, gt, inArray, lte, min, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../platform/db/client.ts";
import { chunk, collectionSource, reviewCard, source } from "../../platform/db/schema/index.ts";
import { readableSourceCondition, type Viewer } from "../../core/access/sql.ts";

/** The memory a card's row is read with (alias `s`, the access fragments' alias). */
const s = alias(source, "s");

export type CardRow = typeof reviewCard.$inferSelect & { memoryTitle: string };
export type NewCard = typeof reviewCard.$inferInsert;

const cardFields = { card: reviewCard, memoryTitle: s.title };
const flatten = (rows: { card: typeof reviewCard.$inferSelect; memoryTitle: string }[]): CardRow[] =>
  rows.map((r) => ({ ...r.card, memoryTitle: r.memoryTitle }));

/** The viewer's cards whose memory the viewer may still read (a card of a collection no longer shared is hidden). */
function mine(v: Viewer, ...more: (SQL | undefined)[]) {
  return and(eq(reviewCard.userId, v.id), readableSourceCondition(v, "s"), ...more);
}

/** The memory's chunks in order, with what a passage anchor needs (as answer citations read them). */
export async function chunksOf(db: Db, memoryId: string) {
  return db
    .select({
      id: chunk.id,
      text: chunk.text,
      startOffset: chunk.startOffset,
      endOffset: chunk.endOffset,
      headingPath: chunk.headingPath,
      location: chunk.location,
      language: chunk.language,
      type: source.type,
      url: source.url,
      title: source.title,
      kind: sql<string | null>`${source.meta}->>'kind'`,
    })
    .from(chunk)
    .innerJoin(source, eq(source.id, chunk.sourceId))
    .where(eq(chunk.sourceId, memoryId))
    .orderBy(asc(chunk.ord));
}

/** The memories of a collection (the caller checked the viewer may read it), oldest first. */
export async function collectionMemoryIds(db: Db, collectionId: string): Promise<string[]> {
  const rows = await db
    .select({ id: collectionSource.sourceId })
    .from(collectionSource)
    .where(eq(collectionSource.collectionId, collectionId))
    .orderBy(asc(collectionSource.sourceId));
  return rows.map((r) => r.id);
}

/** Inserts cards, skipping those the user already has for the same memory and key: the ids inserted. */
export async function insertCards(db: Db, rows: NewCard[]): Promise<string[]> {
  if (!rows.length) return [];
  const out: string[] = [];
  for (let i = 0; i < rows.length; i += 200) {
    const inserted = await db
      .insert(reviewCard)
      .values(rows.slice(i, i + 200))
      .onConflictDoNothing({ target: [reviewCard.userId, reviewCard.memoryId, reviewCard.dedupeKey] })
      .returning({ id: reviewCard.id });
    out.push(...inserted.map((r) => r.id));
  }
  return out;
}

/** The viewer's cards of these memories with these keys (made now or before). */
export async function cardsByKeys(db: Db, v: Viewer, memoryIds: string[], keys: string[]) {
  if (!memoryIds.length || !keys.length) return [];
  return flatten(
    await db
      .select(cardFields)
      .from(reviewCard)
      .innerJoin(s, eq(s.id, reviewCard.memoryId))
      .where(
        mine(v, inArray(reviewCard.memoryId, memoryIds), inArray(reviewCard.dedupeKey, [...new Set(keys)])),
      )
      .orderBy(asc(reviewCard.createdAt), asc(reviewCard.id)),
  );
}

/** The viewer's cards, of some memories when given, in the order they were made. */
export async function listCards(db: Db, v: Viewer, memoryIds?: string[]) {
  return flatten(
    await db
      .select(cardFields)
      .from(reviewCard)
      .innerJoin(s, eq(s.id, reviewCard.memoryId))
      .where(mine(v, memoryIds ? inArray(reviewCard.memoryId, memoryIds) : undefined))
      .orderBy(asc(reviewCard.createdAt), asc(reviewCard.id)),
  );
}

/** One card of the viewer (undefined: not the viewer's, or its memory is no longer readable). */
export async function cardById(db: Db, v: Viewer, id: string): Promise<CardRow | undefined> {
  const [row] = flatten(
    await db
      .select(cardFields)
      .from(reviewCard)
      .innerJoin(s, eq(s.id, reviewCard.memoryId))
      .where(mine(v, eq(reviewCard.id, id))),
  );
  return row;
}

const active = eq(reviewCard.suspended, false);

/** The viewer's cards due at `now`, most overdue first, and how many there are. */
export async function dueCards(db: Db, v: Viewer, now: Date, limit: number) {
  const due = lte(reviewCard.due, now);
  const [cards, [counts], [next], [all]] = await Promise.all([
    db
      .select(cardFields)
      .from(reviewCard)
      .innerJoin(s, eq(s.id, reviewCard.memoryId))
      .where(mine(v, active, due))
      .orderBy(asc(reviewCard.due), asc(reviewCard.createdAt), asc(reviewCard.id))
      .limit(limit),
    db
      .select({ n: count() })
      .from(reviewCard)
      .innerJoin(s, eq(s.id, reviewCard.memoryId))
      .where(mine(v, active, due)),
    db
      .select({ at: min(reviewCard.due) })
      .from(reviewCard)
      .innerJoin(s, eq(s.id, reviewCard.memoryId))
      .where(mine(v, active, gt(reviewCard.due, now))),
    db.select({ n: count() }).from(reviewCard).innerJoin(s, eq(s.id, reviewCard.memoryId)).where(mine(v)),
  ]);
  return {
    cards: flatten(cards),
    dueCount: Number(counts?.n ?? 0),
    nextDue: next?.at ?? null,
    total: Number(all?.n ?? 0),
  };
}

/** Changes the user's card (id and user both match). */
export async function updateCard(
  db: Db,
  userId: string,
  id: string,
  set: Partial<Omit<NewCard, "id" | "userId" | "memoryId">>,
) {
  await db
    .update(reviewCard)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(reviewCard.id, id), eq(reviewCard.userId, userId)));
}

export async function deleteCard(db: Db, userId: string, id: string) {
  await db.delete(reviewCard).where(and(eq(reviewCard.id, id), eq(reviewCard.userId, userId)));
}
