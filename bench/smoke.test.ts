/**
 * Benchmarks cannot rot (issue 40 item 7): every `npm run bench -- <name> --smoke` runs here, one
 * at a time, at its smallest size (bench/lib/smoke.ts). Each must exit 0 and end with its summary
 * line `key=value key=value …` holding the keys its header documents, and report no failed request
 * where its summary counts them. No timing is checked: the smoke sizes are too small to measure
 * anything, and CI machines are shared.
 *
 * The browser benchmarks (chat-render, mindmap) need the built web app of this very tree (a stale
 * build talks to the server in an older way). `npm test` builds it only for the end-to-end stage,
 * after this one, so unless WEB_DIST names a build it is built here into a temporary folder
 * (10–30 s; apps/web/dist is left alone for the other tests).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
/** tsx on this very Node (the project's, from node_modules), whatever `node` PATH finds first. */
const tsx = path.join(root, "node_modules/tsx/dist/cli.mjs");
const webDist = process.env.WEB_DIST;
let builtDist: string | undefined;
const postgres = Boolean(process.env.TEST_DATABASE_URL);

/** Each benchmark and the keys its summary line documents (its header comment). */
const benchmarks: { name: string; keys: string[]; zero?: string[]; web?: boolean }[] = [
  {
    name: "apps",
    keys: [
      "notes_per_s",
      "cpu_ms_per_note",
      "resync_reindexed",
      "app_search_p95_ms",
      "mailbox_search_p95_ms",
      "gmail_sync_msgs_per_s",
      "gmail_sync_peak_rss_mb",
      "parse_ms_per_note",
      "chunk_ms_per_note",
      "analysis_ms_per_note",
      "insert_ms_per_note",
      "index_ms_per_note",
    ],
  },
  {
    name: "brief",
    keys: ["brief_s", "peak_rss_mb", "cached_ms", "memories", "sentences", "points", "timeline"],
  },
  {
    name: "cards",
    keys: ["pdf_make_cpu_ms", "pdf_all_cpu_ms", "pdf_cards", "pages"],
  },
  {
    name: "chat-render",
    keys: ["longest_task_ms", "long_tasks", "longest_task_cpu_ms", "words", "stream_s"],
    web: true,
  },
  {
    name: "collections",
    keys: ["db", "add_batches", "add_p50_ms", "add_p95_ms", "list_collections", "list_p50_ms", "list_p95_ms"],
  },
  {
    name: "extract",
    keys: [
      "pdf_pages_per_s",
      "pdftotext_pages_per_s",
      "pdf_ratio",
      "pdf_cold_ms",
      "ocr_s_per_image",
      "scanned_pdf_s_per_page",
      "load",
    ],
  },
  {
    name: "footprint",
    keys: ["ready_ms", "first_start_peak_rss_mb", "start_peak_rss_mb", "idle_rss_mb", "ingest_peak_rss_mb"],
    zero: ["qna_errors"],
  },
  { name: "import", keys: ["items_per_s", "peak_rss_mb", "cpu_ms_per_item"] },
  {
    name: "ingest",
    keys: [
      "pages_per_s",
      "peak_rss_mb",
      "pipeline_cpu_ms_per_page",
      "floor_cpu_ms_per_page",
      "cpu_ratio",
      "load",
    ],
  },
  {
    name: "load",
    keys: [
      "pglite_qna_p95_ms",
      "pglite_wall_p95_ms",
      ...(postgres ? ["pg_qna_p95_ms", "pg_wall_p95_ms"] : []),
      "errors",
    ],
    zero: ["errors"],
  },
  {
    name: "mindmap",
    keys: [
      "longest_task_ms",
      "long_tasks",
      "longest_task_cpu_ms",
      "load_longest_task_ms",
      "wall_initial_js_kb",
      "mindmap_api_ms",
      "memories",
      "edges",
    ],
    web: true,
  },
  { name: "qna", keys: ["chunks", "db", "ttfc_p50_ms", "ttfc_p95_ms", "errors"], zero: ["errors"] },
  {
    name: "scale",
    keys: [
      "wall_p95_ms",
      "search_p95_ms",
      "qna_p95_ms",
      "start_ms",
      "idle_rss_mb",
      "search_growth",
      "wall_growth",
    ],
  },
  { name: "search", keys: ["db", "impl", "chunks", "p50_ms", "p95_ms"] },
  {
    name: "transcribe",
    keys: ["minutes", "pieces", "transcribe_s", "idle_rss_mb", "peak_rss_mb", "peak_tree_rss_mb"],
  },
  { name: "wall", keys: ["db", "memories", "list_p95_ms", "filtered_p95_ms", "search_p95_ms"] },
];

