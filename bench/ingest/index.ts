/**
 * Ingestion benchmark: 500 pages from the local https fixture site saved as links through the real
 * server (`mnemo serve`, embedded PGlite, in-process worker), end to end: POST /api/upload/web_pages
 * until every memory is `success`. Prints `pages_per_s=… rss_mb=…` (server peak RSS), and the CPU
 * against the floor (issue 44):
 * - floor_cpu_ms_per_page: the irreducible work on the same pages, measured in this process in the
 *   same run (before the ingest and after it, the mean): the page read the pipeline runs in its
 *   sandbox (`readPage`: metadata scan, DOM parse, defuddle or Readability, Markdown conversion),
 *   warm, on the very HTML the site serves.
 * - pipeline_cpu_ms_per_page: CPU of the server's process tree (server, sandboxes, and those that
 *   ended) from the first submission to the last `success`, ÷ pages.
 * - cpu_ratio: pipeline ÷ floor (issue 44: ≤ 2.0). `load`: the 1-minute load average at the end.
 *
 *   npm run bench -- ingest [pages=500] [postgres=postgres://…] [--smoke]
 *
 * `--smoke`: 5 pages, and no separate first start (the measured start then runs initdb itself).
 * `cpu_prof=DIR`: the measured server writes a V8 CPU profile there when it stops (`--cpu-prof`).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { smokeArgs } from "../lib/smoke.ts";
import { readPage } from "../../apps/server/src/platform/links/extract.ts";
import { generatedArticle } from "../../apps/server/src/test/fixtures/sites/pages.ts";
import { startFixtureSite } from "../../apps/server/src/test/fixtures/sites/server.ts";
import { spawnServer } from "../../apps/server/src/test/process.ts";
import { processTreeCpuMs } from "../../apps/server/src/test/proc.ts";

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/**
 * CPU ms per page of the page read alone (`readPage`, in this process) on `urls`' HTML, after a
 * warm-up on the first few: the floor of what saving a link must cost.
 */
async function floorCpuMsPerPage(origin: string, count: number): Promise<number> {
  const pages = Array.from({ length: count }, (_, i) => ({
    html: generatedArticle(origin, i),
    url: `${origin}/articles/page-${i}`,
  }));
  for (const page of pages.slice(0, 10)) await readPage(page);
  const start = process.cpuUsage();
  for (const page of pages) await readPage(page);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / count;
}

