/**
 * Where a synced note's CPU goes (issue 43): the same vault sync as the timed run, in this process
 * (the real app, in-process job worker, embedded PGlite on its database thread), with
 * - the server thread's CPU profile (node:inspector), each sample given to the stage of the
 *   innermost frame that names one (file read, parse, chunk, analysis, SQL building, HTTP, jobs);
 * - the database thread's CPU per statement (PgliteThread.statementProfile: verb and table), the
 *   chunk writes split into the text search analysis they run (`to_tsvector` over the prepared
 *   text, measured alone on the same chunks afterwards) and what is left: index and triggers.
 * Figures are CPU milliseconds per note; together they add up to the process's CPU over the sync.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Session } from "node:inspector/promises";
import { sql } from "drizzle-orm";
import { createTestMnemo } from "../../apps/server/src/test/harness.ts";
import { queryRows } from "../../apps/server/src/platform/db/client.ts";
import type { PgliteThread } from "../../apps/server/src/platform/db/pglite-thread.ts";
import type { StatementProfile } from "../../apps/server/src/platform/db/pglite-worker.ts";
import { analysedPrepared } from "../../apps/server/src/core/search/indexer.ts";
import { prepareChunks } from "../../apps/server/src/core/search/prepare.ts";

type CallFrame = { functionName: string; url: string };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/**
 * Server-thread stages by the frame's file (first match from the innermost frame outwards). Library
 * frames count for the stage of our code that called them unless they are named here.
 */
const STAGES: [stage: string, pattern: RegExp][] = [
  ["gc", /^\(garbage collector\)$/],
  ["chunk", /core\/search\/(chunker|locate)\.ts/],
  [
    "analysis",
    /platform\/lib\/(language|eld-loader|stem\w*)\.ts|\/eld\/|snowball|stemmer|core\/search\/prepare\.ts/,
  ],
  ["parse", /front-?matter|yaml|micromark|mdast|remark|markdown|features\/pages|blocks\.ts|synced-files\.ts/],
  ["file read", /connectors\/folder\.ts|node:fs|node:internal\/fs|crypto/],
  ["sql building and database calls", /drizzle-orm|platform\/db\//],
  ["jobs and events", /platform\/jobs|platform\/events|pg-boss|core\/ingest\/pipeline\.ts/],
  ["http", /hono|platform\/http|node:internal\/deps\/undici|undici/],
];

function stageOf(stack: CallFrame[]): string {
  for (let i = stack.length - 1; i >= 0; i--) {
    const f = stack[i]!;
    const name = f.url || f.functionName;
    for (const [stage, pattern] of STAGES) if (pattern.test(name)) return stage;
  }
  return "other (server thread)";
}

/** CPU ms of the sampled profile by stage (idle time left out). */
function serverThreadStages(profile: CpuProfile): Map<string, number> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stageOfNode = new Map<number, string>();
  const stages = new Map<string, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i]!;
    let stage = stageOfNode.get(id);
    if (stage === undefined) {
      const stack: CallFrame[] = [];
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at))
        stack.unshift(byId.get(at)!.callFrame);
      const leaf = stack[stack.length - 1]!.functionName;
      stage =
        leaf === "(idle)" ? "" : leaf === "(program)" ? "runtime (native code, compiling)" : stageOf(stack);
      stageOfNode.set(id, stage);
    }
    if (stage) stages.set(stage, (stages.get(stage) ?? 0) + profile.timeDeltas[i]! / 1000);
  }
  return stages;
}

/** Database-thread statements grouped into the stages of a note. */
function databaseStage(kind: string): string {
  // The chunk rows with their analysed columns, the old rows' removal and the term statistics.
  if (/^(insert|delete|with) (chunk|search_stats)$/.test(kind)) return "index (chunk rows)";
  if (/^(insert|update|delete) (source|source_content|blob|synced_\w*|sync_run\w*)$/.test(kind))
    return "insert (memory rows)";
  if (/pgboss/.test(kind)) return "jobs and events (database)";
  if (/^(insert user_event|select pg_notify)$/.test(kind)) return "jobs and events (database)";
  if (/^(begin|end|select pg_advisory\w*)$/.test(kind)) return "transactions and locks";
  if (/^(select|with)\b/.test(kind)) return "reads";
  return "other writes";
}

export type NoteProfile = { stages: [string, number][]; cpuMsPerNote: number; notes: number };

