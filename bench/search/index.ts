/**
 * `npm run bench -- search [--db pglite|postgres] [--impl auto|sql-bm25|pg_textsearch] [--chunks 100000] [--queries 300] [--thread] [--smoke]`
 *
 * Fills a fresh database with synthetic chunks (~80 words, Zipf-distributed vocabulary of 30k
 * pseudo-words, 100 chunks per memory, one owner) and times SearchIndex.search (first stage,
 * TypeScript re-ranking and RM3 expansion included) for 2–4 term queries drawn from the chunks.
 * `--db postgres` uses a fresh database on TEST_DATABASE_URL (or DATABASE_URL), dropped afterwards.
 * `--keep <name>` keeps the filled database for the next run instead (PGlite: a directory under the
 * OS temp dir; PostgreSQL: a database of that name) and reuses it when it already holds the chunks.
 * Queries are drawn from chunk texts read back from the database, so fresh and reused runs agree.
 * `--mixed` makes a mixed-language corpus: chunks in turn English, German, Russian (the pseudo-words
 * in Cyrillic) and Chinese (each pseudo-word as two Han characters), each analysed in its language
 * as the indexer does; its keyword queries are analysed as a user's are: in all four languages
 * when the detector is unsure, else in the detected one (and, when no chunk is in that one, in
 * the chunks' languages of its script: ELD takes many of the Cyrillic pseudo-words for Bulgarian).
 * `--thread` runs PGlite on its own worker thread, as the server does by default (`PGLITE_THREAD`);
 * without it PGlite runs in this thread, so its CPU per query counts the database's work too.
 * `--smoke`: 500 chunks, 10 queries.
 */
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, queryRows, type Database } from "../../apps/server/src/platform/db/client.ts";
import { source, user } from "../../apps/server/src/platform/db/schema/index.ts";
import { openScratchDatabase } from "../../apps/server/src/test/harness.ts";
import { percentile, rng } from "../lib/stats.ts";
import { smokeArgs } from "../lib/smoke.ts";
import { pgTextsearchBackend, portableBackend } from "../../apps/server/src/core/search/backends.ts";
import { RankedSearchIndex } from "../../apps/server/src/core/search/engine.ts";
import { analysedColumns, buildSearchText } from "../../apps/server/src/core/search/indexer.ts";
import { prepareSearch } from "../../apps/server/src/core/search/setup.ts";

const SYL = [
  "ka",
  "lo",
  "mi",
  "ne",
  "ru",
  "sa",
  "ti",
  "vo",
  "ze",
  "ba",
  "du",
  "fi",
  "go",
  "he",
  "ju",
  "pa",
  "qui",
  "ro",
  "su",
  "wy",
];
function word(i: number): string {
  let s = "";
  let n = i + 20;
  while (n > 0) {
    s += SYL[n % SYL.length];
    n = Math.floor(n / SYL.length);
  }
  return s + "x";
}

/** Languages of the chunks in `--mixed` mode, in turn. */
const MIXED = ["en", "de", "ru", "zh"] as const;
const CYRILLIC: Record<string, string> = {
  a: "а",
  b: "б",
  d: "д",
  e: "е",
  f: "ф",
  g: "г",
  h: "х",
  i: "и",
  j: "ж",
  k: "к",
  l: "л",
  m: "м",
  n: "н",
  o: "о",
  p: "п",
  q: "к",
  r: "р",
  s: "с",
  t: "т",
  u: "у",
  v: "в",
  w: "ш",
  x: "ё",
  y: "ы",
  z: "з",
};
/** A pseudo-word as a word of `language`'s script (English and German keep it as it is). */
function inScript(w: string, language: string): string {
  if (language === "ru") return [...w].map((c) => CYRILLIC[c] ?? c).join("");
  if (language !== "zh") return w;
  let h = 0;
  for (const c of w) h = (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0;
  return String.fromCharCode(0x4e00 + (h % 20000), 0x4e00 + ((h >>> 15) % 20000));
}

async function open(
  kind: string,
  keep: string | undefined,
  thread: boolean,
): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  if (kind === "postgres") {
    const base = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
    if (!base) throw new Error("--db postgres needs TEST_DATABASE_URL or DATABASE_URL");
    process.env.TEST_DATABASE_URL = base;
    if (keep) {
      const name = `mnemo_bench_${keep.replace(/[^a-z0-9_]/gi, "_")}`;
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
      if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const url = new URL(base);
      url.pathname = `/${name}`;
      const database = await openDatabase({ databaseUrl: url.toString() });
      return { database, cleanup: () => database.close() };
    }
    return openScratchDatabase("postgres");
  }
  const pgliteDir = keep ? path.join(os.tmpdir(), `mnemo-bench-search-${keep}`) : "memory://";
  const database = await openDatabase({ pgliteDir, pgliteThread: thread });
  return { database, cleanup: () => database.close() };
}

