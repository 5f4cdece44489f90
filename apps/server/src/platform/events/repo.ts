import { and, asc, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { userEvent } from "../db/schema/index.ts";
import type { UserEvent } from "./bus.ts";

/** Keeps one event for replay; returns its id (the stream's `id:`). */
export async function appendEvent(db: Db, userId: string, e: UserEvent): Promise<number> {
  const [row] = await db
    .insert(userEvent)
    .values({ userId, type: e.type, data: e.data })
    .returning({ id: userEvent.id });
  return Number(row.id);
}

/** The user's events after `afterId`, oldest first, at most `limit`. */
export async function eventsAfter(
  db: Db,
  userId: string,
  afterId: number,
  limit: number,
): Promise<{ id: number; event: UserEvent }[]> {
  const rows = await db
    .select({ id: userEvent.id, type: userEvent.type, data: userEvent.data })
    .from(userEvent)
    .where(and(eq(userEvent.userId, userId), gt(userEvent.id, afterId)))
    .orderBy(asc(userEvent.id))
    .limit(limit);
  return rows.map((r) => ({ id: Number(r.id), event: { type: r.type, data: r.data } as UserEvent }));
}

/**
 * The oldest event id still kept (0 when none). Pruning goes by age for everyone, so a client whose
 * last id is below it may have missed events that are gone.
 */
export async function oldestEventId(db: Db): Promise<number> {
  const [row] = await db.select({ id: sql<string | number | null>`min(${userEvent.id})` }).from(userEvent);
  return Number(row?.id ?? 0);
}

/** Forgets events older than `before`. */
export async function pruneEvents(db: Db, before: Date): Promise<void> {
  await db.delete(userEvent).where(lt(userEvent.createdAt, before));
}
