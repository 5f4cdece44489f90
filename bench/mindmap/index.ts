/**
 * `npm run bench -- mindmap [memories=2000] [collections=20] [base=<another web dist>] [only=wall-js] [--smoke]`
 *
 * 1. Server: one user with N memories (one indexed chunk each, topic words so key terms are
 *    shared) and C collections holding them, in-process on PGlite; times GET /api/mindmap.
 * 2. Browser: the built app (WEB_DIST or apps/web/dist) in the system Chromium opens
 *    `/?tab=mindmap` with that very graph (the page's /api/mindmap answer is the one computed in
 *    step 1), waits for the worker's layout, then pans and zooms with the mouse for a few seconds.
 *    A PerformanceObserver counts long tasks (> 50 ms) and a Chromium trace gives the longest
 *    main-thread task (wall and CPU time) while panning, and while loading and laying out.
 * 3. The wall's initial JS: bytes of the scripts a fresh load of `/` fetches (and of `base`'s
 *    build, when given, to show the wall did not grow).
 * Ends with `longest_task_ms=… long_tasks=… longest_task_cpu_ms=… load_longest_task_ms=…
 * wall_initial_js_kb=… mindmap_api_ms=… memories=… edges=… load=…`. `--smoke`: 100 memories in 4
 * collections, 2 drags and zooms.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { sql } from "drizzle-orm";
import type { Mindmap } from "@mnemo/contracts/mindmap";
import { createTestMnemo } from "../../apps/server/src/test/harness.ts";
import { spawnServer } from "../../apps/server/src/test/process.ts";
import { analysedColumns, buildSearchText } from "../../apps/server/src/core/search/indexer.ts";
import { storeKeyTerms } from "../../apps/server/src/features/mindmap/key-terms.ts";
import { percentile, rng } from "../lib/stats.ts";
import { smokeArgs } from "../lib/smoke.ts";
import { mainThreadTasks, traceCategories } from "../chat-render/trace.ts";

const TOPICS =
  "telescope mirror garden tomato sourdough starter marathon training kubernetes network jazz piano roman history battery review hiking checklist revenue report rust ownership".split(
    " ",
  );
const FILLER = "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima".split(" ");

/** A letters-only pseudo-word per number (key terms skip lexemes with digits). */
const word = (i: number) =>
  "zq" +
  i
    .toString(26)
    .split("")
    .map((c) => String.fromCharCode(97 + parseInt(c, 26)))
    .join("");

async function computeGraph(n: number, collections: number): Promise<{ map: Mindmap; apiMs: number }> {
  const m = await createTestMnemo("pglite");
  try {
    const user = await m.buildUser({ name: "Mindmap Bench" });
    const db = m.ctx.database.db;
    const rand = rng(11);
    for (let start = 0; start < n; start += 500) {
      const rows = [];
      const chunks = [];
      for (let i = start; i < Math.min(n, start + 500); i++) {
        const topic = [TOPICS[i % TOPICS.length], TOPICS[(i * 7 + 3) % TOPICS.length]];
        const title = `${topic[0]} ${topic[1]} ${i}`;
        const text = [
          ...topic,
          ...topic,
          word(Math.floor(rand() * (n / 6))),
          word(Math.floor(rand() * (n / 6))),
          ...Array.from({ length: 40 }, () => FILLER[Math.floor(rand() * FILLER.length)]),
        ].join(" ");
        const id = `m${i}`;
        rows.push(
          sql`(${id}, ${user.id}, 'page', ${title}, 'success', now() - (${i} || ' minutes')::interval)`,
        );
        const st = buildSearchText(title, "", text);
        const a = analysedColumns(st, "en");
        chunks.push(sql`(${"c" + i}, ${id}, ${user.id}, 0, ${title}, ${text}, ${a.searchText}, ${a.tsv})`);
      }
      await db.execute(
        sql`INSERT INTO source (id, owner_id, type, title, status, created_at) VALUES ${sql.join(rows, sql`, `)}`,
      );
      await db.execute(sql`INSERT INTO chunk (id, source_id, owner_id, ord, title, text, search_text, tsv, tokens)
        SELECT v.id, v.sid, v.oid, v.ord, v.title, v.text, v.st, v.tsv,
          (SELECT coalesce(sum(coalesce(array_length(positions, 1), 1)), 0)::int FROM unnest(v.tsv))
        FROM (VALUES ${sql.join(chunks, sql`, `)}) AS v(id, sid, oid, ord, title, text, st, tsv)`);
    }
    for (let c = 0; c < collections; c++) {
      await db.execute(
        sql`INSERT INTO collection (id, owner_id, name) VALUES (${"col" + c}, ${user.id}, ${`Collection ${c}`})`,
      );
      const members = Array.from(
        { length: Math.floor(n / collections) },
        (_, k) => `m${(c + k * collections) % n}`,
      );
      await db.execute(sql`INSERT INTO collection_source (collection_id, source_id, added_by)
        SELECT ${"col" + c}, s, ${user.id} FROM unnest(${`{${members.join(",")}}`}::text[]) AS s`);
    }
    await db.execute(sql`ANALYZE`);
    // Indexing keeps each memory's key terms (one call per indexed memory); the map reads them.
    const k0 = performance.now();
    for (let i = 0; i < n; i += 50)
      await storeKeyTerms(
        db,
        user.id,
        Array.from({ length: Math.min(50, n - i) }, (_, k) => `m${i + k}`),
      );
    console.log(`key terms at indexing: ${((performance.now() - k0) / n).toFixed(2)} ms per memory`);
    const times: number[] = [];
    let map: Mindmap | undefined;
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      const res = await m.request("GET", "/api/mindmap", { as: user });
      if (res.status !== 200) throw new Error(`GET /api/mindmap: ${res.status} ${await res.text()}`);
      map = (await res.json()) as Mindmap;
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(
      `GET /api/mindmap (${n} memories, ${collections} collections, PGlite): p50 ${percentile(times, 50).toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms; ${map!.nodes.length} nodes, ${map!.edges.length} edges`,
    );
    return { map: map!, apiMs: percentile(times, 50) };
  } finally {
    await m.close();
  }
}

