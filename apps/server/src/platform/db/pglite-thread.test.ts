import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { openTestDatabase } from "../../test/harness.ts";
import { fromPgError } from "../lib/errors.ts";
import { queryRows, type Database } from "./client.ts";
import { PgliteThread } from "./pglite-thread.ts";
import { user } from "./schema/index.ts";

/**
 * Embedded PGlite on its own thread (PGLITE_THREAD=true) answers as PGlite in the server's thread
 * does: Drizzle's queries and types, transactions that commit or roll back whole and hold the only
 * connection, database errors with their SQLSTATE, LISTEN/NOTIFY.
 */
describe("PGlite on a worker thread", () => {
  let d: Database;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ database: d, cleanup } = await openTestDatabase("pglite", { pgliteThread: true }));
  }, 120_000);
  afterAll(() => cleanup?.());

  const newUser = (name: string) => ({
    id: crypto.randomUUID(),
    name,
    email: `${crypto.randomUUID()}@example.com`,
  });

  it("profiles its statements by verb and table when asked, and only then (bench/apps)", async () => {
    const thread = d.pglite as PgliteThread;
    await d.db.insert(user).values(newUser("Before"));
    await thread.statementProfile(true);
    await d.db.insert(user).values(newUser("Bo"));
    await d.db.insert(user).values(newUser("Cy"));
    await d.db.select().from(user).where(eq(user.name, "Bo"));
    const profile = await thread.statementProfile(false);
    expect(profile["insert user"]?.calls).toBe(2);
    expect(profile["select user"]?.calls).toBe(1);
    expect(profile["insert user"]!.cpuMs).toBeGreaterThan(0);
    // Stopped: nothing is counted, and the next start begins empty.
    await d.db.insert(user).values(newUser("After"));
    await thread.statementProfile(true);
    expect(await thread.statementProfile(false)).toEqual({});
  });

  it("runs the migrated schema through Drizzle, with its types", async () => {
    expect(d.pglite).toBeInstanceOf(PgliteThread);
    expect(d.wasmBytes()).toBeGreaterThan(0);
    const u = newUser("Ann");
    await d.db.insert(user).values(u);
    const [row] = await d.db.select().from(user).where(eq(user.id, u.id));
    expect(row.name).toBe("Ann");
    expect(row.createdAt).toBeInstanceOf(Date);
    const [n] = await queryRows<{ n: number; j: unknown }>(
      d.db,
      sql`SELECT 2::int8 AS n, '{"a":[1]}'::jsonb AS j`,
    );
    expect(n).toEqual({ n: 2, j: { a: [1] } });
  });

  it("commits a transaction whole, rolls a failed one back whole, and keeps the error's SQLSTATE", async () => {
    const a = newUser("Bea");
    const b = newUser("Cal");
    await d.db.transaction(async (tx) => {
      await tx.insert(user).values(a);
      await tx.insert(user).values(b);
    });
    const dup = { ...newUser("Dee"), email: a.email };
    const err = await d.db
      .transaction(async (tx) => {
        await tx.insert(user).values(newUser("Eve"));
        await tx.insert(user).values(dup);
      })
      .catch((e: unknown) => e);
    expect(fromPgError(err)?.code).toBe("conflict");
    const names = (await d.db.select({ name: user.name }).from(user)).map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(["Bea", "Cal"]));
    expect(names).not.toContain("Eve");
    // The connection is usable after the rollback.
    expect(await queryRows(d.db, sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
  });

  it("makes statements from outside wait for an open transaction, as on the one connection", async () => {
    const f = newUser("Fay");
    let outsideSaw: number | undefined;
    await d.db.transaction(async (tx) => {
      await tx.insert(user).values(f);
      const outside = queryRows<{ n: number }>(
        d.db,
        sql`SELECT count(*)::int AS n FROM "user" WHERE id = ${f.id}`,
      ).then((r) => (outsideSaw = r[0].n));
      // A statement of the transaction sent after the outside one: answered first, in order, only
      // because the outside one waits for the transaction (not for a fixed time).
      await queryRows(tx, sql`SELECT 1 AS one`);
      expect(outsideSaw).toBeUndefined();
      void outside;
    });
    await expect.poll(() => outsideSaw).toBe(1);
  });

  it("delivers NOTIFY to a listener", async () => {
    const got: string[] = [];
    const stop = await d.pglite!.listen("h12_thread", (p) => got.push(p));
    await queryRows(d.db, sql`SELECT pg_notify('h12_thread', 'hello')`);
    await expect.poll(() => got).toEqual(["hello"]);
    await stop();
  });
});

/**
 * A database thread that stops while open (a crash of PGlite's WebAssembly, the worker killed):
 * the pending statement fails with the reason, every later one fails at once, and the owner hears
 * of it once (the server then exits to be restarted: main.ts).
 */
describe("PGlite's thread stopping under the server", () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "mnemo-thread-exit-"));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("fails what was pending and what follows, and reports the stop once", async () => {
    // A stand-in worker: opens as PGlite's does, then dies on the first statement.
    const script = path.join(dir, "dies.mjs");
    fs.writeFileSync(
      script,
      `import { parentPort } from "node:worker_threads";
parentPort.on("message", (call) => {
  if (call.op === "init") parentPort.postMessage({ id: call.id, ok: true, result: null, heap: 0 });
  else process.exit(3);
});`,
    );
    const stops: string[] = [];
    const thread = await PgliteThread.create(
      { postgresqlconf: [] },
      (m) => stops.push(m),
      pathToFileURL(script),
    );
    await expect(thread.query("SELECT 1")).rejects.toThrow("The database thread stopped (exit code 3).");
    expect(thread.closed).toBe(true);
    await expect(thread.query("SELECT 1")).rejects.toThrow("PGlite is closed");
    expect(stops).toEqual(["The database thread stopped (exit code 3)."]);
    await thread.close();
    expect(stops).toHaveLength(1);
  });
});
