/**
 * `npm run bench -- wall [--db pglite|postgres] [--memories 5000] [--calls 200] [--smoke]`
 *
 * One user with N memories (titles, notes, urls and one indexed chunk each, inserted in bulk),
 * then times the wall's calls through the real app in-process (`app.request`, auth included):
 * GET /api/sources (random pages, tabs, sort and type filters) and POST /api/sources/search
 * (misspelled fuzzy queries and content words). Target (issue 4): p95 < 50 ms on PGlite.
 * `--smoke`: 200 memories, 8 calls each.
 */
import os from "node:os";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { createTestMnemo, type TestMnemo } from "../../apps/server/src/test/harness.ts";
import { percentile, rng } from "../lib/stats.ts";
import { smokeArgs } from "../lib/smoke.ts";
import { analysedColumns, buildSearchText } from "../../apps/server/src/core/search/indexer.ts";

const TOPICS = [
  "Tesla battery review",
  "Sourdough starter guide",
  "Quarterly revenue report",
  "Mountain hiking checklist",
  "Rust ownership explained",
  "Garden tomato planting",
  "Jazz piano voicings",
  "Marathon training plan",
  "Kubernetes networking notes",
  "Roman history lecture",
];
const WORDS =
  "alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu".split(
    " ",
  );

/**
 * Wall-clock p95 of each call, and the CPU time the process spent on it (app and PGlite run in
 * this process): on a machine shared with other work the wall clock also counts waiting for a
 * core, the CPU time does not.
 */
