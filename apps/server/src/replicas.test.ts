import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newChatItem, readChatStream } from "@mnemo/contracts/stream";
import { callServer, freePort, spawnServer, type ServerProcess } from "./test/process.ts";
import { waitUntil } from "./test/wait.ts";
import { sql } from "drizzle-orm";
import { DOWN_MS } from "./platform/db/replicas.ts";
import { openDatabase, queryRows } from "./platform/db/client.ts";

/**
 * Read replicas (issue 44): a real PostgreSQL primary and a streaming standby made with this
 * machine's PostgreSQL programs (initdb, pg_basebackup -R, pg_ctl) in a temp dir on free ports;
 * two API processes and a `mnemo worker` with DATABASE_READ_URL pointing at the standby. Under
 * load from several users, each write is read back at once on the other API process (wall list
 * and search); the standby is killed mid-load and no request fails; started again, it serves reads
 * again. The replay lag seen under this load and where the reads ran are printed (docs/decisions.md,
 * "Read replicas: a per-user WAL fence").
 */
const run = promisify(execFile);

/** The PostgreSQL programs: PG_BIN, else Debian's newest (`/usr/lib/postgresql/<version>/bin`). */
const PG_BIN =
  process.env.PG_BIN ??
  path.join(
    "/usr/lib/postgresql",
    (fs.existsSync("/usr/lib/postgresql") ? fs.readdirSync("/usr/lib/postgresql") : ["15"])
      .filter((v) => /^\d+$/.test(v))
      .sort((x, y) => Number(y) - Number(x))[0] ?? "15",
    "bin",
  );
const havePg = fs.existsSync(path.join(PG_BIN, "pg_basebackup"));
/** PostgreSQL refuses to run as root: as root (CI), its programs run as the `postgres` user. */
const asRoot = process.getuid?.() === 0;

function pgProgram(program: string, args: string[]) {
  const bin = path.join(PG_BIN, program);
  return asRoot
    ? run("runuser", ["-u", "postgres", "--", bin, ...args], { timeout: 60_000 })
    : run(bin, args, { timeout: 60_000 });
}

type Cluster = { dir: string; port: number; url: string };

async function startCluster(c: Cluster, socketDir: string, extra: string[] = []) {
  const opts = [
    `-p ${c.port}`,
    "-c listen_addresses=127.0.0.1",
    `-k ${socketDir}`,
    "-c fsync=off",
    "-c max_connections=60",
    ...extra,
  ].join(" ");
  await pgProgram("pg_ctl", ["-D", c.dir, "-l", `${c.dir}.log`, "-w", "-t", "30", "-o", opts, "start"]);
}

/**
 * The standby applies each commit this long after it was made (`recovery_min_apply_delay`): a
 * replica as far behind as a loaded or distant one, so that a read right after a write finds it
 * stale every time and only the read-your-writes rule can make that read see the write.
 */
const APPLY_DELAY_MS = 150;
const standbySettings = ["-c hot_standby_feedback=on", `-c recovery_min_apply_delay=${APPLY_DELAY_MS}ms`];

const cluster = (root: string, name: string, port: number): Cluster => ({
  dir: path.join(root, name),
  port,
  url: `postgres://postgres@127.0.0.1:${port}/postgres`,
});

async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

/** Transactions the standby has run for clients (its own statistics). */
const standbyTransactions = async (standby: Cluster) =>
  Number(
    (
      await query<{ n: string }>(
        standby.url,
        "SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = 'postgres'",
      )
    )[0].n,
  );

async function json<T>(res: Response | Promise<Response>, what: string): Promise<T> {
  const r = await res;
  const text = await r.text();
  if (r.status !== 200) throw new Error(`${what}: HTTP ${r.status}: ${text}`);
  return JSON.parse(text) as T;
}

