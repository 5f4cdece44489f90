import crypto from "node:crypto";
import path from "node:path";
import fs from "node:fs";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema/index.ts";
import { PgliteThread } from "./pglite-thread.ts";
import { initdbTemplate } from "./initdb-template.ts";
import { collectGarbage } from "../lib/memory.ts";
import { maintainEmbedded } from "./maintenance.ts";
import { openReplicas, type ReadReplicas } from "./replicas.ts";

export { initdbTemplate };

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A Drizzle database or transaction handle: what a repo function is given. */
export type Tx = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;
export type DbKind = "pglite" | "postgres";

/** Which optional PostgreSQL extensions this database has. */
export type Capabilities = { pg_trgm: boolean; vector: boolean; pg_textsearch: boolean };

export type Database = {
  db: Db;
  kind: DbKind;
  capabilities: Capabilities;
  /** The PGlite instance (embedded mode), in-process or on its database thread, for pg-boss's adapter. */
  pglite?: import("@electric-sql/pglite").PGlite | PgliteThread;
  /** PGlite's WebAssembly heap size in bytes (embedded mode), else 0. */
  wasmBytes(): number;
  /** The pg pool (server mode). */
  pool?: import("pg").Pool;
  /**
   * Streaming replicas for read-only work (DATABASE_READ_URL, server mode only): use `readFor`
   * (replicas.ts) rather than this directly. Undefined without them.
   */
  replicas?: ReadReplicas<Db>;
  close(): Promise<void>;
};

const migrationsFolder = path.join(import.meta.dirname, "migrations");

/**
 * Postgres settings of the embedded database, chosen by measurement (docs/decisions.md, "Memory at
 * rest"): PGlite's defaults give Postgres 128 MB of shared buffers inside a WebAssembly heap that
 * never shrinks; the data dir is on disk, so the OS page cache still holds what they would.
 * `wal_init_zero=off`: PGlite's single backend creates each new 16 MB WAL segment inside the
 * statement that needs it, and zero-filling it through Emscripten's file system cost that statement
 * 50–80 ms of the event loop (issue 12, docs/decisions.md "h12w"); off, only the segment's last
 * byte is written. Crash recovery does not rely on the zeroes: it stops at the first record whose
 * header or CRC does not check, as it does in a recycled segment full of old WAL.
 * `max_wal_size=256MB`, `min_wal_size=64MB`: what a checkpoint leaves of the WAL (see
 * `CHECKPOINT_EVERY_MS`).
 */
export const pgliteSettings = [
  "shared_buffers=16MB",
  "maintenance_work_mem=16MB",
  "wal_init_zero=off",
  "max_wal_size=256MB",
  "min_wal_size=64MB",
];

/**
 * PGlite runs Postgres as a single backend with no checkpointer: no checkpoint ever happens on its
 * own until the database closes, so its WAL keeps every change since the server started (measured:
 * 20 GB of pg_wal beside 2 GB of data after building 1M chunks; in memory:// the WAL lives in the
 * process and took it past 22 GB). The server checkpoints this often; each one removes the WAL
 * segments past `max_wal_size` (measured: 448 MB → 64 MB with `max_wal_size=64MB`).
 */
export const CHECKPOINT_EVERY_MS = 5 * 60_000;

/**
 * How often embedded PGlite's upkeep looks for grown tables (maintenance.ts; the look itself is one
 * read of pg_class). Measured: app search over a 1,000-note vault just synced took 616 ms a query
 * on tables never analysed, 29 ms once analysed; waiting for the 5-minute checkpoint left a new
 * library that slow for its first minutes.
 */
export const MAINTAIN_EVERY_MS = 30_000;

/**
 * Keeps `db` up (unref'd timer): every MAINTAIN_EVERY_MS (or `everyMs`, if sooner) the statistics
 * and vacuum work autovacuum would have done (maintenance.ts: PGlite has no autovacuum either), and
 * a checkpoint every `everyMs`; the returned function stops it.
 */
function checkpointEvery(db: Db, everyMs: number, onWarning?: (m: string) => void): () => void {
  let running = false;
  let lastCheckpoint = Date.now();
  const timer = setInterval(
    () => {
      if (running) return;
      running = true;
      const checkpoint = Date.now() - lastCheckpoint >= everyMs;
      maintainEmbedded(db)
        .catch((err: Error) => onWarning?.(`PGlite maintenance failed: ${err.message}`))
        .then(async () => {
          if (!checkpoint) return;
          lastCheckpoint = Date.now();
          await db.execute(sql`CHECKPOINT`);
        })
        .catch((err: Error) => onWarning?.(`PGlite checkpoint failed: ${err.message}`))
        .finally(() => (running = false));
    },
    Math.min(everyMs, MAINTAIN_EVERY_MS),
  );
  timer.unref();
  return () => clearInterval(timer);
}

