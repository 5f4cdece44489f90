/**
 * `npm run bench -- load [--db both|pglite|postgres] [--memories 200] [--qna 100] [--wall 200] [--turbofan] [--smoke]`
 *
 * The real server (`mnemo serve` as `npm run serve` starts it, in-process worker) on a fresh
 * embedded PGlite data dir, then on a fresh PostgreSQL database (on TEST_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/test). For each: one user with `--memories` notes saved
 * through POST /api/pages and indexed, then, over real HTTP from this process:
 *  - `--qna` concurrent POST /api/qna streams (extractive engine), each read to end_of_data;
 *  - `--wall` concurrent GET /api/sources (the memory wall's list, pages of 24).
 * Prints errors and p50/p95/max per database (time from sending to the end of the body) and ends
 * with `pglite_qna_p95_ms=… pg_qna_p95_ms=… pglite_wall_p95_ms=… pg_wall_p95_ms=… errors=…`.
 *
 * The server runs with RATE_LIMIT_EXEMPT for loopback: every request comes from one address, and
 * sign-up/sign-in are limited per address (the limits are not what is measured here).
 * `--turbofan` starts the server without `--liftoff-only` (PGlite's WebAssembly then also gets
 * the optimizing compiler: faster, at the memory cost in docs/decisions.md).
 * `--smoke`: 10 notes, 3 streams, 5 wall calls; `both` means PGlite alone unless TEST_DATABASE_URL
 * names a PostgreSQL server (the run says so).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createNdjsonDecoder } from "@mnemo/contracts/stream";
import { spawnServer, type ServerProcess } from "../../apps/server/src/test/process.ts";
import { createPostgresDatabase } from "../../apps/server/src/test/harness.ts";
import { procCpuMs } from "../../apps/server/src/test/proc.ts";
import { percentile } from "../lib/stats.ts";
import { smokeArgs } from "../lib/smoke.ts";
import pg from "pg";

const DEFAULT_PG = "postgres://postgres@127.0.0.1:5432/test";

const TOPICS = [
  ["sourdough", "starter", "flour", "hydration", "oven", "crust"],
  ["telescope", "mirror", "eyepiece", "galaxy", "focus", "night"],
  ["marathon", "training", "tempo", "recovery", "mileage", "shoes"],
  ["garden", "tomato", "compost", "seedling", "watering", "mulch"],
  ["piano", "voicing", "chord", "scale", "rhythm", "practice"],
  ["kubernetes", "pod", "service", "ingress", "network", "cluster"],
  ["pottery", "kiln", "glaze", "clay", "wheel", "firing"],
  ["history", "rome", "senate", "empire", "legion", "consul"],
];

function note(i: number): { title: string; markdown: string } {
  const words = TOPICS[i % TOPICS.length];
  const sentences = Array.from(
    { length: 12 },
    (_, k) =>
      `Note ${i} on ${words[k % words.length]}: the ${words[(k + 1) % words.length]} needs ${(i * 7 + k) % 90} minutes of ${words[(k + 2) % words.length]} before the ${words[(k + 3) % words.length]} is ready.`,
  );
  return { title: `${words[0]} notes ${i}`, markdown: sentences.join(" ") };
}

type Stats = { p50: number; p95: number; max: number; errors: number; wallS: number };

async function concurrently(n: number, one: (i: number) => Promise<void>): Promise<Stats> {
  const times: number[] = [];
  let errors = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const t = performance.now();
      try {
        await one(i);
        times.push(performance.now() - t);
      } catch (err) {
        errors++;
        if (errors <= 5) console.error(`  request ${i}: ${(err as Error).message}`);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: times.at(-1) ?? NaN,
    errors,
    wallS: (performance.now() - t0) / 1000,
  };
}

type Options = { memories: number; qna: number; wall: number; turbofan: boolean };

async function measure(kind: "pglite" | "postgres", opts: Options) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `mnemo-bench-load-${kind}-`));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-1",
    DEFAULT_PLAN: "team",
    LOG_LEVEL: "warn",
    RATE_LIMIT_EXEMPT: "127.0.0.1,::1,::ffff:127.0.0.1",
    // A given port (a shared machine's allotment), else a free one.
    ...(process.env.PORT ? { PORT: process.env.PORT } : {}),
  };
  let drop: (() => Promise<void>) | undefined;
  if (kind === "postgres") {
    process.env.TEST_DATABASE_URL ??= DEFAULT_PG;
    const created = await createPostgresDatabase();
    env.DATABASE_URL = created.url;
    drop = created.drop;
  }
  let server: ServerProcess | undefined;
  try {
    server = await spawnServer(env, { nodeArgs: opts.turbofan ? ["--no-liftoff-only"] : [] });
    if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.output()}`);
    const base = server.url;
    const call = async (method: string, p: string, body?: unknown, token = "") => {
      const res = await fetch(base + p, {
        method,
        headers: {
          "content-type": "application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (res.status !== 200) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<unknown>;
    };
    const { token } = (await call("POST", "/api/auth/sign-up", {
      name: "Load",
      email: `load-${Date.now()}@example.com`,
      password: "correct-horse-battery",
    })) as { token: string };

    const tSeed = performance.now();
    const ids: string[] = [];
    for (let i = 0; i < opts.memories; i += 10) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(10, opts.memories - i) }, (_, k) =>
          call("POST", "/api/pages", note(i + k), token),
        ),
      );
      for (const p of batch) ids.push((p as { id: string }).id);
    }
    let pending = ids;
    while (pending.length) {
      const rows = (await call(
        "POST",
        "/api/upload/verify_indexing",
        pending.slice(0, 200).map((id) => ({ id, type: "page" })),
        token,
      )) as { id: string; indexing_status: string }[];
      const done = new Set(rows.filter((r) => r.indexing_status !== "in_progress").map((r) => r.id));
      pending = pending.filter((id) => !done.has(id));
      if (pending.length) await new Promise((r) => setTimeout(r, 200));
    }
    console.log(
      `${kind}: seeded ${opts.memories} notes in ${((performance.now() - tSeed) / 1000).toFixed(1)} s (load ${os.loadavg()[0].toFixed(1)})`,
    );

    const ask = async (i: number) => {
      const words = TOPICS[i % TOPICS.length];
      const res = await fetch(`${base}/api/qna`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({
          question: `How many minutes of ${words[2]} does the ${words[1]} need in note ${i}?`,
        }),
      });
      if (res.status !== 200 || !res.body) throw new Error(`HTTP ${res.status} ${await res.text()}`);
      const dec = createNdjsonDecoder();
      let ended = false;
      for await (const bytes of res.body as unknown as AsyncIterable<Uint8Array>) {
        for (const line of dec.push(bytes)) {
          if (line.error) throw new Error(String(line.error));
          if (line.end_of_data) ended = true;
        }
      }
      if (!ended) throw new Error("the stream ended without end_of_data");
    };
    const list = async (i: number) => {
      const page = (i % Math.max(1, Math.ceil(opts.memories / 24))) + 1;
      const res = await fetch(`${base}/api/sources?page=${page}&page_size=24`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.status !== 200) throw new Error(`HTTP ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };
    // Warm once: the first call of each path compiles it (and PGlite's WebAssembly) lazily.
    await ask(0);
    await list(0);

    // CPU of the server process, plus on PostgreSQL that of the database's backends (their own
    // processes): PGlite does the database's work inside the server process.
    const pid = server.child.pid!;
    let backends: number[] = [];
    if (env.DATABASE_URL) {
      const c = new pg.Client({ connectionString: env.DATABASE_URL });
      await c.connect();
      const { rows } = await c.query<{ pid: number }>(
        "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
      );
      await c.end();
      backends = rows.map((r) => r.pid);
    }
    const cpuNow = () => procCpuMs(pid) + backends.reduce((sum, b) => sum + procCpuMs(b), 0);
    const cpu0 = cpuNow();
    const qna = await concurrently(opts.qna, ask);
    const qnaCpu = cpuNow() - cpu0;
    console.log(
      `${kind}: ${opts.qna} concurrent /api/qna streams: p50 ${qna.p50.toFixed(0)} ms, p95 ${qna.p95.toFixed(0)} ms, max ${qna.max.toFixed(0)} ms, errors ${qna.errors}, all done in ${qna.wallS.toFixed(1)} s (server + database CPU ${qnaCpu} ms; load ${os.loadavg()[0].toFixed(1)})`,
    );
    const cpu1 = cpuNow();
    const wall = await concurrently(opts.wall, list);
    const wallCpu = cpuNow() - cpu1;
    console.log(
      `${kind}: ${opts.wall} concurrent GET /api/sources: p50 ${wall.p50.toFixed(0)} ms, p95 ${wall.p95.toFixed(0)} ms, max ${wall.max.toFixed(0)} ms, errors ${wall.errors}, all done in ${wall.wallS.toFixed(1)} s (server + database CPU ${wallCpu} ms; load ${os.loadavg()[0].toFixed(1)})`,
    );
    return { qna, wall, qnaCpu, wallCpu };
  } finally {
    await server?.stop("SIGTERM");
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run(args: string[]) {
  const { smoke, rest } = smokeArgs(args);
  const { values } = parseArgs({
    args: rest,
    options: {
      db: { type: "string", default: "both" },
      memories: { type: "string", default: smoke ? "10" : "200" },
      qna: { type: "string", default: smoke ? "3" : "100" },
      wall: { type: "string", default: smoke ? "5" : "200" },
      turbofan: { type: "boolean", default: false },
    },
  });
  const opts: Options = {
    memories: Number(values.memories),
    qna: Number(values.qna),
    wall: Number(values.wall),
    turbofan: values.turbofan,
  };
  const both =
    smoke && !process.env.TEST_DATABASE_URL ? (["pglite"] as const) : (["pglite", "postgres"] as const);
  if (values.db === "both" && both.length === 1)
    console.log("PostgreSQL skipped: a smoke run uses it only when TEST_DATABASE_URL is set");
  const kinds = values.db === "both" ? both : [values.db as "pglite" | "postgres"];
  console.log(
    `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model}), ${Math.round(os.totalmem() / 2 ** 20)} MB; load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`,
  );
  const out: string[] = [];
  let errors = 0;
  for (const kind of kinds) {
    const r = await measure(kind, opts);
    const k = kind === "postgres" ? "pg" : "pglite";
    out.push(
      `${k}_qna_p50_ms=${r.qna.p50.toFixed(0)} ${k}_qna_p95_ms=${r.qna.p95.toFixed(0)} ${k}_wall_p50_ms=${r.wall.p50.toFixed(0)} ${k}_wall_p95_ms=${r.wall.p95.toFixed(0)} ` +
        `${k}_qna_cpu_ms=${r.qnaCpu} ${k}_wall_cpu_ms=${r.wallCpu}`,
    );
    errors += r.qna.errors + r.wall.errors;
  }
  console.log(`${out.join(" ")} errors=${errors} load=${os.loadavg()[0].toFixed(1)}`);
}
