import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openDatabase, queryRows, type Database, type DbKind, type Db } from "./client.ts";
import { createPostgresDatabase, testDatabases } from "../../test/harness.ts";

/**
 * Migrations are history (HOUSE-STYLE): a shipped migration is never edited, and a database made
 * by any earlier release upgrades to head. 0000_init was once edited in place after it shipped
 * (search columns and tables, then chunk embeddings, commits cd21ac9 and a44cdad), and data dirs
 * were created from those versions too: each is rebuilt here as it ran — the released 0000 plus
 * the statements the edit added (now in 0001), recorded under the edit's journal time.
 */
const migrations = path.join(import.meta.dirname, "migrations");
type JournalEntry = { idx: number; version: string; when: number; tag: string; breakpoints: boolean };
const journal = JSON.parse(fs.readFileSync(path.join(migrations, "meta/_journal.json"), "utf8")) as {
  entries: JournalEntry[];
};
const released = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, "released-migrations.json"), "utf8"),
) as {
  released: { tag: string; when: number; sha256: string }[];
};
const sha256 = (file: string) => crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");

describe("released migrations never change", () => {
  it.each(released.released.map((r) => [r.tag, r] as const))("%s is as released", (tag, r) => {
    expect(sha256(path.join(migrations, `${tag}.sql`)), `${tag}.sql was edited: add a new migration`).toBe(
      r.sha256,
    );
    expect(journal.entries.find((e) => e.tag === tag)?.when, `${tag}'s journal time moved`).toBe(r.when);
  });

  it("every migration in the journal is listed as released, in order", () => {
    expect(journal.entries.map((e) => e.tag)).toEqual(released.released.map((r) => r.tag));
    const times = journal.entries.map((e) => e.when);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });
});

/** A migrations folder holding one version of 0000_init only (an earlier release's set). */
function releaseFolder(sqlText: string, when: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mnemo-release-"));
  fs.mkdirSync(path.join(dir, "meta"));
  fs.writeFileSync(path.join(dir, "0000_init.sql"), sqlText);
  const entry: JournalEntry = { idx: 0, version: "7", when, tag: "0000_init", breakpoints: true };
  fs.writeFileSync(
    path.join(dir, "meta/_journal.json"),
    JSON.stringify({ version: "7", dialect: "postgresql", entries: [entry] }),
  );
  return dir;
}

const breakpoint = "--> statement-breakpoint";
const released0000 = fs.readFileSync(path.join(migrations, "0000_init.sql"), "utf8");
/** The statements the in-place edits added to 0000 (they moved to 0001). */
const edits = fs
  .readFileSync(path.join(migrations, "0001_search_and_embeddings.sql"), "utf8")
  .split(breakpoint)
  .map((s) => s.trim())
  .filter(Boolean);
const edited0000 = (statements: string[]) => [released0000, ...statements].join(`${breakpoint}\n`);

const histories = [
  { name: "the first release (0000_init as shipped)", sql: released0000, when: released.released[0].when },
  {
    name: "0000_init edited for search (cd21ac9)",
    sql: edited0000(edits.filter((s) => !s.includes("chunk_embedding"))),
    when: 1795305270139,
  },
  { name: "0000_init edited for embeddings (a44cdad)", sql: edited0000(edits), when: 1795309512532 },
];

/** Tables, columns, indexes and constraints of the public schema, comparable across databases. */
async function schemaOf(db: Db) {
  const columns = await queryRows<Record<string, string>>(
    db,
    sql`SELECT table_name, column_name, data_type, udt_name, is_nullable, column_default
        FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, column_name`,
  );
  const indexes = await queryRows<Record<string, string>>(
    db,
    sql`SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname`,
  );
  const constraints = await queryRows<Record<string, string>>(
    db,
    sql`SELECT conrelid::regclass::text AS tbl, conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
        WHERE connamespace = 'public'::regnamespace ORDER BY conname`,
  );
  /** Columns whose storage differs from their type's (ALTER COLUMN … SET STORAGE). */
  const storage = await queryRows<Record<string, string>>(
    db,
    sql`SELECT a.attrelid::regclass::text AS tbl, a.attname AS col, a.attstorage::text AS storage
        FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_type t ON t.oid = a.atttypid
        WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r' AND a.attnum > 0
          AND NOT a.attisdropped AND a.attstorage <> t.typstorage
        ORDER BY 1, 2`,
  );
  return { columns, indexes, constraints, storage };
}

