import type pg from "pg";

/**
 * PostgreSQL read replicas (DATABASE_READ_URL, issue 44): read-only work (the wall list, search,
 * retrieval for answers, previews) runs on streaming standbys; writes, jobs and LISTEN stay on the
 * primary.
 *
 * Read-your-writes (docs/decisions.md, "Read replicas: a per-user WAL fence"): after a user's write
 * (an API request that may change data, an indexing job finishing) the primary's flushed WAL
 * position is recorded for that user in `mnemo_read_fence`, an unlogged table (no WAL, not
 * replicated) that every API process and worker shares. A read for that user goes to a replica only
 * when the replica has replayed past that position, else to the primary. Kept in the database
 * rather than in a process or a cookie: a user's next request may reach another API process, and
 * bearer clients send no cookies back.
 *
 * Failover: a read that fails on a replica for a reason of the replica's (connection refused or
 * lost, a standby shutting down, a query cancelled by recovery) runs again on the primary, and a
 * replica whose connection failed is left out for `DOWN_MS`, then checked before it is used again.
 */
export type ReadReplicas<Db> = {
  /** Runs `fn` on a replica that has everything `userId` wrote, else on the primary. */
  read<T>(userId: string | undefined, fn: (db: Db) => Promise<T>): Promise<T>;
  /** Records that `userId` just wrote: their reads wait for a replica that replayed it. */
  wrote(userId: string): Promise<void>;
  /** Counters since start (tests, logs). */
  stats(): ReplicaStats;
  close(): Promise<void>;
};

export type ReplicaStats = {
  /** Reads that ran on a replica. */
  replica: number;
  /** Reads sent to the primary because the user's last write was not replayed yet. */
  fenced: number;
  /** Reads sent to the primary because no replica was up. */
  noReplica: number;
  /** Reads that failed on a replica and ran again on the primary. */
  retried: number;
};

/** How long a replica whose connection failed is left out before it is checked again. */
export const DOWN_MS = 5_000;

type Replica<Db> = {
  url: string;
  pool: pg.Pool;
  db: Db;
  /** The WAL position it had replayed when last asked (bigint; only grows). */
  replayed: bigint;
  downUntil: number;
  checking?: Promise<boolean>;
};

/** A pg_lsn ("16/B374D848") as a number that compares as WAL positions do. */
export function lsnValue(lsn: string): bigint {
  const [hi, lo] = lsn.split("/");
  return (BigInt(`0x${hi}`) << 32n) | BigInt(`0x${lo}`);
}

/** SQLSTATE classes and codes that say the replica, not the query, failed. */
const replicaCodes = /^(08|57P0[1-4]|53300|40001)/;
const connectionMessages =
  /connection terminated|connection .*(?:closed|ended|lost)|terminating connection|timeout exceeded when trying to connect|the database system is (?:shutting down|starting up|in recovery mode)|server closed the connection|Client has encountered a connection error/i;
const systemCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
]);

/**
 * Whether `err` (or an error it wraps: Drizzle wraps the driver's) is the replica's failure: then
 * the read runs again on the primary. `down`: the connection itself failed (leave the replica out).
 */
export function replicaFailure(err: unknown): { retry: boolean; down: boolean } {
  for (let e = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    const message = e instanceof Error ? e.message : "";
    if (typeof code === "string" && systemCodes.has(code)) return { retry: true, down: true };
    if (typeof code === "string" && replicaCodes.test(code))
      return { retry: true, down: code !== "40001" && code !== "53300" };
    if (connectionMessages.test(message)) return { retry: true, down: true };
  }
  return { retry: false, down: false };
}

const FENCE_TABLE = `
  CREATE UNLOGGED TABLE IF NOT EXISTS mnemo_read_fence (
    user_id text PRIMARY KEY,
    lsn pg_lsn NOT NULL,
    at timestamptz NOT NULL DEFAULT now()
  )`;

/** The primary as the replicas see it: its Drizzle handle and its pool. */
export type Primary<Db> = { db: Db; pool: pg.Pool };

/**
 * Opens a pool per replica URL beside the primary and creates the fence table on the primary.
 * Replicas that cannot be reached at start are left out and checked again later (the primary
 * serves their reads meanwhile).
 */