export type OpenOptions = {
  /** postgres://… for server mode; otherwise PGlite. */
  databaseUrl?: string;
  /** Read replicas of `databaseUrl` (DATABASE_READ_URL): read-only work goes there (replicas.ts). */
  readUrls?: string[];
  /** PGlite data directory; `memory://` for an in-memory database. */
  pgliteDir?: string;
  /** A PGlite data dir tarball to start from (tests: skips initdb). */
  loadDataDir?: Blob;
  onWarning?: (msg: string) => void;
  /** Run embedded PGlite on its own worker thread (`pglite-thread.ts`) rather than this one. */
  pgliteThread?: boolean;
  /** How often embedded PGlite checkpoints (`CHECKPOINT_EVERY_MS`; tests shorten it). */
  checkpointEveryMs?: number;
  /**
   * The open database stopped under its user (PGlite's thread exited): every later query fails.
   * The server exits so that its service manager starts it again (PGlite recovers from its WAL).
   */
  onLost?: (message: string) => void;
};

/** Opens the database, loads what extensions exist, and applies every migration. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) {
    const database = await openPostgres(opts.databaseUrl, opts.onWarning);
    if (!opts.readUrls?.length) return database;
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const handle = (pool: import("pg").Pool) => drizzle(pool, { schema }) as unknown as Db;
    const primary = { db: database.db, pool: database.pool! };
    const replicas = await openReplicas(primary, opts.readUrls, handle, opts.onWarning).catch(
      async (err: unknown) => {
        await database.close();
        throw err;
      },
    );
    return {
      ...database,
      replicas,
      close: async () => {
        await replicas.close();
        await database.close();
      },
    };
  }
  if (opts.readUrls?.length)
    throw new Error("DATABASE_READ_URL needs DATABASE_URL (replicas of a PostgreSQL primary).");
  const database = opts.pgliteThread
    ? await openPgliteThread(opts.pgliteDir ?? "memory://", opts.loadDataDir, opts.onWarning, opts.onLost)
    : await openPglite(opts.pgliteDir ?? "memory://", opts.loadDataDir, opts.onWarning);
  const stop = checkpointEvery(database.db, opts.checkpointEveryMs ?? CHECKPOINT_EVERY_MS, opts.onWarning);
  const close = database.close;
  return {
    ...database,
    close: async () => {
      stop();
      await close();
    },
  };
}

async function openPglite(dir: string, loadDataDir: Blob | undefined, onWarning?: (m: string) => void) {
  const { PGlite } = await import("@electric-sql/pglite");
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { vector } = await import("@electric-sql/pglite-pgvector");
  const { pg_textsearch } = await import("@electric-sql/pglite-pg_textsearch");
  const { drizzle } = await import("drizzle-orm/pglite");
  const inMemory = dir.startsWith("memory://");
  if (!inMemory) fs.mkdirSync(dir, { recursive: true });
  const fresh = !inMemory && !fs.existsSync(path.join(dir, "PG_VERSION"));
  const options: import("@electric-sql/pglite").PGliteOptions = {
    dataDir: inMemory ? undefined : dir,
    extensions: { pg_trgm, vector, pg_textsearch },
    loadDataDir: loadDataDir ?? (inMemory || fresh ? initdbTemplate() : undefined),
    postgresqlconf: pgliteSettings,
  };
  const pglite = await PGlite.create(options);
  // PGlite keeps its options object for the instance's life: drop the unpacked data dir tarball
  // (~40 MB) once it has been loaded (a first start otherwise keeps it for good).
  const loaded = options.loadDataDir !== undefined;
  delete options.loadDataDir;
  // Unpacking it left ~120 MB of array buffers (the decompressed tarball, its copy, the files)
  // that V8 does not collect on its own while the heap is small: measured 358 → ~280 MB RSS after
  // a first start (docs/decisions.md, "Memory ceilings").
  if (loaded) collectGarbage();
  const db = drizzle(pglite, { schema }) as unknown as Db;
  const capabilities = await loadExtensions(db, onWarning);
  if (await migrationsPending(db)) {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(drizzle(pglite, { schema }), { migrationsFolder });
  }
  return {
    db,
    kind: "pglite" as const,
    capabilities,
    pglite,
    wasmBytes: () => pglite.Module.HEAPU8.byteLength,
    close: async () => {
      if (!pglite.closed) await pglite.close();
    },
  };
}

/** Embedded PGlite on a worker thread (`pglite-thread.ts`): same data dir, settings and migrations. */
async function openPgliteThread(
  dir: string,
  loadDataDir: Blob | undefined,
  onWarning?: (m: string) => void,
  onLost?: (m: string) => void,
): Promise<Database> {
  const { drizzle } = await import("drizzle-orm/pglite");
  const inMemory = dir.startsWith("memory://");
  if (!inMemory) fs.mkdirSync(dir, { recursive: true });
  const fresh = !inMemory && !fs.existsSync(path.join(dir, "PG_VERSION"));
  const pglite = await PgliteThread.create(
    {
      dataDir: inMemory ? undefined : dir,
      // The worker unpacks the template itself: a copy sent over would be held twice (~40 MB each).
      loadDataDir,
      template: !loadDataDir && (inMemory || fresh),
      postgresqlconf: pgliteSettings,
    },
    (message) => (onLost ?? onWarning)?.(message),
  );
  const client = pglite as unknown as import("@electric-sql/pglite").PGlite;
  const db = drizzle({ client, schema }) as unknown as Db;
  try {
    const capabilities = await loadExtensions(db, onWarning);
    if (await migrationsPending(db)) {
      const { migrate } = await import("drizzle-orm/pglite/migrator");
      await migrate(drizzle({ client, schema }), { migrationsFolder });
    }
    return {
      db,
      kind: "pglite" as const,
      capabilities,
      pglite,
      wasmBytes: () => pglite.wasmHeapBytes,
      close: () => pglite.close(),
    };
  } catch (err) {
    await pglite.close();
    throw err;
  }
}