async function signUp(url: string): Promise<string> {
  const res = await fetch(url + "/api/auth/sign-up", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      name: "Bench",
      email: `bench-${Date.now()}@example.com`,
      password: "correct horse battery",
    }),
  });
  const token = ((await res.json()) as { token: string }).token;
  // A new account opens on the first-run screens (spec 3 §4); finish them as onboarding does.
  const done = await fetch(url + "/api/user/metadata", {
    method: "PATCH",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ submitUserDetails: true }),
  });
  if (!done.ok) throw new Error(`PATCH /api/user/metadata: ${done.status}`);
  return token;
}

/** Bytes of the JavaScript a fresh, signed-in load of the wall fetches. */
async function wallInitialJsKb(browser: Browser, url: string, token: string): Promise<number> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.addInitScript((t) => localStorage.setItem("mnemo.token", t), token);
  await page.goto(url + "/");
  await page.getByRole("heading", { name: "Memories", exact: true }).waitFor();
  // Not "networkidle": the live-updates stream (/api/events) stays open. Wait until no script has
  // been fetched for a second instead.
  await page.waitForLoadState("load");
  let scripts = -1;
  for (;;) {
    const now = await page.evaluate(() => performance.getEntriesByType("resource").length);
    if (now === scripts) break;
    scripts = now;
    await page.waitForTimeout(1000);
  }
  const bytes = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .filter((e) => /\.js(\?|$)/.test(e.name))
      .reduce((sum, e) => sum + (e as PerformanceResourceTiming).encodedBodySize, 0),
  );
  await page.close();
  return bytes / 1024;
}