export async function openReplicas<Db>(
  primary: Primary<Db>,
  urls: string[],
  /** A Drizzle handle over a replica's pool, as the primary's is made. */
  handle: (pool: pg.Pool) => Db,
  onWarning?: (m: string) => void,
): Promise<ReadReplicas<Db>> {
  const pgm = (await import("pg")).default;
  // Two processes starting at once may both create the table: the loser's unique violation is
  // harmless, so try once more.
  await primary.pool.query(FENCE_TABLE).catch(() => primary.pool.query(FENCE_TABLE));
  const replicas: Replica<Db>[] = urls.map((url) => {
    const pool = new pgm.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 2_000 });
    pool.on("error", (err) => onWarning?.(`PostgreSQL replica connection lost: ${err.message}`));
    // A client checked out of the pool (a read transaction) has no error listener of the pool's:
    // its connection dropping between two queries would crash the process. The query under way
    // fails on its own, and the read runs again on the primary.
    pool.on("connect", (client) => client.on("error", () => {}));
    return { url, pool, db: handle(pool), replayed: 0n, downUntil: 0 };
  });
  const stats: ReplicaStats = { replica: 0, fenced: 0, noReplica: 0, retried: 0 };
  let next = 0;

  const markDown = (r: Replica<Db>, err: unknown) => {
    if (r.downUntil < Date.now())
      onWarning?.(
        `PostgreSQL replica ${redact(r.url)} is unavailable (${(err as Error).message}); reading from the primary`,
      );
    r.downUntil = Date.now() + DOWN_MS;
  };

  /** Asks the replica how far it has replayed; false (and down) when it cannot answer or is no standby. */
  const refresh = (r: Replica<Db>): Promise<boolean> =>
    (r.checking ??= (async () => {
      try {
        const { rows } = await r.pool.query<{ lsn: string | null }>(
          "SELECT pg_last_wal_replay_lsn()::text AS lsn",
        );
        const lsn = rows[0]?.lsn;
        if (!lsn) throw new Error("not a standby (pg_last_wal_replay_lsn() is null)");
        const v = lsnValue(lsn);
        if (v > r.replayed) r.replayed = v;
        r.downUntil = 0;
        return true;
      } catch (err) {
        markDown(r, err);
        return false;
      } finally {
        r.checking = undefined;
      }
    })());

  for (const r of replicas) await refresh(r);

  /** The next replica in turn that is up; one past its down time is checked first. */
  async function pick(): Promise<Replica<Db> | undefined> {
    for (let i = 0; i < replicas.length; i++) {
      const r = replicas[next++ % replicas.length];
      if (r.downUntil === 0) return r;
      if (r.downUntil < Date.now() && (await refresh(r))) return r;
    }
    return undefined;
  }

  async function fenceOf(userId: string): Promise<bigint | undefined> {
    const { rows } = await primary.pool.query<{ lsn: string }>(
      "SELECT lsn::text AS lsn FROM mnemo_read_fence WHERE user_id = $1",
      [userId],
    );
    return rows[0] ? lsnValue(rows[0].lsn) : undefined;
  }

  return {
    async read(userId, fn) {
      const fence = userId ? await fenceOf(userId) : undefined;
      const r = await pick();
      if (!r) {
        stats.noReplica++;
        return fn(primary.db);
      }
      if (fence !== undefined && r.replayed < fence && (!(await refresh(r)) || r.replayed < fence)) {
        stats.fenced++;
        return fn(primary.db);
      }
      try {
        const out = await fn(r.db);
        stats.replica++;
        return out;
      } catch (err) {
        const failure = replicaFailure(err);
        if (!failure.retry) throw err;
        if (failure.down) markDown(r, err);
        stats.retried++;
        return fn(primary.db);
      }
    },
    async wrote(userId) {
      // The flushed position: at least the end of the user's committed write (synchronous commit),
      // and never ahead of what the primary can send to its standbys.
      await primary.pool.query(
        `INSERT INTO mnemo_read_fence (user_id, lsn) VALUES ($1, pg_current_wal_flush_lsn())
         ON CONFLICT (user_id) DO UPDATE SET lsn = excluded.lsn, at = now()`,
        [userId],
      );
    },
    stats: () => ({ ...stats }),
    async close() {
      await Promise.all(replicas.map((r) => (r.pool.ended ? undefined : r.pool.end())));
    },
  };
}

/** A connection URL without its password, for logs. */
function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(a replica)";
  }
}

/**
 * Runs a read-only `fn` for `userId` on a replica when DATABASE_READ_URL configures some (see
 * `ReadReplicas.read`), else on the database itself: embedded PGlite and a lone PostgreSQL are
 * untouched.
 */
export function readFor<Db, T>(
  database: { db: Db; replicas?: ReadReplicas<Db> },
  userId: string | undefined,
  fn: (db: Db) => Promise<T>,
): Promise<T> {
  return database.replicas ? database.replicas.read(userId, fn) : fn(database.db);
}

/** Records `userId`'s write for read-your-writes (a no-op without replicas). */
export async function recordWrite(
  database: { replicas?: ReadReplicas<unknown> },
  userId: string,
): Promise<void> {
  await database.replicas?.wrote(userId);
}
