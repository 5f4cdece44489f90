import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openTestDatabase } from "../../test/harness.ts";
import { waitUntil } from "../../test/wait.ts";
import { openDatabase, queryRows, type Database } from "./client.ts";
import { maintainEmbedded } from "./maintenance.ts";

/**
 * PGlite has no autovacuum: the server's maintenance gives a grown table statistics and a
 * visibility map, so an index-only walk of it (a deep wall page) no longer reads every row's page.
 */
describe.each([false, true])("embedded PGlite's maintenance (on its own thread: %s)", (pgliteThread) => {
  let d: Database;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ database: d, cleanup } = await openTestDatabase("pglite", { pgliteThread }));
  }, 120_000);
  afterAll(() => cleanup?.());

  /** Heap rows an index-only scan read, and the estimated row count, of a query over the probe. */
  const plan = async () => {
    await d.db.execute(sql`SET enable_seqscan = off`);
    const [row] = await queryRows<{ "QUERY PLAN": unknown }>(
      d.db,
      sql`EXPLAIN (ANALYZE, FORMAT JSON) SELECT owner, at FROM probe WHERE owner = 'a' ORDER BY at DESC OFFSET 5000 LIMIT 24`,
    );
    await d.db.execute(sql`RESET enable_seqscan`);
    const raw = row!["QUERY PLAN"];
    const text = typeof raw === "string" ? raw : JSON.stringify(raw);
    return {
      heapFetches: Number(/"Heap Fetches":\s*(\d+)/.exec(text)?.[1] ?? NaN),
      indexOnly: text.includes("Index Only Scan"),
    };
  };
  const reltuples = async () =>
    Number(
      (
        await queryRows<{ n: number }>(
          d.db,
          sql`SELECT reltuples::float8 AS n FROM pg_class WHERE relname = 'probe'`,
        )
      )[0]!.n,
    );

  it("analyses and vacuums a table that grew, once, and index-only scans stop reading the heap", async () => {
    await d.db.execute(sql`CREATE TABLE probe (id int PRIMARY KEY, owner text, at timestamptz, body text)`);
    await d.db.execute(sql`CREATE INDEX probe_owner_at ON probe (owner, at)`);
    await d.db.execute(
      sql`INSERT INTO probe SELECT g, 'a', now() - g * interval '1 minute', repeat('x', 200) FROM generate_series(1, 20000) g`,
    );
    // Before: no visibility map, so every row the walk passes is read from its heap page.
    const before = await plan();
    expect(before.indexOnly && before.heapFetches === 0).toBe(false);
    expect(await reltuples()).toBeLessThan(1);

    const done = await maintainEmbedded(d.db);
    expect(done).toContainEqual({ table: "public.probe", vacuumed: true });
    expect(await reltuples()).toBe(20000);
    expect(await plan()).toEqual({ indexOnly: true, heapFetches: 0 });

    // Nothing grew since: nothing to do for it.
    expect((await maintainEmbedded(d.db)).map((t) => t.table)).not.toContain("public.probe");
  });

  it("runs on the server's own timer: a table filled after opening gets its statistics", async () => {
    const dump = await d.pglite!.dumpDataDir("none");
    const own = await openDatabase({ loadDataDir: dump, pgliteThread, checkpointEveryMs: 200 });
    try {
      await own.db.execute(sql`CREATE TABLE timed (id int PRIMARY KEY, body text)`);
      await own.db.execute(sql`INSERT INTO timed SELECT g, repeat('y', 200) FROM generate_series(1, 5000) g`);
      await waitUntil(
        "the timer's ANALYZE",
        async () =>
          Number(
            (
              await queryRows<{ n: number }>(
                own.db,
                sql`SELECT reltuples::float8 AS n FROM pg_class WHERE relname = 'timed'`,
              )
            )[0]!.n,
          ) === 5000,
        { timeoutMs: 20_000, intervalMs: 100 },
      );
    } finally {
      await own.close();
    }
  });
});