describe.each(testDatabases())("upgrading to head on %s", (kind: DbKind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  /** A database of this kind: the release's migrations applied raw, then a function to open it at head. */
  async function createAt(folder: string | null) {
    if (kind === "pglite") {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mnemo-upgrade-"));
      cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
      const { PGlite } = await import("@electric-sql/pglite");
      const { drizzle } = await import("drizzle-orm/pglite");
      const { migrate } = await import("drizzle-orm/pglite/migrator");
      const pglite = await PGlite.create(dir);
      const db = drizzle(pglite) as unknown as Db;
      if (folder) await migrate(drizzle(pglite), { migrationsFolder: folder });
      return { db, close: () => pglite.close(), openAtHead: () => openDatabase({ pgliteDir: dir }) };
    }
    const created = await createPostgresDatabase();
    cleanups.push(created.drop);
    const pg = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new pg.default.Pool({ connectionString: created.url, max: 1 });
    if (folder) await migrate(drizzle(pool), { migrationsFolder: folder });
    return {
      db: drizzle(pool) as unknown as Db,
      close: () => pool.end(),
      openAtHead: () => openDatabase({ databaseUrl: created.url }),
    };
  }

  let head: Awaited<ReturnType<typeof schemaOf>> | undefined;
  async function headSchema() {
    if (head) return head;
    const fresh = await createAt(null);
    await fresh.close();
    const database: Database = await fresh.openAtHead();
    head = await schemaOf(database.db);
    await database.close();
    return head;
  }

  it("keeps each chunk's tsvector in its row, where the portable first stage reads it once per term", async () => {
    // Out of line (TOAST), every ts_rank call fetched it again: a Chinese query's scoring took
    // 24 ms instead of 3 on 1,000 candidate rows (docs/decisions.md).
    expect((await headSchema()).storage).toContainEqual({ tbl: "chunk", col: "tsv", storage: "m" });
  });

  it.each(histories.map((h) => [h.name, h] as const))("from %s, keeping its data", async (_name, h) => {
    const old = await createAt(releaseFolder(h.sql, h.when));
    const userId = crypto.randomUUID();
    await old.db.execute(
      sql`INSERT INTO "user" (id, name, email) VALUES (${userId}, 'Old', ${`${userId}@example.com`})`,
    );
    await old.db.execute(
      sql`INSERT INTO source (id, owner_id, type, title, status) VALUES ('s1', ${userId}, 'page', 'Kept', 'success')`,
    );
    await old.db.execute(
      sql`INSERT INTO chunk (id, source_id, owner_id, ord, text) VALUES ('c1', 's1', ${userId}, 0, 'old chunk')`,
    );
    await old.close();

    const database = await old.openAtHead();
    try {
      const upgraded = await schemaOf(database.db);
      const expected = await headSchema();
      expect(upgraded.columns).toEqual(expected.columns);
      expect(upgraded.indexes).toEqual(expected.indexes);
      expect(upgraded.constraints).toEqual(expected.constraints);
      expect(upgraded.storage).toEqual(expected.storage);
      const [kept] = await queryRows<{ title: string; tokens: number }>(
        database.db,
        sql`SELECT s.title, c.tokens FROM source s JOIN chunk c ON c.source_id = s.id WHERE s.id = 's1'`,
      );
      expect(kept).toEqual({ title: "Kept", tokens: 0 });
      // Its chunks were stored before tsvectors were kept in the row: the rewrite task awaits them.
      const tasks = await queryRows<{ task: string; finished: boolean }>(
        database.db,
        sql`SELECT task, finished_at IS NOT NULL AS finished FROM search_maintenance`,
      );
      expect(tasks).toEqual([{ task: "tsv-inline", finished: false }]);
    } finally {
      await database.close();
    }
  });
});
