/**
 * `npm run bench -- brief [memories=1000] [sentences=12] [--smoke]`
 *
 * The real `mnemo serve` in a child process on an on-disk PGlite, MEMORY_LIMIT_MB=512 (as on a
 * 512 MB machine): one user's collection of N memories (one indexed chunk each, `sentences`
 * sentences of shared topic words, a quarter stating dates), written into the data dir while the
 * server is stopped. GET /api/collection/:id/brief queues the `brief.build` job (the collection is
 * larger than BRIEF_INLINE_MEMORIES), which the server's worker runs; the bench polls the same GET
 * until the brief is ready, as the web does. `brief_s` is from the first GET to the ready answer;
 * `peak_rss_mb` the server's peak resident set over its life (VmHWM: start, the brief, database
 * included); `cached_ms` a GET after it (the kept brief). Ends with `brief_s=… peak_rss_mb=…
 * cached_ms=… memories=… sentences=… points=… timeline=…`. `--smoke`: 200 memories of 4 sentences.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { BriefResponse } from "@mnemo/contracts/brief";
import { openDatabase } from "../../apps/server/src/platform/db/client.ts";
import { callServer, spawnServer } from "../../apps/server/src/test/process.ts";
import { procStatusMb } from "../../apps/server/src/test/proc.ts";
import { analysedColumns, buildSearchText } from "../../apps/server/src/core/search/indexer.ts";
import { rng } from "../lib/stats.ts";
import { smokeArgs } from "../lib/smoke.ts";

const SUBJECTS =
  "The telescope mirror|The garden tomato bed|The sourdough starter|The marathon training plan|The kubernetes cluster|The jazz piano trio|The roman aqueduct|The battery pack|The hiking checklist|The revenue report|The rust compiler|The village bridge".split(
    "|",
  );
const VERBS =
  "was rebuilt|was measured|was reviewed|was moved|was replaced|was shared|was tested|was finished".split(
    "|",
  );
const OBJECTS =
  "with the new tools from the workshop|after a long discussion with the team|before the winter storms arrived|for the second time this season|to fix the problems found in testing|because the old design kept failing|by the volunteers from the north side".split(
    "|",
  );
const MONTHS = "January February March April May June July August September October November December".split(
  " ",
);

function memoryText(rand: () => number, sentences: number): string {
  const pick = <T>(a: T[]) => a[Math.floor(rand() * a.length)];
  const out: string[] = [];
  for (let i = 0; i < sentences; i++) {
    const dated =
      rand() < 0.25
        ? ` on ${1 + Math.floor(rand() * 28)} ${pick(MONTHS)} ${2000 + Math.floor(rand() * 26)}`
        : "";
    out.push(`${pick(SUBJECTS)} ${pick(VERBS)}${dated} ${pick(OBJECTS)}.`);
  }
  return out.join(" ");
}

async function seed(dataDir: string, userId: string, n: number, perMemory: number) {
  const database = await openDatabase({ pgliteDir: path.join(dataDir, "pglite") });
  try {
    const db = database.db;
    const rand = rng(45);
    await db.execute(
      sql`INSERT INTO collection (id, owner_id, name) VALUES ('bench-col', ${userId}, 'Bench')`,
    );
    for (let start = 0; start < n; start += 250) {
      const rows = [];
      const chunks = [];
      for (let i = start; i < Math.min(n, start + 250); i++) {
        const title = `Note ${i}`;
        const text = memoryText(rand, perMemory);
        const id = `m${i}`;
        rows.push(
          sql`(${id}, ${userId}, 'note', ${title}, 'success', now() - (${i} || ' minutes')::interval)`,
        );
        const a = analysedColumns(buildSearchText(title, "", text), "en");
        chunks.push(
          sql`(${`${id}:0`}, ${id}, ${userId}, 0, ${title}, ${text}, ${text.length}::int, 'en', ${a.searchText}, ${a.tsv})`,
        );
      }
      await db.execute(
        sql`INSERT INTO source (id, owner_id, type, title, status, created_at) VALUES ${sql.join(rows, sql`, `)}`,
      );
      await db.execute(sql`INSERT INTO chunk (id, source_id, owner_id, ord, title, text, end_offset, language, search_text, tsv, tokens)
        SELECT v.id, v.sid, v.oid, v.ord, v.title, v.text, v.eo, v.lang, v.st, v.tsv,
          (SELECT coalesce(sum(coalesce(array_length(positions, 1), 1)), 0)::int FROM unnest(v.tsv))
        FROM (VALUES ${sql.join(chunks, sql`, `)}) AS v(id, sid, oid, ord, title, text, eo, lang, st, tsv)`);
    }
    await db.execute(sql`INSERT INTO collection_source (collection_id, source_id, added_by)
      SELECT 'bench-col', s.id, ${userId} FROM source s WHERE s.owner_id = ${userId}`);
    await db.execute(sql`ANALYZE`);
  } finally {
    await database.close();
  }
}

export async function run(args: string[]): Promise<void> {
  const { smoke, rest } = smokeArgs(args);
  const opt = Object.fromEntries(rest.map((a) => a.split("=") as [string, string]));
  const n = Number(opt.memories ?? (smoke ? 200 : 1000));
  const perMemory = Number(opt.sentences ?? (smoke ? 4 : 12));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mnemo-bench-brief-"));
  const env = { DATA_DIR: dataDir, MEMORY_LIMIT_MB: "512" };
  try {
    let server = await spawnServer(env);
    const signUp = await callServer(server, "POST", "/api/auth/sign-up", {
      name: "Brief Bench",
      email: "brief-bench@example.com",
      password: "correct-horse-battery",
    });
    if (signUp.status !== 200) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
    const { token, user } = (await signUp.json()) as { token: string; user: { id: string } };
    await server.stop();
    await seed(dataDir, user.id, n, perMemory);
    server = await spawnServer(env);
    try {
      const get = async () => {
        const res = await callServer(server, "GET", "/api/collection/bench-col/brief", undefined, token);
        if (res.status !== 200) throw new Error(`GET brief: ${res.status} ${await res.text()}`);
        return (await res.json()) as BriefResponse;
      };
      const startRss = procStatusMb(server.child.pid!, "VmHWM");
      const t0 = performance.now();
      let r = await get();
      let polls = 0;
      while (r.status === "building") {
        await new Promise((ok) => setTimeout(ok, 250));
        r = await get();
        polls++;
        if (polls % 8 === 0 && r.progress) console.log(`  progress ${r.progress.done}/${r.progress.total}`);
      }
      const briefS = (performance.now() - t0) / 1000;
      if (r.status !== "ready" || !r.brief) throw new Error(`brief ${r.status}: ${r.error}`);
      const peak = procStatusMb(server.child.pid!, "VmHWM");
      const c0 = performance.now();
      const cached = await get();
      const cachedMs = performance.now() - c0;
      if (cached.brief?.computed_at !== r.brief.computed_at) throw new Error("the brief was not kept");
      const b = r.brief;
      console.log(
        `brief of ${b.memories} memories (${b.sentences} sentences, PGlite on disk, MEMORY_LIMIT_MB=512): ${briefS.toFixed(2)} s; server peak RSS ${peak} MB (${startRss} MB after start); ${b.points.length} points, ${b.terms.length} terms, ${b.timeline.length} timeline entries; kept brief ${cachedMs.toFixed(0)} ms; load ${os.loadavg()[0].toFixed(1)}`,
      );
      console.log(
        [
          `brief_s=${briefS.toFixed(2)}`,
          `peak_rss_mb=${peak}`,
          `cached_ms=${Math.round(cachedMs)}`,
          `memories=${b.memories}`,
          `sentences=${b.sentences}`,
          `points=${b.points.length}`,
          `timeline=${b.timeline.length}`,
        ].join(" "),
      );
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