export async function profileVaultSync(
  notes: number,
  writeNote: (i: number) => string,
  log: (line: string) => void = console.log,
): Promise<NoteProfile> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "mnemo-bench-apps-profile-"));
  const vault = path.join(root, "vault");
  for (let i = 0; i < notes; i++) {
    const dir = path.join(vault, `folder-${i % 20}`);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `note-${i}.md`), writeNote(i));
  }
  const pgliteDir = path.join(root, "pglite");
  const mnemo = await createTestMnemo("pglite", { APPS_FOLDER_ROOTS: root }, { pgliteDir });
  const session = new Session();
  try {
    const thread = mnemo.ctx.database.pglite as PgliteThread;
    if (typeof thread.statementProfile !== "function")
      throw new Error("the profile needs PGlite on its database thread (PGLITE_THREAD)");
    const user = await mnemo.buildUser();
    const db = mnemo.ctx.database.db;
    const pending = async () =>
      (
        await queryRows<{ n: number; all: number }>(
          db,
          sql`SELECT count(*) FILTER (WHERE status = 'in_progress')::int AS n, count(*)::int AS "all"
              FROM source WHERE owner_id = ${user.id}`,
        )
      )[0]!;

    session.connect();
    await session.post("Profiler.enable");
    await session.post("Profiler.setSamplingInterval", { interval: 500 });
    await thread.statementProfile(true);
    const cpu0 = process.cpuUsage();
    await session.post("Profiler.start");
    const res = await mnemo.request("POST", "/api/t/store_integrated_id", {
      as: user,
      json: { app_name: "folder", credentials: { path: vault } },
    });
    if (res.status >= 300) throw new Error(`connect: ${res.status} ${await res.text()}`);
    const end = Date.now() + 600_000;
    for (;;) {
      const { n, all } = await pending();
      if (all >= notes && n === 0) break;
      if (Date.now() > end) throw new Error("timed out: the profiled sync");
      await new Promise((r) => setTimeout(r, 250));
    }
    const { profile } = (await session.post("Profiler.stop")) as { profile: CpuProfile };
    const used = process.cpuUsage(cpu0);
    const statements: StatementProfile = await thread.statementProfile(false);
    const totalMs = (used.user + used.system) / 1000;

    // The text search analysis the chunk inserts ran, measured alone on the same chunks.
    const contents = await queryRows<{ title: string; body: string }>(
      db,
      sql`SELECT s.title, coalesce(c.markdown, c.text, '') AS body FROM source s
          JOIN source_content c ON c.source_id = s.id WHERE s.owner_id = ${user.id}`,
    );
    const chunks = contents.flatMap((c) => prepareChunks({ title: c.title, body: c.body, fallback: "" }));
    const before = process.cpuUsage();
    for (let i = 0; i < chunks.length; i += 20) {
      const slice = chunks.slice(i, i + 20);
      const cols = slice.map((c) => analysedPrepared(c.prepared, c.language));
      await queryRows(
        db,
        sql`SELECT ${sql.join(
          cols.map((c) => sql`(${c.tsv}) IS NOT NULL AND length(${c.searchText}) >= 0 AND ${c.tokens} >= 0`),
          sql`, `,
        )}`,
      );
    }
    const analysisDbMs = (() => {
      const u = process.cpuUsage(before);
      return (u.user + u.system) / 1000;
    })();

    const stages = new Map<string, number>();
    const add = (stage: string, ms: number) => stages.set(stage, (stages.get(stage) ?? 0) + ms);
    for (const [stage, ms] of serverThreadStages(profile)) add(stage, ms);
    for (const [kind, { cpuMs }] of Object.entries(statements)) add(databaseStage(kind), cpuMs);
    const indexMs = stages.get("index (chunk rows)") ?? 0;
    const analysisInIndex = Math.min(indexMs, analysisDbMs);
    stages.set("index (chunk rows)", indexMs - analysisInIndex);
    add("analysis (to_tsvector in the database)", analysisInIndex);
    const accounted = [...stages.values()].reduce((a, b) => a + b, 0);
    add("unaccounted (other threads, idle-loop overhead)", Math.max(0, totalMs - accounted));

    const rows = [...stages.entries()]
      .map(([stage, ms]) => [stage, ms / notes] as [string, number])
      .sort((a, b) => b[1] - a[1]);
    log(
      `where a note's CPU goes (${notes} notes synced in this process, ${(totalMs / notes).toFixed(1)} ms each):`,
    );
    for (const [stage, ms] of rows) log(`  ${ms.toFixed(2).padStart(7)} ms  ${stage}`);
    const top = Object.entries(statements)
      .sort((a, b) => b[1].cpuMs - a[1].cpuMs)
      .slice(0, 8)
      .map(([k, v]) => `${k} ${(v.cpuMs / notes).toFixed(2)} ms (${v.calls} calls)`);
    log(`  database thread, costliest statements per note: ${top.join("; ")}`);
    return { stages: rows, cpuMsPerNote: totalMs / notes, notes };
  } finally {
    session.disconnect();
    await mnemo.close();
    fs.rmSync(root, { recursive: true, force: true });
  }
}
