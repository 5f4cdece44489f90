/**
 * `npm run bench -- scale [--db pglite|postgres|both] [--sizes small|full|M:C,M:C…] [--calls 100] [--smoke]`
 *
 * Issue 44 item 1. One user's library grown in steps (`--sizes`: memories:chunks per step; `small`
 * is 2000:20000,10000:100000; `full` adds 50000:1000000), built by direct multi-row inserts whose
 * search columns come from the real indexer (`buildSearchText`, `analysedColumns`: each chunk
 * analysed in its language). Text is real mixed-language prose: the XQuAD contexts (en, de, es, ru,
 * zh, ar, hi, vi) from ../shared/eval/data when present, else synthetic words; memories in turn are
 * web pages, notes, files and app items. After each step, through the real app in-process
 * (`app.request`, auth included): GET /api/sources (random page) and filtered (tab/type/oldest),
 * POST /api/sources/search, chunk search (`memorySearch.search`, own reach, 20 hits) and POST /api/qna
 * (extractive engine, read to its end). Prints each latency's growth from the step with 100k chunks
 * (the smallest, when no step has 100k) to the largest. PGlite keeps its data on disk, as a server
 * does; after the largest step the real server (`npm run serve`'s flags, a process of its own) is
 * started on it: `start_ms` until it says it is running, and `idle_rss_mb`, its RSS (with any
 * child processes) after 20 wall lists, searches and answers and 10 s of rest.
 * `--db both` (default when TEST_DATABASE_URL is set) runs PGlite then PostgreSQL (a fresh database
 * next to TEST_DATABASE_URL, dropped afterwards). Ends with one line per run's largest size:
 * `wall_p95_ms=… filtered_p95_ms=… wall_search_p95_ms=… search_p95_ms=… qna_p95_ms=…
 * search_growth=… wall_growth=… …` (the last run's; the first run's keys prefixed `pglite_`) and the
 * PGlite server's `start_ms=… idle_rss_mb=…`.
 * `--smoke`: sizes 100:400,200:800, 4 calls each, PGlite only.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { createTestMnemo, type TestMnemo, type TestUser } from "../../apps/server/src/test/harness.ts";
import { percentile, rng } from "../lib/stats.ts";
import { smokeArgs } from "../lib/smoke.ts";
import { analysedColumns, buildSearchText } from "../../apps/server/src/core/search/indexer.ts";
import { spawnServer } from "../../apps/server/src/test/process.ts";
import { processTreeRssMb } from "../../apps/server/src/test/proc.ts";
import { maintainEmbedded } from "../../apps/server/src/platform/db/maintenance.ts";

const DATA = path.resolve(import.meta.dirname, "../../../shared/eval/data");
const LANGS = ["en", "de", "es", "ru", "zh", "ar", "hi", "vi"];
const TYPES = ["webpage", "page", "file", "app"] as const;

/** Paragraph pieces (~60 words, or ~150 characters for Chinese) with their language. */
function corpus(): { lang: string; title: string; text: string }[] {
  const out: { lang: string; title: string; text: string }[] = [];
  for (const lang of LANGS) {
    const file = path.join(DATA, `xquad-${lang}-dev`, "contexts.jsonl");
    if (!fs.existsSync(file)) continue;
    for (const line of fs.readFileSync(file, "utf8").split("\n")) {
      if (!line.trim()) continue;
      const { title, text } = JSON.parse(line) as { title: string; text: string };
      if (lang === "zh") {
        for (let i = 0; i < text.length; i += 150) out.push({ lang, title, text: text.slice(i, i + 150) });
      } else {
        const words = text.split(/\s+/);
        for (let i = 0; i < words.length; i += 60)
          out.push({ lang, title: title.replace(/_/g, " "), text: words.slice(i, i + 60).join(" ") });
      }
    }
  }
  if (out.length === 0) {
    const w = "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima".split(" ");
    const r = rng(3);
    for (let i = 0; i < 500; i++)
      out.push({
        lang: "en",
        title: `Topic ${i}`,
        text: Array.from({ length: 60 }, () => w[Math.floor(r() * w.length)]).join(" "),
      });
  }
  return out;
}