export async function run(args: string[]): Promise<void> {
  const { smoke, rest } = smokeArgs(args);
  const { values } = parseArgs({
    args: rest,
    options: {
      db: { type: "string", default: "pglite" },
      impl: { type: "string", default: "auto" },
      chunks: { type: "string", default: smoke ? "500" : "100000" },
      queries: { type: "string", default: smoke ? "10" : "300" },
      keep: { type: "string" },
      mixed: { type: "boolean", default: false },
      thread: { type: "boolean", default: false },
    },
  });
  const total = Number(values.chunks);
  const { database, cleanup } = await open(values.db!, values.keep, values.thread!);
  try {
    await prepareSearch(database);
    const { db } = database;
    const usePg =
      values.impl === "pg_textsearch" || (values.impl === "auto" && database.capabilities.pg_textsearch);
    const index = new RankedSearchIndex(usePg ? pgTextsearchBackend : portableBackend);
    await db
      .insert(user)
      .values({ id: "bench", name: "Bench", email: "bench@example.invalid" })
      .onConflictDoNothing();
    const rand = rng(42);
    const V = 30_000;
    // Zipf(s≈1) by inverse CDF over harmonic weights.
    const cdf: number[] = [];
    let acc = 0;
    for (let i = 0; i < V; i++) cdf.push((acc += 1 / (i + 1)));
    const zipf = () => {
      const x = rand() * acc;
      let lo = 0;
      let hi = V - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cdf[mid] < x) lo = mid + 1;
        else hi = mid;
      }
      return word(lo);
    };
    const t0 = performance.now();
    const [{ n: existing }] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM chunk`);
    for (let start = existing >= total ? total : 0; start < total; start += 1000) {
      const n = Math.min(1000, total - start);
      const sources = Array.from({ length: n / 100 }, (_, i) => ({
        id: `s${start / 100 + i}`,
        ownerId: "bench",
        type: "file",
        title: "",
      }));
      await db.insert(source).values(sources);
      const rows = Array.from({ length: n }, (_, i) => {
        const language = values.mixed ? MIXED[(start + i) % MIXED.length] : "en";
        const words = Array.from({ length: 70 + Math.floor(rand() * 20) }, () => inScript(zipf(), language));
        const title = `${inScript(zipf(), language)} ${inScript(zipf(), language)}`;
        const text = words.join(" ");
        const st = buildSearchText(title, "", text);
        const id = `c${start + i}`;
        const cols = analysedColumns(st, language);
        return sql`(${id}, ${sources[Math.floor(i / 100)].id}, 'bench', ${i % 100}::int, ${title}, ${text}, ${cols.searchText}, ${cols.tsv}, ${language})`;
      });
      await db.execute(sql`INSERT INTO chunk (id, source_id, owner_id, ord, title, text, search_text, tsv, language, tokens)
        SELECT v.id, v.sid, v.oid, v.ord, v.title, v.text, v.st, v.tsv, v.language,
          (SELECT coalesce(sum(coalesce(array_length(positions, 1), 1)), 0)::int FROM unnest(v.tsv)) FROM (VALUES ${sql.join(rows, sql`, `)}) AS v(id, sid, oid, ord, title, text, st, tsv, language)`);
    }
    if (existing < total) await db.execute(sql`ANALYZE`);
    const pickRand = rng(7);
    const sampleIds = Array.from({ length: 2000 }, () => `c${Math.floor(pickRand() * total)}`);
    const samples = (
      await queryRows<{ text: string }>(
        db,
        sql`SELECT text FROM chunk WHERE id = ANY(${sql`ARRAY[${sql.join(
          sampleIds.map((id) => sql`${id}`),
          sql`, `,
        )}]::text[]`}) ORDER BY id`,
      )
    ).map((r) => r.text.split(" "));
    console.log(
      `filled ${total} chunks in ${((performance.now() - t0) / 1000).toFixed(1)}s (${database.kind}, ${index.name})`,
    );
    const scope = { actorId: "bench", actorEmail: "bench@example.invalid" };
    const queries = Array.from({ length: Number(values.queries) }, () => {
      const words = samples[Math.floor(pickRand() * samples.length)];
      const k = 2 + Math.floor(pickRand() * 3);
      return Array.from({ length: k }, () => words[Math.floor(pickRand() * words.length)]).join(" ");
    });
    for (const q of queries.slice(0, 20)) await index.search(db, scope, q, 10);
    const times: number[] = [];
    const cpus: number[] = [];
    const cpuMs = () => {
      const { user, system } = process.threadCpuUsage();
      return (user + system) / 1000;
    };
    const steps = new Map<string, number>();
    index.onTimings = (t) => {
      for (const [k, v] of Object.entries(t)) steps.set(k, (steps.get(k) ?? 0) + v);
    };
    let empty = 0;
    for (const q of queries) {
      const s = performance.now();
      const c = cpuMs();
      const hits = await index.search(db, scope, q, 10);
      times.push(performance.now() - s);
      cpus.push(cpuMs() - c);
      if (hits.length === 0) empty++;
    }
    times.sort((a, b) => a - b);
    cpus.sort((a, b) => a - b);
    console.log(
      `mean ms per step: ${[...steps].map(([k, v]) => `${k} ${(v / queries.length).toFixed(2)}`).join(", ")}`,
    );
    const p50 = percentile(times, 50).toFixed(1);
    const p95 = percentile(times, 95).toFixed(1);
    console.log(
      `queries=${queries.length} empty=${empty} p50=${p50}ms p95=${p95}ms max=${times.at(-1)!.toFixed(1)}ms`,
    );
    // This thread's CPU time per query (PGlite in-thread: the database's work too): less swayed by
    // the machine's load than the wall clock.
    console.log(
      `cpu per query (this thread): p50=${percentile(cpus, 50).toFixed(1)}ms p95=${percentile(cpus, 95).toFixed(1)}ms max=${cpus.at(-1)!.toFixed(1)}ms`,
    );
    console.log(
      `db=${database.kind}${values.thread && database.kind !== "postgres" ? " thread=true" : ""} impl=${index.name} chunks=${total}${values.mixed ? " mixed=en,de,ru,zh" : ""} p50_ms=${p50} p95_ms=${p95}`,
    );
  } finally {
    await cleanup();
  }
}
