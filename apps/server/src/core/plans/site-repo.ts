import { asc, eq, sql } from "drizzle-orm";
import { siteSetting, user, userProfile } from "../../platform/db/schema/index.ts";
import type { Tx } from "./repo.ts";

/** One key of site_setting, or undefined when it was never set. */
export async function readSetting(db: Tx, key: string): Promise<unknown> {
  const rows = await db
    .select({ value: siteSetting.value })
    .from(siteSetting)
    .where(eq(siteSetting.key, key));
  return rows[0]?.value;
}

export async function writeSetting(db: Tx, key: string, value: unknown): Promise<void> {
  await db
    .insert(siteSetting)
    .values({ key, value })
    .onConflictDoUpdate({ target: siteSetting.key, set: { value, updatedAt: new Date() } });
}

/**
 * Serialises the changes that decide who administers the site (the first account, promotions,
 * demotions) for the rest of the transaction: two sign-ups at once cannot both be first, two
 * demotions at once cannot remove the last two administrators.
 */
export async function lockSiteAdmins(tx: Tx): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('mnemo.site_admins'))`);
}

export async function countSiteAdmins(db: Tx): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userProfile)
    .where(eq(userProfile.isAdmin, true));
  return Number(rows[0]?.n ?? 0);
}

/** Makes the user a site administrator, and on `plan` (with skip_trial) when one is given. */
export async function makeSiteAdmin(db: Tx, userId: string, plan?: string): Promise<void> {
  const set = plan ? { isAdmin: true, plan, skipTrial: true } : { isAdmin: true };
  await db
    .insert(userProfile)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: userProfile.userId, set: { ...set, updatedAt: new Date() } });
}

export async function setAdminFlag(db: Tx, userId: string, isAdmin: boolean): Promise<void> {
  await db
    .insert(userProfile)
    .values({ userId, isAdmin })
    .onConflictDoUpdate({ target: userProfile.userId, set: { isAdmin, updatedAt: new Date() } });
}

/** The oldest account (the one that signed up first), or undefined on an empty server. */
export async function oldestUser(db: Tx): Promise<{ id: string; email: string } | undefined> {
  const rows = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .orderBy(asc(user.createdAt), asc(user.id))
    .limit(1);
  return rows[0];
}

export async function findUserIdByEmail(db: Tx, email: string): Promise<string | undefined> {
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()))
    .limit(1);
  return rows[0]?.id;
}

/** Every account with its plan and administrator flag, oldest first (at most `limit`). */
export async function listUsers(db: Tx, limit: number) {
  return db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      createdAt: user.createdAt,
      plan: userProfile.plan,
      isAdmin: userProfile.isAdmin,
    })
    .from(user)
    .leftJoin(userProfile, eq(userProfile.userId, user.id))
    .orderBy(asc(user.createdAt), asc(user.id))
    .limit(limit);
}

/** The name of the oldest site administrator, or undefined when there is none. */
export async function firstSiteAdminName(db: Tx): Promise<string | undefined> {
  const rows = await db
    .select({ name: user.name })
    .from(user)
    .innerJoin(userProfile, eq(userProfile.userId, user.id))
    .where(eq(userProfile.isAdmin, true))
    .orderBy(asc(user.createdAt), asc(user.id))
    .limit(1);
  return rows[0]?.name;
}