type Piece = ReturnType<typeof corpus>[number];

/** Grows the user's library from `have` to `memories` memories and `chunks` chunks in total. */
async function grow(
  m: TestMnemo,
  user: TestUser,
  pieces: Piece[],
  from: { memories: number; chunks: number },
  to: { memories: number; chunks: number },
) {
  const db = m.ctx.database.db;
  const newMem = to.memories - from.memories;
  const newChunks = to.chunks - from.chunks;
  const per = Math.max(1, Math.round(newChunks / newMem));
  let chunkId = from.chunks;
  const rand = rng(from.memories + 11);
  const BATCH = Math.max(1, Math.floor(2000 / per));
  for (let start = from.memories; start < to.memories; start += BATCH) {
    const rows = [];
    const chunkRows = [];
    for (let i = start; i < Math.min(to.memories, start + BATCH); i++) {
      const id = `s${i}`;
      const first = pieces[Math.floor(rand() * pieces.length)];
      const type = TYPES[i % TYPES.length];
      const meta = type === "file" ? { file_type: i % 8 === 2 ? "pdf" : "docx" } : {};
      rows.push(
        sql`(${id}, ${user.id}, ${type === "app" ? "page" : type}, ${`${first.title} ${i}`}, ${i % 5 === 0 ? `note ${first.title}` : ""}, ${first.text.slice(0, 120)}, ${type === "webpage" ? `https://example.com/${first.lang}/${i}` : ""}, 'success', now() - (${i} || ' minutes')::interval, ${JSON.stringify(meta)}::jsonb, ${i % 50 === 0})`,
      );
      const last = i === to.memories - 1;
      const count = last ? to.chunks - chunkId : Math.min(per, to.chunks - chunkId);
      for (let k = 0; k < count; k++) {
        const p = k === 0 ? first : pieces[Math.floor(rand() * pieces.length)];
        const st = buildSearchText(`${first.title} ${i}`, "", p.text);
        const a = analysedColumns(st, p.lang);
        chunkRows.push(
          sql`(${"c" + chunkId++}, ${id}, ${user.id}, ${k}, ${first.title}, ${p.text}, ${a.searchText}, ${p.lang}, ${a.tsv})`,
        );
      }
    }
    await db.execute(
      sql`INSERT INTO source (id, owner_id, type, title, note, description, url, status, created_at, meta, is_pinned) VALUES ${sql.join(rows, sql`, `)}`,
    );
    if (chunkRows.length)
      await db.execute(sql`INSERT INTO chunk (id, source_id, owner_id, ord, title, text, search_text, language, tsv, tokens)
        SELECT v.id, v.sid, v.oid, v.ord::int, v.title, v.text, v.st, v.lang, v.tsv::tsvector,
          (SELECT coalesce(sum(coalesce(array_length(positions, 1), 1)), 0)::int FROM unnest(v.tsv))
        FROM (VALUES ${sql.join(chunkRows, sql`, `)}) AS v(id, sid, oid, ord, title, text, st, lang, tsv)`);
  }
  // What the database's upkeep leaves after a burst of writes: on PostgreSQL autovacuum's VACUUM
  // ANALYZE (run here: this machine's server has autovacuum off), on PGlite the server's own
  // maintenance (platform/db/maintenance.ts, with its checkpoints: PGlite has no autovacuum).
  if (m.kind === "postgres") await db.execute(sql`VACUUM (ANALYZE)`);
  else await maintainEmbedded(db);
}