async function time(label: string, calls: number, fn: (i: number) => Promise<Response>) {
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < calls; i++) {
    const t = performance.now();
    const c = process.cpuUsage();
    const res = await fn(i);
    if (res.status !== 200) throw new Error(`${label}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
    times.push(performance.now() - t);
    const d = process.cpuUsage(c);
    cpu.push((d.user + d.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const p95 = percentile(times, 95);
  const cpuP95 = percentile(cpu, 95);
  console.log(
    `${label.padEnd(34)} p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${p95.toFixed(1)} ms  max ${times.at(-1)!.toFixed(1)} ms  (CPU p50 ${percentile(cpu, 50).toFixed(1)} ms, p95 ${cpuP95.toFixed(1)} ms)`,
  );
  return { p95, cpuP95 };
}

/** One user with `n` memories (title, note, description, url, one indexed chunk each), in bulk. */
export async function fillWall(m: TestMnemo, n: number) {
  const user = await m.buildUser({ name: "Wall Bench" });
  const db = m.ctx.database.db;
  const rand = rng(7);
  for (let start = 0; start < n; start += 500) {
    const rows = [];
    const chunks = [];
    for (let i = start; i < Math.min(n, start + 500); i++) {
      const id = `w${i}`;
      const title = `${TOPICS[i % TOPICS.length]} ${i}`;
      const type = ["webpage", "file", "page", "image"][i % 4];
      const text =
        Array.from({ length: 60 }, () => WORDS[Math.floor(rand() * WORDS.length)]).join(" ") +
        (i % 97 === 0 ? " zeppelin" : "");
      rows.push(
        sql`(${id}, ${user.id}, ${type}, ${title}, ${"note " + (i % 13)}, ${"about " + TOPICS[(i + 3) % TOPICS.length]}, ${`https://example.com/${i}`}, 'success', now() - (${i} || ' minutes')::interval, ${JSON.stringify({ file_type: type === "file" ? "pdf" : type })}::jsonb)`,
      );
      const st = buildSearchText(title, "", text);
      chunks.push(
        sql`(${"c" + i}, ${id}, ${user.id}, 0, ${title}, ${text}, ${analysedColumns(st, "en").searchText}, ${analysedColumns(st, "en").tsv})`,
      );
    }
    await db.execute(
      sql`INSERT INTO source (id, owner_id, type, title, note, description, url, status, created_at, meta) VALUES ${sql.join(rows, sql`, `)}`,
    );
    await db.execute(sql`INSERT INTO chunk (id, source_id, owner_id, ord, title, text, search_text, tsv, tokens)
      SELECT v.id, v.sid, v.oid, v.ord, v.title, v.text, v.st, v.tsv,
        (SELECT coalesce(sum(coalesce(array_length(positions, 1), 1)), 0)::int FROM unnest(v.tsv))
      FROM (VALUES ${sql.join(chunks, sql`, `)}) AS v(id, sid, oid, ord, title, text, st, tsv)`);
  }
  await db.execute(sql`ANALYZE`);
  return user;
}

export async function run(args: string[]) {
  const { smoke, rest } = smokeArgs(args);
  const { values } = parseArgs({
    args: rest,
    options: {
      db: { type: "string", default: "pglite" },
      memories: { type: "string", default: smoke ? "200" : "5000" },
      calls: { type: "string", default: smoke ? "8" : "200" },
    },
  });
  const n = Number(values.memories);
  const calls = Number(values.calls);
  const m = await createTestMnemo(values.db === "postgres" ? "postgres" : "pglite");
  try {
    const t0 = performance.now();
    const user = await fillWall(m, n);
    const db = m.ctx.database.db;
    console.log(`filled ${n} memories in ${((performance.now() - t0) / 1000).toFixed(1)} s (${m.kind})`);

    const pages = Math.ceil(n / 24);
    const list = await time("GET /api/sources (random page)", calls, (i) =>
      m.request("GET", `/api/sources?page_size=24&page=${1 + ((i * 37) % pages)}`, { as: user }),
    );
    const filtered = await time("GET /api/sources (tab/type/oldest)", calls, (i) =>
      m.request(
        "GET",
        `/api/sources?tab=${["everything", "pages", "pinned"][i % 3]}&sort=oldest&file_types=pdf,image&page_size=24&page=${1 + (i % 20)}`,
        { as: user },
      ),
    );
    const queries = [
      "tesal",
      "sourdogh",
      "kubernets",
      "revenue report",
      "zeppelin",
      "hiking",
      "piano",
      "marathn",
    ];
    if (process.env.BENCH_VERBOSE) {
      const { fuzzySearch, filterSources, presentationFacts } =
        await import("../../apps/server/src/core/sources/repo.ts");
      const where = sql`s.owner_id = ${user.id}`;
      const steps: Record<string, number> = {};
      const step = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
        const c = process.cpuUsage();
        const out = await fn();
        const d = process.cpuUsage(c);
        steps[name] = (steps[name] ?? 0) + (d.user + d.system) / 1000;
        return out;
      };
      for (let round = 0; round < 5; round++)
        for (const q of queries) {
          const fuzzy = await step("fuzzy", () =>
            fuzzySearch(db, where, q, 50, m.ctx.database.capabilities.pg_trgm),
          );
          const hits = await step("content", () =>
            m.ctx.memorySearch.search(db, { actorId: user.id, actorEmail: user.email, reach: "own" }, q, 50),
          );
          const ids = [...new Set([...fuzzy.map((f) => f.id), ...hits.map((h) => h.sourceId)])];
          const kept = await step("filter", () => filterSources(db, where, ids));
          await step("present", () => presentationFacts(db, user, kept.slice(0, 50)));
        }
      const n = 5 * queries.length;
      console.log(
        "CPU ms per search step: " +
          Object.entries(steps)
            .map(([k, v]) => `${k} ${(v / n).toFixed(1)}`)
            .join(", "),
      );
    }
    const search = await time("POST /api/sources/search", calls, (i) =>
      m.request("POST", "/api/sources/search", {
        as: user,
        json: { search_query: queries[i % queries.length], active_item: "everything" },
      }),
    );
    console.log(
      `db=${m.kind} memories=${n} list_p95_ms=${list.p95.toFixed(1)} filtered_p95_ms=${filtered.p95.toFixed(1)} search_p95_ms=${search.p95.toFixed(1)} list_cpu_p95_ms=${list.cpuP95.toFixed(1)} filtered_cpu_p95_ms=${filtered.cpuP95.toFixed(1)} search_cpu_p95_ms=${search.cpuP95.toFixed(1)} load=${os.loadavg()[0].toFixed(1)}`,
    );
  } finally {
    await m.close();
  }
}
