import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { Tx } from "../../platform/db/client.ts";
import { personalAccessToken, user } from "../../platform/db/schema/index.ts";

export type { Tx };
export type TokenRow = typeof personalAccessToken.$inferSelect;

/** The owner's tokens, newest first (revoked ones too: the list says so). */
export function listTokens(db: Tx, ownerId: string): Promise<TokenRow[]> {
  return db
    .select()
    .from(personalAccessToken)
    .where(eq(personalAccessToken.ownerId, ownerId))
    .orderBy(desc(personalAccessToken.createdAt), desc(personalAccessToken.id));
}

/** Takes the owner's row lock, so two creations cannot both pass the count below. */
export async function lockOwner(db: Tx, ownerId: string): Promise<void> {
  await db.select({ id: user.id }).from(user).where(eq(user.id, ownerId)).for("update");
}

export async function countLiveTokens(db: Tx, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(personalAccessToken)
    .where(and(eq(personalAccessToken.ownerId, ownerId), isNull(personalAccessToken.revokedAt)));
  return Number(row?.n ?? 0);
}

export async function insertToken(db: Tx, row: typeof personalAccessToken.$inferInsert): Promise<TokenRow> {
  const [saved] = await db.insert(personalAccessToken).values(row).returning();
  return saved!;
}

/** Revokes the owner's token; undefined when it is not theirs or does not exist. */
export async function revokeToken(db: Tx, ownerId: string, id: string): Promise<TokenRow | undefined> {
  const [found] = await db
    .select()
    .from(personalAccessToken)
    .where(and(eq(personalAccessToken.id, id), eq(personalAccessToken.ownerId, ownerId)))
    .limit(1);
  if (!found) return undefined;
  if (found.revokedAt) return found;
  const [row] = await db
    .update(personalAccessToken)
    .set({ revokedAt: new Date() })
    .where(eq(personalAccessToken.id, id))
    .returning();
  return row;
}

/** The live token with this hash and its owner, or undefined. */
export async function findLiveByHash(db: Tx, tokenHash: string) {
  const [row] = await db
    .select({
      id: personalAccessToken.id,
      scope: personalAccessToken.scope,
      lastUsedAt: personalAccessToken.lastUsedAt,
      userId: user.id,
      email: user.email,
      name: user.name,
    })
    .from(personalAccessToken)
    .innerJoin(user, eq(user.id, personalAccessToken.ownerId))
    .where(and(eq(personalAccessToken.tokenHash, tokenHash), isNull(personalAccessToken.revokedAt)))
    .limit(1);
  return row;
}

export async function touchToken(db: Tx, id: string, at: Date): Promise<void> {
  await db.update(personalAccessToken).set({ lastUsedAt: at }).where(eq(personalAccessToken.id, id));
}
