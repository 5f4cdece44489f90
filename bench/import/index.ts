/**
 * Import benchmark (issue 23): a 10,000-bookmark file (Netscape HTML, folders of 1,000) pointing at
 * the local https fixture site, imported through the real server (`mnemo serve`, embedded PGlite
 * or PostgreSQL, in-process worker): upload, parse in the sandbox, every bookmark created as a
 * memory and its fetch queued. The worker starts fetching the pages meanwhile, as it would.
 *
 *   npm run bench -- import [bookmarks=10000] [memory=512|none] [postgres=postgres://…] [node=--flag,…]
 *                           [log=debug] [dump=server-log-file] [--smoke]
 *
 * Ends with `items_per_s=… peak_rss_mb=… cpu_ms_per_item=…` (items created and queued per second
 * from the upload to the run's end; peak RSS of the server's process tree, sandboxed parsers
 * included, sampled every 100 ms; CPU of that tree over the import a created item, issue 44 — the
 * worker's page fetches that run meanwhile included). Goal: ≥ 100 items/s, ≤ 512 MB. Runs under MEMORY_LIMIT_MB=512 unless memory= says
 * otherwise. `--smoke`: 100 bookmarks.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { smokeArgs } from "../lib/smoke.ts";
import { spawnServer } from "../../apps/server/src/test/process.ts";
import { processTreeRss, procCpuMs, procStatusMb } from "../../apps/server/src/test/proc.ts";
import { createPostgresDatabase } from "../../apps/server/src/test/harness.ts";
import { startFixtureSite } from "../../apps/server/src/test/fixtures/sites/server.ts";

function bookmarks(n: number, origin: string): string {
  const out = [
    "<!DOCTYPE NETSCAPE-Bookmark-file-1>",
    "<TITLE>Bookmarks</TITLE>",
    "<H1>Bookmarks</H1>",
    "<DL><p>",
  ];
  for (let i = 0; i < n; i++) {
    if (i % 1000 === 0) out.push(`    <DT><H3 ADD_DATE="1700000000">Folder ${i / 1000}</H3>`, "    <DL><p>");
    out.push(
      `        <DT><A HREF="${origin}/articles/page-${i}" ADD_DATE="${1700000000 + i}">Article ${i}</A>`,
    );
    if (i % 1000 === 999 || i === n - 1) out.push("    </DL><p>");
  }
  out.push("</DL><p>");
  return out.join("\n");
}

export async function run(args: string[]) {
  // key=value; the value may hold "=" itself (node=--max-old-space-size=256).
  const { smoke, rest } = smokeArgs(args);
  const opts = Object.fromEntries(rest.map((a) => [a.slice(0, a.indexOf("=")), a.slice(a.indexOf("=") + 1)]));
  const n = Number(opts.bookmarks ?? (smoke ? 100 : 10_000));
  // BENCH_PORT / BENCH_SITE_PORT: fixed ports on a shared machine (a free one otherwise).
  const site = await startFixtureSite({ port: Number(process.env.BENCH_SITE_PORT ?? 0) });
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "mnemo-bench-import-"));
  const file = Buffer.from(bookmarks(n, site.origin));
  const env: Record<string, string> = {
    DATA_DIR: path.join(root, "data"),
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-1",
    FETCH_ALLOW_HOSTS: "127.0.0.1",
    FETCH_EXTRA_CA: site.caPath,
    RATE_LIMIT_EXEMPT: "127.0.0.1,::1,::ffff:127.0.0.1",
    DEFAULT_PLAN: "team",
    LOG_LEVEL: opts.log ?? "warn",
    ...(process.env.BENCH_PORT ? { PORT: process.env.BENCH_PORT } : {}),
  };
  // A database of its own next to the one given, dropped at the end (runs never see each other).
  let dropDatabase = async () => {};
  // As on a 512 MB machine (the goal's budget; a container's cgroup limit tells the server the
  // same): one page extraction at a time, the memory guard pausing fetches near the limit.
  // memory=none runs without a limit (the server then uses what a large machine offers).
  const memoryLimit = opts.memory ?? "512";
  if (memoryLimit !== "none") env.MEMORY_LIMIT_MB = memoryLimit;
  if (opts.postgres) {
    process.env.TEST_DATABASE_URL = opts.postgres;
    const created = await createPostgresDatabase();
    env.DATABASE_URL = created.url;
    dropDatabase = created.drop;
  }
  // Extra V8 / Node flags for the server, e.g. node=--max-old-space-size=256 (comma-separated).
  const server = await spawnServer(env, { nodeArgs: opts.node ? opts.node.split(",") : [] });
  let peak = 0;
  let serverPeak = 0;
  let atPeak = { root: 0, children: [] as number[] };
  let mostChildren = 0;
  // The sandboxed parsers' CPU, by process (sampled: a process that ends keeps its last reading).
  const childCpu = new Map<number, number>();
  let sampling = false;
  const sampler = setInterval(() => {
    try {
      const tree = processTreeRss(server.child.pid!);
      if (sampling)
        for (const pid of tree.pids) childCpu.set(pid, Math.max(childCpu.get(pid) ?? 0, procCpuMs(pid)));
      if (tree.total > peak) {
        peak = tree.total;
        atPeak = tree;
      }
      mostChildren = Math.max(mostChildren, tree.children.length);
      serverPeak = Math.max(serverPeak, procStatusMb(server.child.pid!, "VmRSS"));
    } catch {
      /* the process is ending */
    }
  }, 100);
  try {
    const call = async (
      method: string,
      p: string,
      body?: BodyInit,
      token = "",
      type = "application/json",
    ) => {
      const res = await fetch(server.url + p, {
        method,
        headers: { "content-type": type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body,
      });
      if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    const { token } = (await call(
      "POST",
      "/api/auth/sign-up",
      JSON.stringify({ name: "Bench", email: "bench-import@example.com", password: "correct-horse-battery" }),
    )) as { token: string };
    type Run = {
      id: string;
      status: string;
      created: number;
      duplicates: number;
      failed: number;
      message: string | null;
    };
    console.log(`import: ${n} bookmarks (${(file.length / 1e6).toFixed(1)} MB) → ${server.url}`);
    const started = performance.now();
    const cpuAtStart = procCpuMs(server.child.pid!);
    const childrenBefore = new Map(
      processTreeRss(server.child.pid!).pids.map((pid) => [pid, procCpuMs(pid)]),
    );
    sampling = true;
    const { run } = (await call(
      "POST",
      "/api/import?file_name=bookmarks.html",
      file,
      token,
      "text/html",
    )) as {
      run: Run;
    };
    let last: Run = run;
    const end = Date.now() + 30 * 60_000;
    for (;;) {
      last = ((await call("GET", `/api/import/${run.id}`, undefined, token)) as { run: Run }).run;
      if (last.status === "done" || last.status === "failed") break;
      if (Date.now() > end) throw new Error("timed out waiting for the import");
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    // CPU the server spent meanwhile (its sandboxes not included): on a shared machine the wall
    // clock depends on the others' load, this does not.
    const cpuSeconds = (procCpuMs(server.child.pid!) - cpuAtStart) / 1000;
    for (const pid of processTreeRss(server.child.pid!).pids)
      childCpu.set(pid, Math.max(childCpu.get(pid) ?? 0, procCpuMs(pid)));
    const childSeconds =
      [...childCpu].reduce((sum, [pid, ms]) => sum + ms - (childrenBefore.get(pid) ?? 0), 0) / 1000;
    if (last.status !== "done") throw new Error(`import failed: ${last.message}`);
    const itemsPerS = last.created / seconds;
    console.log(
      `import: ${last.created} created, ${last.duplicates} duplicates, ${last.failed} failed in ${seconds.toFixed(1)} s; ` +
        `pages fetched by the worker meanwhile: ${site.stats.requests.filter((r) => r.startsWith("/articles/")).length}; ` +
        `server CPU ${cpuSeconds.toFixed(1)} s, its sandboxed parsers ${childSeconds.toFixed(1)} s ` +
        `(${(((cpuSeconds + childSeconds) * 1000) / last.created).toFixed(1)} ms of CPU an item, the worker's page fetches meanwhile included)`,
    );
    console.log(
      `peak RSS: server ${serverPeak.toFixed(0)} MB, with its sandboxed parsers ${peak.toFixed(0)} MB ` +
        `(at that moment: server ${atPeak.root} MB + sandboxes [${atPeak.children.join(", ")}] MB; ` +
        `at most ${mostChildren} sandbox processes at once)`,
    );
    // dump=<file>: the server's log, to read the guard's decisions at leisure.
    if (opts.dump) fs.writeFileSync(opts.dump, server.output());
    const output = server.output().split("\n");
    const memory = output.filter((l) => l.includes('"msg":"memory"'));
    // The memory guard's doings (garbage collections at log=debug, pauses at any level).
    console.log(
      `memory guard: ${memory.filter((l) => l.includes('"after_gc":true')).length} garbage collections, ` +
        `${output.filter((l) => l.includes("heavy jobs (fetching, extraction) paused")).length} pauses of heavy jobs`,
    );
    if (memory.length) {
      const most = memory
        .map((l) => JSON.parse(l) as Record<string, number>)
        .reduce((a, b) => ((b.rss_mb ?? 0) > (a.rss_mb ?? 0) ? b : a));
      console.log(`server memory at its peak: ${JSON.stringify(most)}`);
    }
    const cpuPerItem = ((cpuSeconds + childSeconds) * 1000) / last.created;
    console.log(
      `items_per_s=${itemsPerS.toFixed(0)} peak_rss_mb=${peak.toFixed(0)} cpu_ms_per_item=${cpuPerItem.toFixed(1)}`,
    );
  } finally {
    clearInterval(sampler);
    await server.stop();
    await site.close();
    await dropDatabase();
    fs.rmSync(root, { recursive: true, force: true });
  }
}
