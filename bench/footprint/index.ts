/**
 * `npm run bench -- footprint [--pages 200] [--streams 20] [--idle 60] [--cap-mb 0] [--smoke]`
 *
 * The real server (`npm run serve`'s Node flags, embedded PGlite, in-process worker) as a new user
 * runs it, measured from outside through /proc:
 *  1. first start on a fresh data dir (initdb): time until /api/health answers, peak RSS (VmHWM);
 *  2. a start on that existing data dir: time to healthy, peak RSS during start-up, RSS after
 *     `--idle` seconds doing nothing;
 *  3. ingesting `--pages` links of the local fixture site: peak RSS sampled every 100 ms, pages/s;
 *  4. `--streams` concurrent /api/qna streams (extractive engine): peak RSS, errors.
 * Each phase also prints the server's own breakdown (V8 heap, PGlite's WASM memory, other
 * ArrayBuffers, native rest, extraction child processes) from its `memory` debug log line.
 * Ends with `ready_ms=… first_start_peak_rss_mb=… start_peak_rss_mb=… idle_rss_mb=… ingest_peak_rss_mb=…`.
 * `--smoke`: 5 pages, 2 streams, 1 s idle (and 1 s, not 3, for deferred start-up work).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createNdjsonDecoder } from "@mnemo/contracts/stream";
import { smokeArgs } from "../lib/smoke.ts";
import { startFixtureSite } from "../../apps/server/src/test/fixtures/sites/server.ts";
import { spawnServer, type ServerProcess } from "../../apps/server/src/test/process.ts";
import {
  procCpuMs,
  processTreeRss,
  processTreeRssMb,
  procStatusMb,
} from "../../apps/server/src/test/proc.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Time from spawning to the first 200 from /api/health. */
async function startTimed(
  env: Record<string, string>,
): Promise<{ server: ServerProcess; readyMs: number; readyCpuMs: number }> {
  const t0 = performance.now();
  const server = await spawnServer(env);
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.output()}`);
    const ok = await fetch(`${server.url}/api/health`)
      .then((r) => r.status === 200)
      .catch(() => false);
    // CPU time too: on a machine shared with other work the wall clock also counts waiting for a core.
    if (ok)
      return {
        server,
        readyMs: Math.round(performance.now() - t0),
        readyCpuMs: procCpuMs(server.child.pid!),
      };
    await sleep(10);
  }
}

/** The last `memory` line the server logged (LOG_LEVEL=debug), as printed figures. */
function breakdown(server: ServerProcess): string {
  const lines = server
    .output()
    .split("\n")
    .filter((l) => l.includes('"msg":"memory"'));
  const last = lines.at(-1);
  if (!last) return "(no memory line logged)";
  const m = JSON.parse(last) as Record<string, number>;
  const keys = ["rss_mb", "heap_used_mb", "heap_total_mb", "wasm_mb", "array_buffers_mb", "external_mb"];
  return (
    keys.map((k) => `${k}=${m[k]}`).join(" ") +
    ` children_mb=${processTreeRssMb(server.child.pid!) - m.rss_mb}`
  );
}

function load(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
}

export async function run(args: string[]) {
  const { smoke, rest } = smokeArgs(args);
  const { values } = parseArgs({
    args: rest,
    options: {
      pages: { type: "string", default: smoke ? "5" : "200" },
      streams: { type: "string", default: smoke ? "2" : "20" },
      idle: { type: "string", default: smoke ? "1" : "60" },
    },
  });
  // Time left to the server's deferred start-up work before its peak is read.
  const settleMs = smoke ? 1000 : 3000;
  const pages = Number(values.pages);
  const streams = Number(values.streams);
  const idleSeconds = Number(values.idle);
  // BENCH_PORT / BENCH_SITE_PORT: fixed ports on a shared machine (a free one otherwise).
  const site = await startFixtureSite({
    port: Number(process.env.BENCH_SITE_PORT ?? (process.env.PORT ? Number(process.env.PORT) + 1 : 0)),
  });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mnemo-bench-footprint-"));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-1",
    FETCH_ALLOW_HOSTS: "127.0.0.1",
    FETCH_EXTRA_CA: site.caPath,
    LOG_LEVEL: "debug",
    DEFAULT_PLAN: "team",
    ...((process.env.BENCH_PORT ?? process.env.PORT)
      ? { PORT: process.env.BENCH_PORT ?? process.env.PORT }
      : {}),
    // MEMORY_LIMIT_MB as the bench's caller set it (none by default, as on a machine without a
    // container limit).
    ...(process.env.MEMORY_LIMIT_MB ? { MEMORY_LIMIT_MB: process.env.MEMORY_LIMIT_MB } : {}),
  };
  console.log(
    `machine: ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 20)} MB; load ${load()}`,
  );
  let server: ServerProcess | undefined;
  try {
    const first = await startTimed(env);
    server = first.server;
    await sleep(settleMs); // deferred start-up work (the worker starts after listening)
    const firstPeak = procStatusMb(server.child.pid!, "VmHWM");
    console.log(
      `first start (initdb): healthy after ${first.readyMs} ms (${first.readyCpuMs} ms CPU), peak ${firstPeak} MB`,
    );
    console.log(`  ${breakdown(server)}`);
    await server.stop("SIGTERM");

    const again = await startTimed(env);
    server = again.server;
    await sleep(settleMs);
    const startPeak = procStatusMb(server.child.pid!, "VmHWM");
    console.log(
      `start on the existing data dir: healthy after ${again.readyMs} ms (${again.readyCpuMs} ms CPU), peak ${startPeak} MB`,
    );
    console.log(`  ${breakdown(server)}`);
    await sleep(Math.max(0, idleSeconds * 1000 - settleMs));
    const idle = procStatusMb(server.child.pid!, "VmRSS");
    console.log(`idle after ${idleSeconds} s: ${idle} MB (load ${load()})`);
    console.log(`  ${breakdown(server)}`);

    const base = server.url;
    const call = async (p: string, body: unknown, token = "") => {
      const res = await fetch(base + p, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      if (res.status !== 200) throw new Error(`${p}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    const { token } = (await call("/api/auth/sign-up", {
      name: "Bench",
      email: `bench-${Date.now()}@example.com`,
      password: "correct-horse-battery",
    })) as { token: string };

    const pid = server.child.pid!;
    let ingestPeak = 0;
    let atPeak = { root: 0, children: [] as number[] };
    let mostChildren = 0;
    const childCpu = new Map<number, number>();
    const sampler = setInterval(() => {
      const tree = processTreeRss(pid);
      mostChildren = Math.max(mostChildren, tree.children.length);
      for (const child of tree.pids)
        childCpu.set(child, Math.max(childCpu.get(child) ?? 0, procCpuMs(child)));
      if (tree.total > ingestPeak) {
        ingestPeak = tree.total;
        atPeak = tree;
      }
    }, 100);
    const t0 = performance.now();
    const cpu0 = procCpuMs(pid);
    const ids: string[] = [];
    for (let i = 0; i < pages; i += 50) {
      const links = Array.from({ length: Math.min(50, pages - i) }, (_, k) => ({
        link: `${site.origin}/articles/page-${i + k}`,
      }));
      const out = (await call("/api/upload/web_pages", { web_pages: links }, token)) as {
        web_pages: { id: string | null; status: string }[];
      };
      for (const r of out.web_pages) if (r.id) ids.push(r.id);
    }
    let pending = ids;
    let errored = 0;
    while (pending.length) {
      await sleep(250);
      const rows = (await call(
        "/api/upload/verify_indexing",
        pending.slice(0, 200).map((id) => ({ id, type: "webpage" })),
        token,
      )) as { id: string; indexing_status: string }[];
      const done = new Set(rows.filter((r) => r.indexing_status !== "in_progress").map((r) => r.id));
      errored += rows.filter((r) => r.indexing_status === "errored").length;
      pending = pending.filter((id) => !done.has(id));
    }
    const ingestSeconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    const pagesPerS = pages / ingestSeconds;
    const cpuPerPage = (procCpuMs(pid) - cpu0) / pages;
    const childCpuPerPage = [...childCpu.values()].reduce((a, b) => a + b, 0) / pages;
    console.log(
      `ingest ${pages} pages: ${pagesPerS.toFixed(1)} pages/s (${cpuPerPage.toFixed(1)} ms server CPU a page, ${childCpuPerPage.toFixed(1)} ms in child processes), errored ${errored}, peak RSS ${ingestPeak} MB (process tree; load ${load()})`,
    );
    console.log(
      `  at the peak: server ${atPeak.root} MB + child processes [${atPeak.children.join(", ")}] MB; ` +
        `at most ${mostChildren} child processes at once`,
    );
    console.log(`  ${breakdown(server)}`);

    let qnaPeak = 0;
    const qnaSampler = setInterval(() => (qnaPeak = Math.max(qnaPeak, processTreeRssMb(pid))), 50);
    let qnaErrors = 0;
    const tq = performance.now();
    await Promise.all(
      Array.from({ length: streams }, async (_, i) => {
        try {
          const res = await fetch(`${base}/api/qna`, {
            method: "POST",
            headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
            body: JSON.stringify({ question: `What does article ${i} say about page ${i * 7}?` }),
          });
          if (res.status !== 200 || !res.body) throw new Error(`HTTP ${res.status}`);
          const dec = createNdjsonDecoder();
          let ended = false;
          for await (const bytes of res.body as unknown as AsyncIterable<Uint8Array>) {
            for (const line of dec.push(bytes)) {
              if (line.error) throw new Error(line.error);
              if (line.end_of_data) ended = true;
            }
          }
          if (!ended) throw new Error("no end_of_data");
        } catch (err) {
          qnaErrors++;
          console.error(`qna stream ${i}: ${(err as Error).message}`);
        }
      }),
    );
    clearInterval(qnaSampler);
    console.log(
      `${streams} concurrent /api/qna streams: ${((performance.now() - tq) / 1000).toFixed(1)} s, errors ${qnaErrors}, peak RSS ${qnaPeak} MB`,
    );
    console.log(`  ${breakdown(server)}`);
    console.log(`whole life peak (VmHWM): ${procStatusMb(pid, "VmHWM")} MB; load ${load()}`);
    console.log(
      `ready_ms=${again.readyMs} first_start_peak_rss_mb=${firstPeak} start_peak_rss_mb=${startPeak} idle_rss_mb=${idle} ingest_peak_rss_mb=${ingestPeak} ` +
        `pages_per_s=${pagesPerS.toFixed(1)} ingest_cpu_ms_per_page=${cpuPerPage.toFixed(1)} qna_peak_rss_mb=${qnaPeak} qna_errors=${qnaErrors} first_ready_ms=${first.readyMs} ` +
        `ready_cpu_ms=${again.readyCpuMs} first_ready_cpu_ms=${first.readyCpuMs} load=${os.loadavg()[0].toFixed(1)}`,
    );
  } finally {
    await server?.stop("SIGTERM");
    await site.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
