import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { queryRows } from "../db/client.ts";
import { rateLimit } from "../db/schema/index.ts";

/**
 * Counts one hit for `key` in a fixed window of `windowSec`, atomically (one upsert, so two API
 * processes never lose a hit). Returns the hits so far in the window and when it ends.
 */
export async function countHit(
  db: Db,
  key: string,
  windowSec: number,
): Promise<{ hits: number; resetsInSec: number }> {
  const expired = sql`rate_limit.window_started_at <= now() - make_interval(secs => ${windowSec})`;
  const [row] = await queryRows<{ hits: number; resets_in: number }>(
    db,
    sql`INSERT INTO rate_limit (key, window_started_at, hits, updated_at) VALUES (${key}, now(), 1, now())
        ON CONFLICT (key) DO UPDATE SET
          hits = CASE WHEN ${expired} THEN 1 ELSE rate_limit.hits + 1 END,
          window_started_at = CASE WHEN ${expired} THEN now() ELSE rate_limit.window_started_at END,
          updated_at = now()
        RETURNING hits,
          greatest(1, ceil(extract(epoch FROM window_started_at + make_interval(secs => ${windowSec}) - now())))::int AS resets_in`,
  );
  return { hits: Number(row?.hits ?? 1), resetsInSec: Number(row?.resets_in ?? windowSec) };
}

/** Seconds `key` is still locked out for (0 when it is not). */
export async function lockedForSec(db: Db, key: string): Promise<number> {
  const [row] = await queryRows<{ left: number | null }>(
    db,
    sql`SELECT ceil(extract(epoch FROM locked_until - now()))::int AS left FROM rate_limit
        WHERE key = ${key} AND locked_until > now()`,
  );
  return Math.max(0, Number(row?.left ?? 0));
}

/**
 * Records one more consecutive failure for `key` and locks it for `lockSec(failures)` seconds.
 * Returns the failure count.
 */
export async function recordFailure(
  db: Db,
  key: string,
  lockSec: (failures: number) => number,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ failures: number }>(
      tx,
      sql`INSERT INTO rate_limit (key, window_started_at, failures, updated_at) VALUES (${key}, now(), 1, now())
          ON CONFLICT (key) DO UPDATE SET failures = rate_limit.failures + 1, updated_at = now()
          RETURNING failures`,
    );
    const failures = Number(row?.failures ?? 1);
    const seconds = lockSec(failures);
    if (seconds > 0) {
      await tx
        .update(rateLimit)
        .set({ lockedUntil: sql`now() + make_interval(secs => ${seconds})` })
        .where(eq(rateLimit.key, key));
    }
    return failures;
  });
}

/** Remembers `key` (a client an account signed in from), or refreshes it. */
export async function remember(db: Db, key: string): Promise<void> {
  await queryRows(
    db,
    sql`INSERT INTO rate_limit (key, window_started_at, updated_at) VALUES (${key}, now(), now())
        ON CONFLICT (key) DO UPDATE SET updated_at = now()`,
  );
}

/** Whether `key` was remembered within `days`. */
export async function remembered(db: Db, key: string, days: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`SELECT 1 AS one FROM rate_limit WHERE key = ${key} AND updated_at > now() - make_interval(days => ${days})`,
  );
  return rows.length > 0;
}

/** Forgets `key`'s failures and lock (after a success). */
export async function clearFailures(db: Db, key: string): Promise<void> {
  await db.delete(rateLimit).where(eq(rateLimit.key, key));
}