/** Whether the journal holds a migration newer than the database's last (one cheap query). */
export async function migrationsPending(db: Db): Promise<boolean> {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  const newest = Math.max(...journal.entries.map((e) => e.when));
  try {
    const rows = await queryRows<{ last: number | string | null }>(
      db,
      sql`SELECT max(created_at) AS last FROM drizzle.__drizzle_migrations`,
    );
    return rows[0]?.last == null || Number(rows[0].last) < newest;
  } catch {
    return true; // no migrations table yet
  }
}

async function openPostgres(url: string, onWarning?: (m: string) => void): Promise<Database> {
  const pg = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  // int8 and numeric as JS numbers, as PGlite returns them.
  pg.default.types.setTypeParser(20, (v) => Number(v));
  pg.default.types.setTypeParser(1700, (v) => Number(v));
  const pool = new pg.default.Pool({ connectionString: url, max: 10 });
  // An idle client dropped by the server (restart, admin termination) must not crash the process:
  // the pool replaces it on the next query.
  pool.on("error", (err) => onWarning?.(`PostgreSQL connection lost: ${err.message}`));
  // Nor one checked out for a transaction whose connection drops between two of its queries (a
  // server restart): the transaction fails with the error instead.
  pool.on("connect", (client) => client.on("error", () => {}));
  const version = await pool.query<{ server_version_num: string }>("show server_version_num");
  if (Number(version.rows[0].server_version_num) < 150000) {
    await pool.end();
    throw new Error("Mnemo needs PostgreSQL 15 or newer.");
  }
  const db = drizzle(pool, { schema }) as unknown as Db;
  const capabilities = await loadExtensions(db, onWarning);
  if (await migrationsPending(db)) await migrate(drizzle(pool, { schema }), { migrationsFolder });
  return {
    db,
    kind: "postgres",
    capabilities,
    pool,
    wasmBytes: () => 0,
    close: async () => {
      if (!pool.ended) await pool.end();
    },
  };
}

/** Creates each optional extension not there yet; a missing one is reported, never fatal. */
async function loadExtensions(db: Db, onWarning?: (m: string) => void): Promise<Capabilities> {
  const caps: Capabilities = { pg_trgm: false, vector: false, pg_textsearch: false };
  const installed = await queryRows<{ extname: string }>(db, sql`SELECT extname FROM pg_extension`);
  for (const name of Object.keys(caps) as (keyof Capabilities)[]) {
    if (installed.some((e) => e.extname === name)) {
      caps[name] = true;
      continue;
    }
    try {
      await db.execute(sql.raw(`CREATE EXTENSION IF NOT EXISTS ${name}`));
      caps[name] = true;
    } catch (err) {
      onWarning?.(
        `PostgreSQL extension "${name}" is not available (${(err as Error).message}); ` +
          "Mnemo runs without it and uses its portable fallback.",
      );
    }
  }
  return caps;
}

/** Runs a raw query and returns its rows, typed by the caller (PGlite and pg agree after setup). */
export async function queryRows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

type PreparingDb = {
  dialect: { sqlToQuery(q: ReturnType<typeof sql>): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      q: { sql: string; params: unknown[] },
      fields: undefined,
      name: string,
      arrayMode: boolean,
    ): { execute(): Promise<unknown> };
  };
};

/**
 * `queryRows` as a named prepared statement: PostgreSQL parses and plans it once per connection,
 * then reuses its plan (a generic one after five executions, when it costs no more). Only for hot
 * statements whose best plan does not depend on their parameters' values; the name is the text's
 * hash, so a name always means one text. PGlite runs it as any query.
 */
export async function queryPrepared<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const d = db as unknown as PreparingDb;
  const q = d.dialect.sqlToQuery(query);
  const name = `mnemo_${crypto.createHash("sha1").update(q.sql).digest("hex").slice(0, 24)}`;
  const res = (await d.session.prepareQuery(q, undefined, name, false).execute()) as { rows: T[] };
  return res.rows;
}