/**
 * The environment as `npm run bench` sees it: without vitest's NODE_ENV=test (with which Vite
 * builds Excalidraw's development files) and VITEST_* variables.
 */
const userEnv = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => k !== "NODE_ENV" && !k.startsWith("VITEST")),
);

const SUMMARY = /^\w[\w.-]*=\S+( \w[\w.-]*=\S+)*$/;

/** Runs a command to its end; kills its process group after `timeoutMs`. */
function exec(cmd: string, args: string[], timeoutMs: number, env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; output: string; stdout: string }>((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env: { ...userEnv, ...env }, detached: true });
    let output = "";
    let stdout = "";
    child.stdout.on("data", (d: Buffer) => ((output += d), (stdout += d)));
    child.stderr.on("data", (d: Buffer) => (output += d));
    // The whole process group: a benchmark's servers, sandboxes and browser with it.
    const killGroup = () => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        /* already gone */
      }
    };
    const timer = setTimeout(() => {
      output += `\n[killed after ${timeoutMs} ms]`;
      killGroup();
    }, timeoutMs);
    child.on("close", (code) => {
      clearTimeout(timer);
      killGroup(); // anything a failed run left behind
      resolve({ code, output, stdout });
    });
  });
}

/** The web app's build, made once by the first benchmark that needs it. */
let building: Promise<string> | undefined;
function webBuild(): Promise<string> {
  if (webDist) return Promise.resolve(webDist);
  return (building ??= (async () => {
    builtDist = fs.mkdtempSync(path.join(os.tmpdir(), "mnemo-bench-smoke-web-"));
    const build = await exec(
      "npm",
      ["run", "build", "-w", "apps/web", "--", "--outDir", builtDist, "--emptyOutDir"],
      240_000,
    );
    if (build.code !== 0) throw new Error(`building the web app failed:\n${build.output}`);
    return builtDist;
  })());
}

afterAll(() => {
  if (builtDist) fs.rmSync(builtDist, { recursive: true, force: true });
});

describe("every benchmark's --smoke run", () => {
  for (const b of benchmarks) {
    // Generous: the sizes take seconds, but a 2-core machine shared with other work is slow.
    it(b.name, { timeout: b.web ? 560_000 : 320_000 }, async () => {
      const env: Record<string, string> = b.web ? { WEB_DIST: await webBuild() } : {};
      const started = performance.now();
      const r = await exec(process.execPath, [tsx, "bench/run.ts", b.name, "--smoke"], 300_000, env);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const last = r.stdout.trim().split("\n").filter(Boolean).at(-1) ?? "";
      expect(r.code, `bench ${b.name} --smoke exited ${r.code} after ${seconds} s:\n${r.output}`).toBe(0);
      expect(last, `the last line is no summary:\n${r.output}`).toMatch(SUMMARY);
      const figures = Object.fromEntries(last.split(" ").map((kv) => kv.split("=", 2) as [string, string]));
      for (const key of b.keys) expect(figures, `summary: ${last}`).toHaveProperty([key]);
      for (const key of b.zero ?? []) expect(figures[key], `summary: ${last}`).toBe("0");
      console.log(`bench ${b.name} --smoke: ${seconds} s\n  ${last}`);
    });
  }
});
