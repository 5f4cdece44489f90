/**
 * `npm run bench -- qna [--chunks 100000] [--concurrency 100] [--questions 200] [--db pglite|postgres] [--write] [--smoke]`
 *
 * Fills a fresh database (embedded PGlite in a temp dir, or a fresh PostgreSQL database on
 * TEST_DATABASE_URL) with ~N chunks of synthetic text (Zipfian vocabulary, ~80 words per chunk)
 * through the real indexer, serves Mnemo over real HTTP, and measures with the default
 * (extractive) engine:
 *  - time to first chunk (TTFC) and to first answer text, sequential questions, p50/p95;
 *  - `concurrency` simultaneous streams: errors, wall time, peak RSS of the process.
 * `--write` appends the figures to docs/benchmarks.md. Last line: key=value pairs.
 * `--keep <name>` (PGlite) keeps the data dir under the OS temp dir and, when it already holds the
 * chunks, skips filling: the serving figures then come from a process that did not bulk-index.
 * Questions are drawn from chunk texts read back from the database, so both kinds of run agree.
 * `--smoke`: 200 chunks, 5 questions, 3 concurrent streams.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { serve } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { createNdjsonDecoder, THINK_END } from "@mnemo/contracts/stream";
import { loadConfig } from "../../apps/server/src/platform/config.ts";
import { startMnemo } from "../../apps/server/src/app/bootstrap.ts";
import { createLogger } from "../../apps/server/src/platform/logger.ts";
import { sql } from "drizzle-orm";
import { queryRows } from "../../apps/server/src/platform/db/client.ts";
import { source, sourceContent } from "../../apps/server/src/platform/db/schema/index.ts";
import { indexSourceContent } from "../../apps/server/src/core/search/index.ts";
import { openScratchDatabase } from "../../apps/server/src/test/harness.ts";
import { percentile, rng } from "../lib/stats.ts";
import { smokeArgs } from "../lib/smoke.ts";

const SYL = [
  "ka",
  "lo",
  "mi",
  "ra",
  "ten",
  "vo",
  "shi",
  "der",
  "pa",
  "lum",
  "ost",
  "gri",
  "na",
  "bel",
  "tor",
  "qui",
];
function vocabulary(n: number, rand: () => number): string[] {
  const words = new Set<string>();
  while (words.size < n) {
    let w = "";
    for (let i = 0, k = 2 + Math.floor(rand() * 3); i < k; i++) w += SYL[Math.floor(rand() * SYL.length)];
    words.add(w);
  }
  return [...words];
}

/** Zipfian sampler over ranks 0..n-1 (s = 1). */
function zipf(n: number, rand: () => number) {
  const cdf: number[] = [];
  let sum = 0;
  for (let i = 1; i <= n; i++) cdf.push((sum += 1 / i));
  return () => {
    const x = rand() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cdf[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

function sentence(words: string[], pick: () => number, rand: () => number): string {
  const len = 8 + Math.floor(rand() * 12);
  const ws = Array.from({ length: len }, () => words[pick()]);
  ws[0] = ws[0][0].toUpperCase() + ws[0].slice(1);
  return ws.join(" ") + ".";
}

export async function run(args: string[]): Promise<void> {
  const { smoke, rest } = smokeArgs(args);
  const { values } = parseArgs({
    args: rest,
    options: {
      chunks: { type: "string", default: smoke ? "200" : "100000" },
      concurrency: { type: "string", default: smoke ? "3" : "100" },
      questions: { type: "string", default: smoke ? "5" : "200" },
      db: { type: "string", default: "pglite" },
      write: { type: "boolean", default: false },
      keep: { type: "string" },
    },
  });
  if (smoke && values.write) throw new Error("--smoke figures are not results: no --write");
  const targetChunks = Number(values.chunks);
  const concurrency = Number(values.concurrency);
  const nQuestions = Number(values.questions);
  const keep = values.db === "pglite" ? values.keep : undefined;
  const dir = keep
    ? path.join(os.tmpdir(), `mnemo-bench-qna-${keep}`)
    : fs.mkdtempSync(path.join(os.tmpdir(), "mnemo-bench-qna-"));
  fs.mkdirSync(dir, { recursive: true });
  const { database, cleanup } = await openScratchDatabase(values.db!, path.join(dir, "pglite"));
  // Team plan: unlimited questions (the free plan allows a few a day).
  const config = loadConfig({
    DATA_DIR: dir,
    LOG_LEVEL: "silent",
    DISABLE_WORKER: "true",
    DEFAULT_PLAN: "team",
  });
  const mnemo = await startMnemo({ config, database, log: createLogger("silent"), worker: "off" });
  const server = serve({ fetch: mnemo.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((r) => server.once("listening", r));
  // As `mnemo serve` does (main.ts): idle connections outlive the client's, so no reuse race.
  (server as import("node:http").Server).keepAliveTimeout = 65_000;
  (server as import("node:http").Server).headersTimeout = 66_000;
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
  try {
    const email = `bench-${keep ?? crypto.randomUUID()}@example.com`;
    const auth = async (p: string) =>
      fetch(`${base}/api/auth/${p}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          ...(p === "sign-up" ? { name: "Bench" } : {}),
          email,
          password: "benchmark-password",
        }),
      });
    let signIn = keep ? await auth("sign-in") : undefined;
    if (signIn?.status !== 200) signIn = await auth("sign-up");
    const { token, user } = (await signIn.json()) as { token: string; user: { id: string } };
    const db = database.db;
    const [{ n: existing }] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM chunk WHERE owner_id = ${user.id}`,
    );

    // Corpus: memories of 20 sections (~80 words each), until the index holds targetChunks chunks.
    const rand = rng(42);
    const words = vocabulary(30000, rand);
    const pick = zipf(words.length, rand);
    const perSource = 20;
    const t0 = performance.now();
    let made = existing >= targetChunks ? existing : 0;
    for (let s = 0; made < targetChunks; s++) {
      const id = crypto.randomUUID();
      const paras: string[] = [];
      for (let c = 0; c < perSource; c++) {
        const para = Array.from({ length: 5 }, () => sentence(words, pick, rand)).join(" ");
        paras.push(`## Part ${c + 1}\n\n${para}`);
      }
      await db
        .insert(source)
        .values({ id, ownerId: user.id, type: "page", title: `Memory ${s}`, status: "success" });
      await db.insert(sourceContent).values({ sourceId: id, ownerId: user.id, markdown: paras.join("\n\n") });
      // The chunker may join short sections: count the chunks it made, not the paragraphs.
      made += await indexSourceContent(db, id);
    }
    const indexS = (performance.now() - t0) / 1000;
    console.log(
      `${existing >= targetChunks ? "reused" : "indexed"} ${made} chunks in ${indexS.toFixed(0)} s (${mnemo.ctx.search.name}, ${values.db})`,
    );

    const samples = (
      await queryRows<{ text: string }>(
        db,
        sql`SELECT text FROM chunk WHERE owner_id = ${user.id} ORDER BY md5(id) LIMIT ${nQuestions}`,
      )
    ).map((r) => r.text);
    const qRand = rng(7);
    const questions = samples.map((p) => {
      const ws = p
        .replace(/[.]/g, "")
        .split(" ")
        .filter((w) => w.length > 5);
      return `What does my memory say about ${ws[Math.floor(qRand() * ws.length)]} ${ws[Math.floor(qRand() * ws.length)]} ${ws[Math.floor(qRand() * ws.length)]}?`;
    });
    while (questions.length < nQuestions) questions.push(`What about ${words[pick()]} ${words[pick()]}?`);

    async function ask(q: string) {
      const start = performance.now();
      const res = await fetch(`${base}/api/qna`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ question: q }),
      });
      if (res.status !== 200 || !res.body) throw new Error(`HTTP ${res.status}: ${await res.text()}`);
      const dec = createNdjsonDecoder();
      let firstChunk = NaN;
      let firstText = NaN;
      let ended = false;
      let sawEnd = false;
      for await (const bytes of res.body as unknown as AsyncIterable<Uint8Array>) {
        for (const line of dec.push(bytes)) {
          if (line.chunk !== undefined && Number.isNaN(firstChunk)) firstChunk = performance.now() - start;
          if (line.chunk !== undefined && !sawEnd && line.chunk.includes(THINK_END)) sawEnd = true;
          else if (line.chunk !== undefined && sawEnd && Number.isNaN(firstText))
            firstText = performance.now() - start;
          if (line.end_of_data) ended = true;
          if (line.error) throw new Error(line.error);
        }
      }
      if (!ended) throw new Error("stream ended without end_of_data");
      return { firstChunk, firstText, total: performance.now() - start };
    }

    // Peak RSS while filling (bulk indexing grows PGlite's WASM heap) and, separately, while serving.
    const fillPeak = peakRss;
    const servePeak = { rss: process.memoryUsage().rss };
    const serveSampler = setInterval(
      () => (servePeak.rss = Math.max(servePeak.rss, process.memoryUsage().rss)),
      50,
    );
    // Warm-up. After a long fill the event loop was blocked for minutes, so the client may reuse a
    // keep-alive socket the server closes at that very moment (ECONNRESET): retry once, unmeasured.
    for (const q of questions.slice(0, 5)) await ask(q).catch(() => ask(q));
    const ttfc: number[] = [];
    const ttft: number[] = [];
    for (const q of questions) {
      const r = await ask(q);
      ttfc.push(r.firstChunk);
      if (!Number.isNaN(r.firstText)) ttft.push(r.firstText);
    }
    console.log(
      `sequential: ${questions.length} questions, TTFC p50 ${percentile(ttfc, 50).toFixed(0)} ms p95 ${percentile(ttfc, 95).toFixed(0)} ms; first answer text p50 ${percentile(ttft, 50).toFixed(0)} ms p95 ${percentile(ttft, 95).toFixed(0)} ms`,
    );

    // The search alone, for the same questions: what of TTFC is retrieval and what is the answer path.
    const searchMs: number[] = [];
    for (const q of questions) {
      const t = performance.now();
      await mnemo.ctx.search.search(db, { actorId: user.id, actorEmail: "" }, q, 8);
      searchMs.push(performance.now() - t);
    }
    console.log(
      `search alone: p50 ${percentile(searchMs, 50).toFixed(0)} ms p95 ${percentile(searchMs, 95).toFixed(0)} ms`,
    );

    let errors = 0;
    const t1 = performance.now();
    const results = await Promise.all(
      Array.from({ length: concurrency }, (_, i) =>
        ask(questions[i % questions.length]).catch((err: unknown) => {
          errors++;
          console.error(String(err), (err as { cause?: unknown }).cause);
          return undefined;
        }),
      ),
    );
    const wall = performance.now() - t1;
    clearInterval(serveSampler);
    const done = results.filter(Boolean).map((r) => r!.total);
    console.log(
      `concurrent: ${concurrency} streams, ${errors} errors, wall ${(wall / 1000).toFixed(1)} s, completion p95 ${percentile(done, 95).toFixed(0)} ms, peak RSS ${(peakRss / 2 ** 20).toFixed(0)} MB (filling ${(fillPeak / 2 ** 20).toFixed(0)} MB, serving ${(servePeak.rss / 2 ** 20).toFixed(0)} MB)`,
    );
    const summary = `chunks=${made} db=${values.db} search=${mnemo.ctx.search.name} ttfc_p50_ms=${percentile(ttfc, 50).toFixed(0)} ttfc_p95_ms=${percentile(ttfc, 95).toFixed(0)} first_text_p95_ms=${percentile(ttft, 95).toFixed(0)} search_p95_ms=${percentile(searchMs, 95).toFixed(0)} load_avg=${os.loadavg()[0].toFixed(1)} concurrent=${concurrency} errors=${errors} concurrent_wall_s=${(wall / 1000).toFixed(1)} peak_rss_mb=${(peakRss / 2 ** 20).toFixed(0)} serve_peak_rss_mb=${(servePeak.rss / 2 ** 20).toFixed(0)}`;
    if (values.write) {
      const file = path.join(import.meta.dirname, "../../docs/benchmarks.md");
      const row = `\n### qna (extractive) — ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} cores\n\n\`npm run bench -- qna --chunks ${targetChunks} --concurrency ${concurrency} --questions ${nQuestions} --db ${values.db}\`\n\n\`${summary}\`\n`;
      fs.appendFileSync(file, row);
    }
    console.log(summary);
  } finally {
    clearInterval(sampler);
    server.close();
    await mnemo.stop().catch(() => {});
    await cleanup().catch(() => {});
    if (!keep) fs.rmSync(dir, { recursive: true, force: true });
  }
}