async function time(label: string, calls: number, fn: (i: number) => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const t = performance.now();
    const res = await fn(i);
    if (res instanceof Response) {
      if (res.status !== 200) throw new Error(`${label}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    }
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  console.log(`  ${label.padEnd(30)} p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${p95.toFixed(1)} ms`);
  return p95;
}

type Row = Record<"list" | "filtered" | "wallSearch" | "search" | "qna" | "chunks", number>;

async function runOn(
  kind: "pglite" | "postgres",
  sizes: { memories: number; chunks: number }[],
  calls: number,
) {
  // PGlite on disk, as a server keeps it (in memory, 1M chunks took the bench past 22 GB of RSS).
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mnemo-bench-scale-"));
  const m = await createTestMnemo(
    kind,
    {
      DEFAULT_PLAN: "team",
      DISABLE_WORKER: "true",
      ...(Number(process.versions.node.split(".")[0]) < 22 ? { PGLITE_THREAD: "false" } : {}),
    },
    { pgliteDir: path.join(dataDir, "pglite") },
  );
  const pieces = corpus();
  const results: Row[] = [];
  try {
    const user = await m.buildUser({ name: "Scale Bench" });
    const db = m.ctx.database.db;
    let have = { memories: 0, chunks: 0 };
    const qRand = rng(5);
    const queries = Array.from({ length: 40 }, () => {
      const p = pieces[Math.floor(qRand() * pieces.length)];
      if (p.lang === "zh") return p.text.slice(10, 14);
      const ws = p.text.split(/\s+/).filter((w) => w.length > 5);
      return ws.slice(0, 2).join(" ") || p.title;
    });
    for (const size of sizes) {
      const t0 = performance.now();
      await grow(m, user, pieces, have, size);
      have = size;
      console.log(
        `${kind}: ${size.memories} memories, ${size.chunks} chunks (built in ${((performance.now() - t0) / 1000).toFixed(1)} s, load ${os.loadavg()[0].toFixed(1)})`,
      );
      const pages = Math.ceil(size.memories / 24);
      const list = await time("GET /api/sources", calls, (i) =>
        m.request("GET", `/api/sources?page_size=24&page=${1 + ((i * 37) % pages)}`, { as: user }),
      );
      const filtered = await time("GET /api/sources (filtered)", calls, (i) =>
        m.request(
          "GET",
          `/api/sources?tab=${["everything", "pages", "pinned"][i % 3]}&sort=oldest&file_types=pdf&page_size=24&page=${1 + (i % 20)}`,
          { as: user },
        ),
      );
      const wallSearch = await time("POST /api/sources/search", calls, (i) =>
        m.request("POST", "/api/sources/search", {
          as: user,
          json: { search_query: queries[i % queries.length], active_item: "everything" },
        }),
      );
      const scope = { actorId: user.id, actorEmail: user.email, reach: "own" as const };
      const search = await time("chunk search", calls, (i) =>
        m.ctx.memorySearch.search(db, scope, queries[(i * 7) % queries.length], 20),
      );
      const qna = await time("POST /api/qna (extractive)", calls, (i) =>
        m.request("POST", "/api/qna", {
          as: user,
          json: { question: `What about ${queries[(i * 3) % queries.length]}?` },
        }),
      );
      results.push({ list, filtered, wallSearch, search, qna, chunks: size.chunks });
    }
    const last = sizes.at(-1)!;
    await m.close();
    const server =
      kind === "pglite" ? await serverOn(dataDir, m.ctx.config.authSecret, user.token, queries) : undefined;
    if (server)
      console.log(
        `pglite server on ${last.memories} memories: running after ${server.startMs} ms, ${server.rssMb} MB RSS after load and rest`,
      );
    return { results, server };
  } catch (err) {
    await m.close().catch(() => undefined);
    throw err;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The real server on the library's PGlite data dir: time until it says it is running, then its
 * RSS (and its children's) after some use and 10 s of rest.
 */
async function serverOn(dataDir: string, authSecret: string, token: string, queries: string[]) {
  const t0 = performance.now();
  const server = await spawnServer({ DATA_DIR: dataDir, AUTH_SECRET: authSecret, DEFAULT_PLAN: "team" });
  const startMs = Math.round(performance.now() - t0);
  try {
    const call = async (method: string, p: string, body?: unknown) => {
      const res = await fetch(server.url + p, {
        method,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (res.status !== 200) throw new Error(`${p}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };
    for (let i = 0; i < 20; i++) {
      await call("GET", `/api/sources?page_size=24&page=${1 + i * 13}`);
      const q = queries[i % queries.length];
      await call("POST", "/api/sources/search", { search_query: q, active_item: "everything" });
      await call("POST", "/api/qna", { question: `What about ${q}?` });
    }
    await new Promise((r) => setTimeout(r, 10_000));
    return { startMs, rssMb: Math.round(processTreeRssMb(server.child.pid!)) };
  } finally {
    await server.stop("SIGTERM");
  }
}

