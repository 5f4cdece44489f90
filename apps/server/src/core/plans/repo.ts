import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { UsageKind } from "@mnemo/contracts";
import type { Db } from "../../platform/db/client.ts";
import {
  collection,
  member,
  subscription,
  user,
  usageDaily,
  userProfile,
} from "../../platform/db/schema/index.ts";

/** A Drizzle database or transaction handle. */
export type Tx = Pick<Db, "select" | "insert" | "update" | "execute">;

/** The profile fields plans read, or undefined when the profile row is missing. */
export async function findPlanProfile(db: Tx, userId: string) {
  const rows = await db
    .select({ plan: userProfile.plan, skipTrial: userProfile.skipTrial, isAdmin: userProfile.isAdmin })
    .from(userProfile)
    .where(eq(userProfile.userId, userId))
    .limit(1);
  return rows[0];
}

export async function listSubscriptions(db: Tx, userId: string) {
  return db
    .select({ plan: subscription.plan, status: subscription.status, createdAt: subscription.createdAt })
    .from(subscription)
    .where(eq(subscription.ownerId, userId))
    .orderBy(desc(subscription.createdAt));
}

/** Whether the user owns or administers an organisation. */
export async function isOrgAdmin(db: Tx, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.userId, userId), inArray(member.role, ["owner", "admin"])))
    .limit(1);
  return rows.length > 0;
}

/**
 * Adds `amount` to a daily counter only if the result stays within `limit` (`null` = no limit),
 * in one statement: concurrent callers serialise on the row lock and each re-checks the committed
 * count, so exactly `limit` uses get through. Returns the new count, or undefined when refused.
 */
/** Daily counters beside the spec's usage kinds: seconds of audio transcribed. */
export type ExtraCounter = "transcription_seconds";

export async function incrementWithinLimit(
  db: Tx,
  p: { ownerId: string; day: string; kind: UsageKind | ExtraCounter; amount: number; limit: number | null },
): Promise<number | undefined> {
  const limit = p.limit === null ? sql`NULL::int` : sql`${p.limit}::int`;
  const res = (await db.execute(sql`
    INSERT INTO usage_daily (owner_id, day, kind, count)
    SELECT ${p.ownerId}, ${p.day}::date, ${p.kind}, ${p.amount}::int
    WHERE ${limit} IS NULL OR ${p.amount}::int <= ${limit}
    ON CONFLICT (owner_id, day, kind) DO UPDATE SET count = usage_daily.count + EXCLUDED.count
    WHERE ${limit} IS NULL OR usage_daily.count + EXCLUDED.count <= ${limit}
    RETURNING count`)) as unknown as { rows: { count: number | string }[] };
  const row = res.rows[0];
  return row ? Number(row.count) : undefined;
}

/** Today's counters of one user, by kind (missing kinds are 0). */
export async function dailyCounts(
  db: Tx,
  ownerId: string,
  day: string,
): Promise<Partial<Record<UsageKind, number>>> {
  const rows = await db
    .select({ kind: usageDaily.kind, count: usageDaily.count })
    .from(usageDaily)
    .where(and(eq(usageDaily.ownerId, ownerId), eq(usageDaily.day, day)));
  return Object.fromEntries(rows.map((r) => [r.kind, Number(r.count)]));
}

export async function countOwnedCollections(db: Tx, ownerId: string): Promise<number> {
  const rows = await db.select({ n: count() }).from(collection).where(eq(collection.ownerId, ownerId));
  return Number(rows[0]?.n ?? 0);
}

/**
 * Sets the plan of the user with this e-mail and marks skip_trial, so the set plan stands without
 * a subscription. Returns the user's id, or undefined when no user has that e-mail.
 */
export async function setPlanByEmail(db: Tx, email: string, plan: string): Promise<string | undefined> {
  const found = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()))
    .limit(1);
  const id = found[0]?.id;
  if (!id) return undefined;
  await db
    .insert(userProfile)
    .values({ userId: id, plan, skipTrial: true })
    .onConflictDoUpdate({
      target: userProfile.userId,
      set: { plan, skipTrial: true, updatedAt: new Date() },
    });
  return id;
}