export async function run(args: string[]) {
  const { smoke, rest } = smokeArgs(args);
  const opts = Object.fromEntries(rest.map((a) => a.split("=", 2) as [string, string]));
  const pages = Number(opts.pages ?? (smoke ? 5 : 500));
  const site = await startFixtureSite();
  // The floor is measured before the servers start and again after the ingest: on a shared
  // machine the load moves within a run, and the ratio uses the mean of the two.
  const floorBefore = await floorCpuMsPerPage(site.origin, pages);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mnemo-bench-ingest-"));
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-1",
    FETCH_ALLOW_HOSTS: "127.0.0.1",
    FETCH_EXTRA_CA: site.caPath,
    LOG_LEVEL: "warn",
  };
  if (opts.postgres) env.DATABASE_URL = opts.postgres;
  // The first start of an embedded data dir runs PGlite's initdb (a one-off ~1.4 GB peak): do it in
  // a separate start so the measured server's peak memory is that of ingesting, not of creating.
  let firstStartPeak = 0;
  if (!opts.postgres && !smoke) {
    const init = await spawnServer(env);
    firstStartPeak = peakRssMb(init.child.pid!);
    await init.stop("SIGTERM");
  }
  const server = await spawnServer(
    env,
    opts.cpu_prof ? { nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${path.resolve(opts.cpu_prof)}`] } : {},
  );
  try {
    const call = async (method: string, p: string, body: unknown, token = "") => {
      const res = await fetch(server.url + p, {
        method,
        headers: {
          "content-type": "application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      if (res.status !== 200) throw new Error(`${method} ${p}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    const { token } = (await call("POST", "/api/auth/sign-up", {
      name: "Bench",
      email: `bench-${Date.now()}@example.com`,
      password: "correct-horse-battery",
    })) as { token: string };
    const links = Array.from({ length: pages }, (_, i) => `${site.origin}/articles/page-${i}`);

    const startupPeak = peakRssMb(server.child.pid!);
    const cpuBefore = processTreeCpuMs(server.child.pid!);
    let ingestPeak = 0;
    const sampler = setInterval(() => {
      ingestPeak = Math.max(ingestPeak, rssMb(server.child.pid!));
    }, 100);
    const t0 = performance.now();
    const ids: string[] = [];
    for (let i = 0; i < links.length; i += 50) {
      const out = (await call(
        "POST",
        "/api/upload/web_pages",
        { web_pages: links.slice(i, i + 50).map((link) => ({ link })) },
        token,
      )) as {
        web_pages: { id: string | null; status: string; message?: string }[];
      };
      for (const r of out.web_pages) {
        if (!r.id) throw new Error(`refused: ${r.status} ${r.message}`);
        ids.push(r.id);
      }
    }
    const submitted = performance.now();
    let pending = ids;
    let errored = 0;
    while (pending.length) {
      await new Promise((r) => setTimeout(r, 250));
      const rows = (await call(
        "POST",
        "/api/upload/verify_indexing",
        pending.slice(0, 200).map((id) => ({ id, type: "webpage" })),
        token,
      )) as {
        id: string;
        indexing_status: string;
      }[];
      const done = new Set(rows.filter((r) => r.indexing_status !== "in_progress").map((r) => r.id));
      errored += rows.filter((r) => r.indexing_status === "errored").length;
      pending = pending.filter((id) => !done.has(id));
    }
    const seconds = (performance.now() - t0) / 1000;
    const pipelineCpuMs = (processTreeCpuMs(server.child.pid!) - cpuBefore) / pages;
    clearInterval(sampler);
    const rss = peakRssMb(server.child.pid!);
    console.log(`database: ${opts.postgres ? "postgres" : "pglite"}; pages: ${pages}; errored: ${errored}`);
    if (firstStartPeak) console.log(`first start of the data dir (initdb): peak ${firstStartPeak} MB`);
    console.log(`submit: ${((submitted - t0) / 1000).toFixed(2)} s; end to end: ${seconds.toFixed(2)} s`);
    if (process.env.BENCH_VERBOSE) console.log(server.output());
    console.log(
      `server peak RSS: ${rss} MB over its life (start-up alone: ${startupPeak} MB); highest RSS sampled while ingesting: ${ingestPeak} MB`,
    );
    const floorAfter = await floorCpuMsPerPage(site.origin, pages);
    const floorCpuMs = (floorBefore + floorAfter) / 2;
    const cpuRatio = pipelineCpuMs / floorCpuMs;
    console.log(
      `CPU per page: pipeline (server process tree) ${pipelineCpuMs.toFixed(1)} ms; floor (the page read alone, warm, in this process) ${floorCpuMs.toFixed(1)} ms (${floorBefore.toFixed(1)} before the ingest, ${floorAfter.toFixed(1)} after); ratio ${cpuRatio.toFixed(2)}`,
    );
    console.log(
      `pages_per_s=${(pages / seconds).toFixed(1)} ingest_rss_mb=${ingestPeak} peak_rss_mb=${rss} startup_peak_mb=${startupPeak} pipeline_cpu_ms_per_page=${pipelineCpuMs.toFixed(1)} floor_cpu_ms_per_page=${floorCpuMs.toFixed(1)} cpu_ratio=${cpuRatio.toFixed(2)} load=${os.loadavg()[0]!.toFixed(1)}`,
    );
  } finally {
    await server.stop("SIGTERM");
    await site.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
