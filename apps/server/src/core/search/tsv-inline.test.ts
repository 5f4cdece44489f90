import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { queryRows, type Database, type Db } from "../../platform/db/client.ts";
import { source, user } from "../../platform/db/schema/index.ts";
import { openTestDatabase, testDatabases } from "../../test/harness.ts";
import { createLogger } from "../../platform/logger.ts";
import type { JobQueue } from "../../platform/jobs/queue.ts";
import { prepareSearch } from "./setup.ts";
import {
  resumeTsvInline,
  runTsvInlineJob,
  tsvInlineBatch,
  tsvInlineProgress,
  TSV_INLINE_TASK,
} from "./tsv-inline.ts";

const CHUNKS = 40;

/** A word of eight letters from a seed: tsvectors of many such words hardly compress. */
const word = (seed: number) =>
  [...crypto.createHash("sha256").update(String(seed)).digest().subarray(0, 8)]
    .map((byte) => String.fromCharCode(97 + (byte % 26)))
    .join("");

/** Chunks whose tsvector (~3.5 kB) the storage before migration 0014 moved out of line; text stays short. */
async function addLegacyChunks(db: Db, owner: string) {
  await db.execute(sql`ALTER TABLE chunk ALTER COLUMN tsv SET STORAGE EXTENDED`);
  await db.insert(source).values({ id: "legacy", ownerId: owner, type: "file", title: "" });
  for (let i = 0; i < CHUNKS; i++) {
    const long = Array.from({ length: 300 }, (_, k) => word(i * 1000 + k)).join(" ");
    await db.execute(sql`INSERT INTO chunk (id, source_id, owner_id, ord, text, search_text, tsv, language, tokens)
      VALUES (${`legacy-${String(i).padStart(3, "0")}`}, 'legacy', ${owner}, ${i}::int, 'short', 'short',
        to_tsvector('simple', ${long}), 'en', 300)`);
  }
  await db.execute(sql`ALTER TABLE chunk ALTER COLUMN tsv SET STORAGE MAIN`);
  await db.execute(sql`INSERT INTO search_maintenance (task) VALUES (${TSV_INLINE_TASK})`);
}

/** Chunks with a value in the TOAST table (only tsvectors here: every text is short). */
async function outOfLine(db: Db): Promise<number> {
  await db.execute(sql`VACUUM chunk`);
  const [t] = await queryRows<{ toast: string }>(
    db,
    sql`SELECT reltoastrelid::regclass::text AS toast FROM pg_class WHERE oid = 'chunk'::regclass`,
  );
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(DISTINCT chunk_id)::int AS n FROM ${sql.raw(t.toast)}`,
  );
  return Number(row.n);
}

const snapshot = (db: Db) =>
  queryRows<{ id: string; tsv: string }>(db, sql`SELECT id, tsv::text AS tsv FROM chunk ORDER BY id`);
const statistics = (db: Db) =>
  queryRows(
    db,
    sql`SELECT (SELECT sum(docs) FROM search_stats) AS docs, (SELECT sum(tokens) FROM search_stats) AS tokens,
    (SELECT count(*) FROM search_term_df WHERE df > 0) AS terms, (SELECT sum(df) FROM search_term_df) AS dfs`,
  );

for (const kind of testDatabases()) {
  describe(`keeping tsvectors written before 0014 in their rows, on ${kind}`, () => {
    let database: Database;
    let cleanup: () => Promise<void>;
    let db: Db;

    beforeAll(async () => {
      ({ database, cleanup } = await openTestDatabase(kind));
      db = database.db;
      await prepareSearch(database);
      await db.insert(user).values({ id: "u1", name: "U", email: "u1@example.invalid" });
    });
    afterAll(async () => {
      await cleanup?.();
    });

    it("a new database has no such task", async () => {
      expect(await tsvInlineProgress(db)).toBeNull();
      expect(await tsvInlineBatch(db)).toEqual({ rewritten: 0, done: 0, finished: true });
    });

    it("rewrites every chunk in batches, the database holding the cursor, with the same tsvectors and statistics", async () => {
      await addLegacyChunks(db, "u1");
      expect(await outOfLine(db)).toBe(CHUNKS);
      const before = await snapshot(db);
      const stats = await statistics(db);
      expect(await tsvInlineProgress(db)).toEqual({ done: 0, remaining: CHUNKS });

      const first = await tsvInlineBatch(db, 7);
      expect(first).toEqual({ rewritten: 7, done: 7, finished: false });
      expect(await tsvInlineProgress(db)).toEqual({ done: 7, remaining: CHUNKS - 7 });

      const sent: { name: string; payload: unknown; key?: string }[] = [];
      const queue = {
        send: async (name: string, payload: unknown, opts: { key?: string } = {}) => {
          sent.push({ name, payload, key: opts.key });
        },
      } as unknown as JobQueue;
      const ctx = { database, log: createLogger("silent"), queue };
      // Start-up resumes an unfinished task; each job enqueues the next until it finishes.
      await resumeTsvInline(ctx);
      expect(sent).toEqual([{ name: "search.tsv-inline", payload: { done: 7 }, key: undefined }]);
      for (let i = 0; i < 20 && (await tsvInlineProgress(db)); i++)
        await runTsvInlineJob(ctx, { id: `a${i}` }, 7);
      expect(await tsvInlineProgress(db)).toBeNull();
      expect(sent.map((s) => s.payload).at(-1)).toEqual({ done: CHUNKS });
      expect(sent.at(-1)?.key).toMatch(/:next$/);

      expect(await outOfLine(db)).toBe(0);
      expect(await snapshot(db)).toEqual(before);
      expect(await statistics(db)).toEqual(stats);
      const [task] = await queryRows<{ done: number; finished: boolean }>(
        db,
        sql`SELECT done, finished_at IS NOT NULL AS finished FROM search_maintenance WHERE task = ${TSV_INLINE_TASK}`,
      );
      expect(task).toEqual({ done: CHUNKS, finished: true });
      // Finished: start-up enqueues nothing more.
      const count = sent.length;
      await resumeTsvInline(ctx);
      expect(sent).toHaveLength(count);
    });
  });
}