const SIZES: Record<string, string> = {
  small: "2000:20000,10000:100000",
  full: "2000:20000,10000:100000,50000:1000000",
};

export async function run(args: string[]) {
  const { smoke, rest } = smokeArgs(args);
  const { values } = parseArgs({
    args: rest,
    options: {
      db: { type: "string", default: smoke ? "pglite" : process.env.TEST_DATABASE_URL ? "both" : "pglite" },
      sizes: { type: "string", default: smoke ? "100:400,200:800" : "full" },
      calls: { type: "string", default: smoke ? "4" : "100" },
    },
  });
  const sizes = (SIZES[values.sizes!] ?? values.sizes!).split(",").map((s) => {
    const [memories, chunks] = s.split(":").map(Number);
    return { memories, chunks };
  });
  const calls = Number(values.calls);
  const kinds =
    values.db === "both" ? (["pglite", "postgres"] as const) : [values.db as "pglite" | "postgres"];
  const lines: string[] = [];
  let server: { startMs: number; rssMb: number } | undefined;
  for (const kind of kinds) {
    const { results: r, server: s } = await runOn(kind, sizes, calls);
    server ??= s;
    // Growth from 100k chunks (or the smallest step) to the largest.
    const first = r.find((x) => x.chunks >= 100_000 && x !== r.at(-1)) ?? r[0];
    const last = r.at(-1)!;
    const g = (k: keyof Row) => (last[k] / Math.max(first[k], 0.1)).toFixed(2);
    console.log(
      `${kind} growth ${first.chunks} → ${last.chunks} chunks: list ${g("list")}×, filtered ${g("filtered")}×, wall search ${g("wallSearch")}×, chunk search ${g("search")}×, qna ${g("qna")}×`,
    );
    const top = sizes.at(-1)!;
    lines.push(
      `db=${kind} memories=${top.memories} chunks=${top.chunks} wall_p95_ms=${last.list.toFixed(1)} filtered_p95_ms=${last.filtered.toFixed(1)} wall_search_p95_ms=${last.wallSearch.toFixed(1)} search_p95_ms=${last.search.toFixed(1)} qna_p95_ms=${last.qna.toFixed(1)} search_growth=${g("search")} wall_growth=${g("list")} filtered_growth=${g("filtered")} wall_search_growth=${g("wallSearch")} qna_growth=${g("qna")}`,
    );
  }
  for (const l of lines.slice(0, -1)) console.log(l);
  const prefixed = lines.slice(0, -1).map((l) =>
    l
      .split(" ")
      .filter((kv) => !kv.startsWith("db="))
      .map((kv) => `pglite_${kv}`)
      .join(" "),
  );
  const serverKeys = server ? [`start_ms=${server.startMs}`, `idle_rss_mb=${server.rssMb}`] : [];
  console.log([...prefixed, lines.at(-1)!, ...serverKeys, `load=${os.loadavg()[0].toFixed(1)}`].join(" "));
}
