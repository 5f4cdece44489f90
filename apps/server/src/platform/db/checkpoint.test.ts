import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openTestDatabase } from "../../test/harness.ts";
import { waitUntil } from "../../test/wait.ts";
import { openDatabase, queryRows } from "./client.ts";

const walMb = (dir: string) =>
  fs.readdirSync(path.join(dir, "pg_wal")).filter((f) => /^[0-9A-F]{24}$/.test(f)).length * 16;

/**
 * Embedded PGlite has no checkpointer: the server checkpoints it, so its WAL stays bounded
 * (`max_wal_size`) instead of keeping every change since start (20 GB after building 1M chunks).
 */
describe.each([false, true])("embedded PGlite's WAL (on its own thread: %s)", (pgliteThread) => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it("is checkpointed on a timer and trimmed to max_wal_size", async () => {
    // Opened once by the harness's way (migrations applied) to get a data dir to start from.
    const { database: seed, cleanup } = await openTestDatabase("pglite", { pgliteThread });
    const dump = await seed.pglite!.dumpDataDir("none");
    await cleanup();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mnemo-wal-"));
    dirs.push(dir);
    const d = await openDatabase({ pgliteDir: dir, loadDataDir: dump, pgliteThread, checkpointEveryMs: 300 });
    try {
      const last = async () =>
        (
          await queryRows<{ at: string }>(
            d.db,
            sql`SELECT checkpoint_time::text AS at FROM pg_control_checkpoint()`,
          )
        )[0]!.at;
      await d.db.execute(sql`CREATE TABLE wal_probe (id int, body text)`);
      // ~500 MB of WAL: twice max_wal_size (256 MB).
      for (let i = 0; i < 25; i++)
        await d.db.execute(
          sql`INSERT INTO wal_probe SELECT g, repeat('x', 900) FROM generate_series(1, 20000) g`,
        );
      const before = await last();
      await waitUntil("a checkpoint after the writes", async () => (await last()) !== before, {
        timeoutMs: 30_000,
        intervalMs: 100,
      });
      expect(walMb(dir)).toBeLessThanOrEqual(256 + 32);
    } finally {
      await d.close();
    }
  }, 120_000);
});