describe.skipIf(!havePg && !process.env.CI)(
  "read replicas: a primary, a streaming standby, two APIs, a worker",
  () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "mnemo-replicas-"));
    const procs: ServerProcess[] = [];
    let primary: Cluster;
    let standby: Cluster;
    let a: ServerProcess;
    let b: ServerProcess;
    let env: Record<string, string>;

    beforeAll(async () => {
      if (asRoot) await run("chown", ["postgres", root]);
      primary = cluster(root, "primary", await freePort());
      standby = cluster(root, "standby", await freePort());
      await pgProgram("initdb", [
        "-D",
        primary.dir,
        "-U",
        "postgres",
        "-A",
        "trust",
        "-E",
        "UTF8",
        "--no-sync",
      ]);
      await startCluster(primary, root);
      await pgProgram("pg_basebackup", [
        ...["-h", "127.0.0.1", "-p", String(primary.port), "-U", "postgres"],
        ...["-D", standby.dir, "-R", "-X", "stream", "-c", "fast", "--no-sync"],
      ]);
      await startCluster(standby, root, standbySettings);
      const [recovery] = await query<{ r: boolean }>(standby.url, "SELECT pg_is_in_recovery() AS r");
      expect(recovery.r).toBe(true);

      env = {
        DATABASE_URL: primary.url,
        DATABASE_READ_URL: standby.url,
        AUTH_SECRET: "replica-test-secret-replica-test-secret",
        DATA_DIR: path.join(root, "data"),
        DEFAULT_PLAN: "team",
        DISABLE_WORKER: "true",
        LOG_LEVEL: "info",
      };
      const migrate = await spawnServer(env, { command: "migrate" });
      expect(await migrate.exited, migrate.output()).toBe(0);
      const started = await Promise.all([
        spawnServer(env),
        spawnServer(env),
        spawnServer(env, { command: "worker", readyText: "Mnemo worker is running" }),
      ]);
      procs.push(...started);
      for (const p of started) if (p.child.exitCode !== null) throw new Error(`exited:\n${p.output()}`);
      [a, b] = started;
    }, 120_000);

    /** The processes' last output lines and exit codes, for a failure's message. */
    const tails = () =>
      procs
        .map(
          (p, i) =>
            `--- process ${i} (exit ${p.child.exitCode ?? p.child.signalCode ?? "running"}):\n${p
              .output()
              .split("\n")
              .filter((l) => !l.includes('"request'))
              .slice(-15)
              .join("\n")}`,
        )
        .join("\n");

    afterAll(async () => {
      await Promise.all(procs.map((p) => p.stop("SIGKILL")));
      for (const c of [standby, primary])
        if (c) await pgProgram("pg_ctl", ["-D", c.dir, "-m", "immediate", "stop"]).catch(() => {});
      fs.rmSync(root, { recursive: true, force: true });
    });

    it("reads each write back at once on the other process, and loses no request when the standby dies", async () => {
      const users = await Promise.all(
        [0, 1, 2, 3].map(async (i) => {
          const { token } = await json<{ token: string }>(
            callServer(a, "POST", "/api/auth/sign-up", {
              name: `Reader ${i}`,
              email: `reader${i}@example.com`,
              password: "correct-horse-battery",
            }),
            "sign-up",
          );
          return { i, token, pages: [] as { id: string; word: string }[] };
        }),
      );

      // Replay lag on the primary's view of its standby, sampled through the load.
      const lag = { ms: 0, bytes: 0, samples: 0 };
      let sampling = true;
      const sampler = (async () => {
        const client = new pg.Client({ connectionString: primary.url });
        await client.connect();
        try {
          while (sampling) {
            const { rows } = await client.query<{ ms: number | null; bytes: string | null }>(
              `SELECT extract(epoch FROM replay_lag) * 1000 AS ms,
                    pg_wal_lsn_diff(pg_current_wal_flush_lsn(), replay_lsn) AS bytes
             FROM pg_stat_replication`,
            );
            if (rows[0]) {
              lag.samples++;
              lag.ms = Math.max(lag.ms, Number(rows[0].ms ?? 0));
              lag.bytes = Math.max(lag.bytes, Number(rows[0].bytes ?? 0));
            }
            await new Promise((r) => setTimeout(r, 50));
          }
        } finally {
          await client.end();
        }
      })();

      const before = await standbyTransactions(standby);
      const failures: string[] = [];
      let writes = 0;
      let killed: Promise<unknown> | undefined;
      let standbyUsedBeforeKill = 0;
      const ROUNDS = 12;
      const KILL_AT = 16; // writes, of 4 × 12: a third of the way in

      /** One user's load: a page written on one process, read back at once on the other. */
      const load = async (u: (typeof users)[number], rounds: number, tag: string) => {
        for (let k = 0; k < rounds; k++) {
          const [writer, reader] = (u.i + k) % 2 === 0 ? [a, b] : [b, a];
          const word = `${tag}${u.i}x${k}quokka`;
          try {
            const page = await json<{ id: string }>(
              callServer(
                writer,
                "POST",
                "/api/pages",
                { title: `Field note ${word}`, markdown: `The ${word} was seen on the ridge at dawn.` },
                u.token,
              ),
              "create page",
            );
            u.pages.push({ id: page.id, word });
            if (++writes === KILL_AT)
              killed = standbyTransactions(standby).then(async (n) => {
                standbyUsedBeforeKill = n - before;
                // A crash of the standby: its connections drop, new ones are refused.
                await pgProgram("pg_ctl", ["-D", standby.dir, "-m", "immediate", "stop"]);
              });
            const wall = await json<{ results: { id: string }[] }>(
              callServer(reader, "GET", "/api/sources?page_size=5", undefined, u.token),
              "wall list",
            );
            if (!wall.results.some((r) => r.id === page.id)) failures.push(`wall of ${u.i} lacks ${word}`);
            const found = await json<{ results: { id: string }[] }>(
              callServer(reader, "POST", "/api/sources/search", { search_query: word }, u.token),
              "search",
            );
            if (!found.results.some((r) => r.id === page.id)) failures.push(`search of ${u.i} lacks ${word}`);
            // Later, once the standby has applied it: read there (the standby's counters show it).
            await new Promise((r) => setTimeout(r, APPLY_DELAY_MS + 100));
            const later = await json<{ results: { id: string }[] }>(
              callServer(reader, "GET", "/api/sources?page_size=5", undefined, u.token),
              "wall list later",
            );
            if (!later.results.some((r) => r.id === page.id))
              failures.push(`later wall of ${u.i} lacks ${word}`);
          } catch (err) {
            failures.push((err as Error).message);
          }
        }
      };

      await Promise.all(users.map((u) => load(u, ROUNDS, "w")));
      await killed;
      sampling = false;
      await sampler;
      console.log(
        `replica lag under load: max ${lag.ms.toFixed(1)} ms replay_lag, max ${lag.bytes} bytes behind the flushed WAL (${lag.samples} samples)`,
      );
      expect(failures, tails()).toEqual([]);
      expect(writes).toBe(4 * ROUNDS);
      // The standby served reads before it died.
      expect(standbyUsedBeforeKill).toBeGreaterThan(0);

      // Every write is there, read on both processes (the primary serves them with the standby gone).
      for (const u of users)
        for (const on of [a, b]) {
          const wall = await json<{ results: { id: string }[] }>(
            callServer(on, "GET", "/api/sources?page_size=100", undefined, u.token),
            "wall",
          );
          const ids = new Set(wall.results.map((r) => r.id));
          expect(u.pages.filter((p) => !ids.has(p.id))).toEqual([]);
        }

      // The worker indexed them all; an answer's retrieval finds a page's passage.
      const first = users[0].pages[0];
      await waitUntil(
        "every page indexed",
        async () => {
          for (const u of users) {
            const rows = await json<{ indexing_status: string }[]>(
              callServer(
                b,
                "POST",
                "/api/upload/verify_indexing",
                u.pages.map((p) => ({ id: p.id, type: "page" })),
                u.token,
              ),
              "verify_indexing",
            );
            if (!rows.every((r) => r.indexing_status === "success")) return false;
          }
          return true;
        },
        { timeoutMs: 45_000, intervalMs: 250 },
      );
      const question = `Where was the ${first.word} seen?`;
      const res = await callServer(b, "POST", "/api/qna", { question }, users[0].token);
      expect(res.status).toBe(200);
      const answer = await readChatStream(res.body!, newChatItem(question));
      expect(answer.response).toContain("ridge");
      expect(Object.values(answer.sourceIdMap)).toContain(first.id);

      // The standby comes back: after its down time it is checked and serves reads again, and
      // writes made while it was gone are read back on it.
      await startCluster(standby, root, standbySettings);
      await new Promise((r) => setTimeout(r, DOWN_MS + 500));
      const back = await standbyTransactions(standby);
      await Promise.all(users.map((u) => load(u, 3, "r")));
      expect(failures, tails()).toEqual([]);
      for (const u of users) {
        const wall = await json<{ results: { id: string }[] }>(
          callServer(a, "GET", "/api/sources?page_size=100", undefined, u.token),
          "wall",
        );
        const ids = new Set(wall.results.map((r) => r.id));
        expect(u.pages.filter((p) => !ids.has(p.id))).toEqual([]);
      }
      await waitUntil(
        "the standby to serve reads again",
        async () => (await standbyTransactions(standby)) > back,
        {
          timeoutMs: 10_000,
          intervalMs: 200,
        },
      );

      // Where the reads ran, as each API process counted them.
      await Promise.all([a.stop(), b.stop()]);
      for (const [name, p] of [
        ["A", a],
        ["B", b],
      ] as const) {
        const line = p
          .output()
          .split("\n")
          .find((l) => l.includes("read replicas since start"));
        expect(line, p.output().slice(-2000)).toBeDefined();
        const { reads } = JSON.parse(line!) as { reads: Record<string, number> };
        console.log(`API ${name} reads: ${JSON.stringify(reads)}`);
        expect(reads.replica).toBeGreaterThan(0);
      }
    }, 150_000);

    it("runs a read again on the primary when the standby dies under it", async () => {
      // The standby is up again (the test above started it); a read is under way on it when it dies.
      const database = await openDatabase({ databaseUrl: primary.url, readUrls: [standby.url] });
      try {
        const read = database.replicas!.read(undefined, async (db) => {
          const rows = await queryRows<{ standby: boolean }>(
            db,
            sql`SELECT pg_is_in_recovery() AS standby, pg_sleep(2)::text AS slept`,
          );
          return rows[0].standby;
        });
        await waitUntil(
          "the read to be under way on the standby",
          async () =>
            (
              await query<{ n: string }>(
                standby.url,
                "SELECT count(*) AS n FROM pg_stat_activity WHERE query LIKE '%pg_sleep(2)%' AND pid <> pg_backend_pid()",
              )
            )[0].n !== "0",
          { timeoutMs: 5_000, intervalMs: 50 },
        );
        await pgProgram("pg_ctl", ["-D", standby.dir, "-m", "immediate", "stop"]);
        // It answers, from the primary.
        expect(await read).toBe(false);
        expect(database.replicas!.stats()).toMatchObject({ retried: 1, replica: 0 });
        // The standby is left out for a while: the next read goes straight to the primary.
        expect(
          await database.replicas!.read(
            undefined,
            async (db) => (await queryRows<{ r: boolean }>(db, sql`SELECT pg_is_in_recovery() AS r`))[0].r,
          ),
        ).toBe(false);
        expect(database.replicas!.stats()).toMatchObject({ retried: 1, noReplica: 1 });
      } finally {
        await database.close();
      }
    }, 60_000);
  },
);