async function withServer<T>(webDist: string, fn: (url: string) => Promise<T>): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mnemo-bench-mindmap-"));
  const server = await spawnServer({
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-1",
    LOG_LEVEL: "warn",
    RATE_LIMIT_EXEMPT: "127.0.0.1,::1,::ffff:127.0.0.1",
  });
  try {
    return await fn(server.url);
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run(args: string[]) {
  const { smoke, rest } = smokeArgs(args);
  const opts = Object.fromEntries(rest.map((a) => a.split("=", 2) as [string, string]));
  const n = Number(opts.memories ?? (smoke ? 100 : 2000));
  const collections = Number(opts.collections ?? (smoke ? 4 : 20));
  const rounds = smoke ? 2 : 8;
  const webDist = process.env.WEB_DIST ?? path.resolve("apps/web/dist");
  if (!fs.existsSync(path.join(webDist, "index.html")))
    throw new Error(`No built app at ${webDist}; run npm run build first.`);
  const wallOnly = opts.only === "wall-js";
  const { map, apiMs } = wallOnly ? { map: undefined, apiMs: 0 } : await computeGraph(n, collections);

  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
  try {
    const baseKb = opts.base
      ? await withServer(path.resolve(opts.base), async (url) =>
          wallInitialJsKb(browser, url, await signUp(url)),
        )
      : undefined;
    await withServer(webDist, async (url) => {
      const token = await signUp(url);
      const wallKb = await wallInitialJsKb(browser, url, token);
      console.log(
        `wall initial JS: ${wallKb.toFixed(0)} KB${baseKb !== undefined ? ` (base build ${baseKb.toFixed(0)} KB)` : ""}`,
      );
      if (!map) {
        console.log(
          `wall_initial_js_kb=${wallKb.toFixed(1)} base_wall_initial_js_kb=${baseKb?.toFixed(1) ?? "-"}`,
        );
        return;
      }
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await page.route("**/api/mindmap", (route) =>
        route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify(map) }),
      );
      await page.addInitScript("globalThis.__name = (f) => f;");
      await page.addInitScript((t) => {
        localStorage.setItem("mnemo.token", t);
        const w = window as unknown as { __long: number[] };
        w.__long = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) w.__long.push(e.duration);
        }).observe({ type: "longtask", buffered: true });
      }, token);

      await browser.startTracing(page, { categories: traceCategories });
      const t0 = performance.now();
      await page.goto(url + "/?tab=mindmap");
      const canvas = page.getByTestId("mindmap-canvas");
      await canvas.waitFor();
      await page.waitForFunction(
        () => document.querySelector("[data-testid=mindmap-canvas]")?.getAttribute("data-layout") === "done",
        undefined,
        { timeout: 120_000 },
      );
      const layoutS = (performance.now() - t0) / 1000;
      const loadTasks = mainThreadTasks(await browser.stopTracing());
      const loadLong = await page.evaluate(() =>
        (window as unknown as { __long: number[] }).__long.splice(0),
      );

      const box = (await canvas.boundingBox())!;
      const cx = box.x + box.width / 2;
      const cy = box.y + box.height / 2;
      await browser.startTracing(page, { categories: traceCategories });
      const p0 = performance.now();
      for (let round = 0; round < rounds; round++) {
        await page.mouse.move(cx, cy);
        await page.mouse.down();
        for (let s = 1; s <= 30; s++) {
          const a = (round / rounds) * Math.PI * 2;
          await page.mouse.move(cx + Math.cos(a) * s * 8, cy + Math.sin(a) * s * 8);
        }
        await page.mouse.up();
        await page.mouse.wheel(0, round % 2 === 0 ? -300 : 240);
      }
      const panS = (performance.now() - p0) / 1000;
      const panTasks = mainThreadTasks(await browser.stopTracing());
      const panLong = await page.evaluate(() => (window as unknown as { __long: number[] }).__long.splice(0));
      if (opts.screenshot) await page.screenshot({ path: opts.screenshot });
      console.log(
        `load + layout: ${layoutS.toFixed(1)} s; longest main-thread task ${loadTasks.longestWallMs.toFixed(0)} ms wall / ${loadTasks.longestCpuMs.toFixed(0)} ms CPU; long tasks: ${loadLong.length}`,
      );
      console.log(
        `panning and zooming (${panS.toFixed(1)} s, ${rounds} drags + ${rounds} wheel zooms): ${panTasks.tasks} tasks, longest ${panTasks.longestWallMs.toFixed(1)} ms wall / ${panTasks.longestCpuMs.toFixed(1)} ms CPU; long tasks (> 50 ms): ${panLong.length}`,
      );
      console.log(
        `longest_task_ms=${panTasks.longestWallMs.toFixed(1)} long_tasks=${panLong.length} longest_task_cpu_ms=${panTasks.longestCpuMs.toFixed(1)} load_longest_task_ms=${loadTasks.longestWallMs.toFixed(0)} wall_initial_js_kb=${wallKb.toFixed(0)}${baseKb !== undefined ? ` base_wall_initial_js_kb=${baseKb.toFixed(0)}` : ""} mindmap_api_ms=${apiMs.toFixed(0)} memories=${n} edges=${map.edges.length} load=${os.loadavg()[0].toFixed(1)}`,
      );
    });
  } finally {
    await browser.close();
  }
}
