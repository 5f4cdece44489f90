import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client.ts";
import { user, userProfile } from "../../platform/db/schema/index.ts";
import { pick } from "../../platform/lib/pick.ts";
import type { MemoryRef } from "../sources/repo.ts";

export async function insertProfile(db: Db, userId: string, plan: string) {
  await db.insert(userProfile).values({ userId, plan }).onConflictDoNothing();
}

export async function findUserWithProfile(db: Db, userId: string) {
  const rows = await db
    .select({
      ...pick(user, "id", "email", "name", "createdAt"),
      ...pick(userProfile, "plan", "metadata", "country", "onboardingStep"),
    })
    .from(user)
    .leftJoin(userProfile, eq(userProfile.userId, user.id))
    .where(eq(user.id, userId))
    .limit(1);
  return rows[0];
}

/** Merges keys into the metadata JSON in one statement (no read-modify-write race). */
export async function mergeMetadata(db: Db, userId: string, patch: Record<string, unknown>) {
  const rows = await db
    .update(userProfile)
    .set({ metadata: sql`${userProfile.metadata} || ${JSON.stringify(patch)}::jsonb`, updatedAt: new Date() })
    .where(eq(userProfile.userId, userId))
    .returning({ metadata: userProfile.metadata });
  return rows[0]?.metadata;
}

/** The metadata keys that track the welcome items (kept out of the user's document). */
export const welcomeKeys = {
  lease: "welcomeItemsClaimed",
  done: "welcomeItemsDone",
  declined: "welcomeItemsDeclined",
} as const;

/**
 * The metadata key holding the collection this account joined through an invitation (its link
 * claimed, or its address verified) — kept out of the user's document like the welcome keys.
 */
export const joinedCollectionKey = "joinedCollection";

/** At most this many deleted memories are remembered while the welcome items are pending. */
export const DECLINED_MAX = 200;

/**
 * Remembers memories the user deleted while adding the welcome items was started and not
 * finished, so a resume does not bring back a welcome item they removed. One statement, a no-op
 * for every account that is not pending (nearly all of them); bounded to DECLINED_MAX entries.
 */
export async function recordDeclined(db: Db, userId: string, refs: MemoryRef[]): Promise<void> {
  if (!refs.length) return;
  const declined = sql`coalesce(${userProfile.metadata} -> ${welcomeKeys.declined}::text, '[]'::jsonb)`;
  await db
    .update(userProfile)
    .set({
      metadata: sql`${userProfile.metadata} || jsonb_build_object(${welcomeKeys.declined}::text, ${declined} || ${JSON.stringify(refs.slice(0, DECLINED_MAX))}::jsonb)`,
    })
    .where(
      and(
        eq(userProfile.userId, userId),
        sql`(${userProfile.metadata} ->> ${welcomeKeys.done}::text) is null`,
        sql`(${userProfile.metadata} ->> ${welcomeKeys.lease}::text) is not null`,
        sql`jsonb_array_length(${declined}) < ${DECLINED_MAX}`,
      ),
    );
}

/**
 * Takes the lease on adding the welcome items until `until`, in one statement, unless they were
 * finished or another caller holds a lease that has not run out. A first claim (`fresh`) may take
 * it when none was ever taken; a resume only when an earlier one ran out unfinished. The lease is
 * an ISO time; the old one-time flag (`true`) counts as finished.
 */
export async function takeWelcomeLease(
  db: Db,
  userId: string,
  opts: { fresh: boolean; now: Date; until: Date },
): Promise<boolean> {
  const lease = sql`(${userProfile.metadata} ->> ${welcomeKeys.lease}::text)`;
  const expired = sql`(${lease} ~ '^[0-9]{4}-' AND ${lease} < ${opts.now.toISOString()})`;
  const rows = await db
    .update(userProfile)
    .set({
      metadata: sql`${userProfile.metadata} || jsonb_build_object(${welcomeKeys.lease}::text, ${opts.until.toISOString()}::text)`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(userProfile.userId, userId),
        sql`(${userProfile.metadata} ->> ${welcomeKeys.done}::text) is null`,
        opts.fresh ? sql`(${lease} is null OR ${expired})` : expired,
      ),
    )
    .returning({ userId: userProfile.userId });
  return rows.length > 0;
}

export async function updateName(db: Db, userId: string, name: string) {
  await db.update(user).set({ name, updatedAt: new Date() }).where(eq(user.id, userId));
}

/** Stores the create-user details (spec 3 §7). */
export async function saveDetails(
  db: Db,
  userId: string,
  d: { country: string; companySize: string; kindOfWork: string; referrer: string; role: string },
) {
  const rows = await db
    .update(userProfile)
    .set({ ...d, updatedAt: new Date() })
    .where(eq(userProfile.userId, userId))
    .returning({ userId: userProfile.userId });
  return rows.length > 0;
}

export async function setOnboardingStep(db: Db, userId: string, step: number) {
  await db
    .update(userProfile)
    .set({ onboardingStep: step, updatedAt: new Date() })
    .where(eq(userProfile.userId, userId));
}
