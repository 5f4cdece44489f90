/**
 * bench chat-render: the built web app (WEB_DIST or apps/web/dist) renders a streamed answer of
 * 20,000 words in the system Chromium. The real server serves the app and the account; the answer
 * stream itself is synthetic (an in-page fetch override for POST /api/qna sends NDJSON chunks of
 * 6 words every few ms, with markdown paragraphs, lists, a table, code and citations). A
 * PerformanceObserver records long tasks (> 50 ms) while it streams, and a Chromium trace gives
 * each main-thread task's CPU time (on a loaded machine wall time also counts waiting for a core).
 * Prints `longest_task_ms=… long_tasks=… longest_task_cpu_ms=… words=… stream_s=… load=…`. Options: words=20000, screenshot=<file.png>, profile=<file> (CDP CPU
 * profile of the streaming, with a top self-time summary; build the app unminified to read names).
 * `--smoke`: a 500-word answer.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { spawnServer } from "../../apps/server/src/test/process.ts";
import { startProfile, stopProfile } from "./profile.ts";
import { mainThreadTasks, traceCategories } from "./trace.ts";
import { smokeArgs } from "../lib/smoke.ts";

function answerText(words: number): string[] {
  const vocab =
    "the mirror telescope memory answer cites notes garden observatory amateur equatorial stars clouds rings".split(
      " ",
    );
  const pieces: string[] = [];
  let n = 0;
  let para = 0;
  while (n < words) {
    para++;
    if (para % 15 === 0)
      pieces.push(
        '\n\n```ts\nconst mirror = { size: 200, unit: "mm" };\nexport function area(r: number) {\n  return Math.PI * r * r;\n}\n```\n\n',
      );
    if (para % 20 === 0)
      pieces.push("\n\n| Part | Size |\n| --- | --- |\n| Mirror | 200 mm |\n| Tube | 1.2 m |\n\n");
    if (para % 10 === 0) pieces.push("\n\n- first point about the mirror\n- second point [2]\n\n");
    const len = 60 + (para % 40);
    for (let i = 0; i < len && n < words; i += 6) {
      const chunk = Array.from(
        { length: Math.min(6, words - n) },
        (_, k) => vocab[(n + k) % vocab.length],
      ).join(" ");
      n += Math.min(6, words - n);
      pieces.push(chunk + (i + 6 >= len ? ` [${(para % 3) + 1}].\n\n` : " "));
    }
  }
  return pieces;
}

export async function run(args: string[]) {
  const { smoke, rest } = smokeArgs(args);
  const opts = Object.fromEntries(rest.map((a) => a.split("=", 2) as [string, string]));
  const words = Number(opts.words ?? (smoke ? 500 : 20000));
  const webDist = process.env.WEB_DIST ?? path.resolve("apps/web/dist");
  if (!fs.existsSync(path.join(webDist, "index.html")))
    throw new Error(`No built app at ${webDist}; run npm run build first.`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mnemo-bench-chat-"));
  const server = await spawnServer({
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-1",
    LOG_LEVEL: "warn",
  });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
  try {
    const res = await fetch(server.url + "/api/auth/sign-up", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: "Bench Reader",
        email: `bench-${Date.now()}@example.com`,
        password: "correct horse battery",
      }),
    });
    const { token } = (await res.json()) as { token: string };
    // A new account opens on the first-run screens (spec 3 §4); finish them as onboarding does.
    const done = await fetch(server.url + "/api/user/metadata", {
      method: "PATCH",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ submitUserDetails: true }),
    });
    if (!done.ok) throw new Error(`PATCH /api/user/metadata: ${done.status}`);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const pieces = answerText(words);
    // tsx wraps named functions in __name(); the serialized init script needs it in the page too.
    await page.addInitScript("globalThis.__name = (f) => f;");
    await page.addInitScript(
      ({ token, pieces }) => {
        localStorage.setItem("mnemo.token", token);
        const w = window as unknown as { __long: number[]; __streamDone: boolean };
        w.__long = [];
        w.__streamDone = false;
        new PerformanceObserver((list) =>
          list.getEntries().forEach((e) => w.__long.push(e.duration)),
        ).observe({ type: "longtask", buffered: true });
        const real = window.fetch.bind(window);
        window.fetch = (input, init) => {
          const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
          if (!url.endsWith("/api/qna")) return real(input, init);
          const enc = new TextEncoder();
          const line = (o: unknown) => enc.encode(JSON.stringify(o) + "\n");
          const sources = [1, 2, 3].map((i) => ({
            id: `s${i}`,
            title: `Memory ${i}`,
            type: "page",
            snippet: "bench",
            score: 1 - i / 10,
            citation: i,
          }));
          let i = 0;
          const body = new ReadableStream<Uint8Array>({
            start(c) {
              c.enqueue(
                line({
                  chat_id: "bench",
                  sources: { results: sources, relevantResultsCount: 3 },
                  source_id_map: { 1: "s1", 2: "s2", 3: "s3" },
                }),
              );
              c.enqueue(line({ chunk: "<think>Reading the memories.</think>" }));
            },
            async pull(c) {
              await new Promise((r) => setTimeout(r, 4));
              for (let k = 0; k < 3 && i < pieces.length; k++) c.enqueue(line({ chunk: pieces[i++] }));
              if (i >= pieces.length) {
                c.enqueue(line({ end_of_data: true }));
                c.close();
                w.__streamDone = true;
              }
            },
          });
          return Promise.resolve(
            new Response(body, { status: 200, headers: { "content-type": "application/x-ndjson" } }),
          );
        };
      },
      { token, pieces },
    );
    await page.goto(server.url + "/chat/new");
    await page.getByRole("textbox", { name: "Question" }).fill("Write everything about the telescope.");
    // Long tasks of the page load are not the answer's: count from the moment the question is sent.
    await page.evaluate(() => ((window as unknown as { __long: number[] }).__long = []));
    const cdp = opts.profile ? await startProfile(page) : null;
    await browser.startTracing(page, { categories: traceCategories });
    const t0 = Date.now();
    await page.getByRole("textbox", { name: "Question" }).press("Enter");
    await page
      .waitForFunction(() => (window as unknown as { __streamDone: boolean }).__streamDone, undefined, {
        timeout: Number(process.env.BENCH_TIMEOUT_MS ?? (smoke ? 120_000 : 600_000)),
        polling: 500,
      })
      .catch(async (err: unknown) => {
        await page.screenshot({ path: "artifacts/bench-chat-render-failure.png" });
        throw err;
      });
    await page
      .getByTestId("chat-item")
      .first()
      .and(page.locator("[data-status=success]"))
      .waitFor({ timeout: 120_000 });
    const streamS = (Date.now() - t0) / 1000;
    await page.waitForTimeout(1000);
    if (cdp) await stopProfile(cdp, opts.profile);
    const tasks = mainThreadTasks(await browser.stopTracing());
    const long = await page.evaluate(() => (window as unknown as { __long: number[] }).__long);
    const rendered = await page.getByTestId("answer").innerText();
    const renderedWords = rendered.split(/\s+/).filter(Boolean).length;
    const code = await page.evaluate(() => {
      const pres = document.querySelectorAll("[data-testid=answer] pre");
      return {
        blocks: pres.length,
        highlighted: [...pres].filter((p) => p.querySelector(".hljs-keyword")).length,
        tables: document.querySelectorAll("[data-testid=answer] table").length,
      };
    });
    console.log(`code blocks: ${code.blocks} (${code.highlighted} highlighted); tables: ${code.tables}`);
    if (opts.screenshot) {
      await page.locator("[data-testid=answer] pre").first().scrollIntoViewIfNeeded();
      await page.screenshot({ path: opts.screenshot });
    }
    console.log(
      `words streamed: ${words}; words on screen: ${renderedWords}; long tasks: ${long.map((d) => d.toFixed(0)).join(", ") || "none"}`,
    );
    console.log(
      `trace: ${tasks.tasks} main-thread tasks, ${tasks.cpuMs.toFixed(0)} ms CPU; longest ${tasks.longestWallMs.toFixed(0)} ms wall / ${tasks.longestCpuMs.toFixed(0)} ms CPU; over 50 ms: ${tasks.overWall50} wall, ${tasks.overCpu50} CPU`,
    );
    const load = os.loadavg()[0].toFixed(1);
    console.log(
      `longest_task_ms=${long.length ? Math.max(...long).toFixed(0) : 0} long_tasks=${long.length} longest_task_cpu_ms=${tasks.longestCpuMs.toFixed(0)} words=${words} stream_s=${streamS.toFixed(1)} load=${load}`,
    );
  } finally {
    await browser.close();
    await server.stop("SIGTERM");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
