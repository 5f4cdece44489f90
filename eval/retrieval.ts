/**
 * `npm run eval -- retrieval --data <folder> [--data <folder>…] [--db pglite|postgres] [--impl auto|sql-bm25|pg_textsearch]`
 *
 * Indexes a BEIR folder's corpus as memories of a temporary user (source + source_content rows,
 * then the pipeline's `indexSourceContent`), runs every query through the real SearchIndex, and
 * scores the ranking (chunks → documents at their best chunk) against qrels.tsv.
 * `--db postgres` uses a fresh database on TEST_DATABASE_URL (or DATABASE_URL), dropped afterwards.
 */
import crypto from "node:crypto";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import type { Database } from "../apps/server/src/platform/db/client.ts";
import { source, sourceContent, user } from "../apps/server/src/platform/db/schema/index.ts";
import { openScratchDatabase } from "../apps/server/src/test/harness.ts";
import {
  DEFAULT_RANKING,
  RankedSearchIndex,
  type RankingOptions,
} from "../apps/server/src/core/search/engine.ts";
import { pgTextsearchBackend, portableBackend } from "../apps/server/src/core/search/backends.ts";
import { indexSourceContent } from "../apps/server/src/core/search/indexer.ts";
import { prepareSearch } from "../apps/server/src/core/search/setup.ts";
import { loadRetrievalSet, type RetrievalSet } from "./lib/beir.ts";
import { evaluate, maxPerDoc, type Summary } from "./lib/metrics.ts";

const fmt = (x: number) => x.toFixed(4);

async function openEvalDatabase(kind: string): Promise<{ database: Database; cleanup: () => Promise<void> }> {
  if (kind === "postgres") {
    const base = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
    if (!base) throw new Error("--db postgres needs TEST_DATABASE_URL or DATABASE_URL");
    process.env.TEST_DATABASE_URL = base;
  }
  return openScratchDatabase(kind);
}

async function runSet(
  set: RetrievalSet,
  kind: string,
  impl: string,
  ranking: RankingOptions,
): Promise<Summary> {
  const { database, cleanup } = await openEvalDatabase(kind);
  try {
    await prepareSearch(database);
    const { db } = database;
    const backend =
      impl === "sql-bm25" || (impl === "auto" && !database.capabilities.pg_textsearch)
        ? portableBackend
        : pgTextsearchBackend;
    if (backend === pgTextsearchBackend && !database.capabilities.pg_textsearch)
      throw new Error("pg_textsearch is not available");
    const index = new RankedSearchIndex(backend, ranking);
    const actorId = `eval-${crypto.randomUUID()}`;
    const actorEmail = `${actorId}@example.invalid`;
    await db.insert(user).values({ id: actorId, name: "Eval", email: actorEmail });
    const t0 = performance.now();
    const docOf = new Map<string, string>();
    for (let i = 0; i < set.corpus.length; i += 500) {
      const batch = set.corpus.slice(i, i + 500).map((d) => ({ ...d, sid: crypto.randomUUID() }));
      for (const d of batch) docOf.set(d.sid, d.id);
      await db.insert(source).values(
        batch.map((d) => ({
          id: d.sid,
          ownerId: actorId,
          type: "file",
          title: d.title,
          status: "success",
        })),
      );
      await db
        .insert(sourceContent)
        .values(batch.map((d) => ({ sourceId: d.sid, ownerId: actorId, text: d.text })));
    }
    for (const sid of docOf.keys()) await indexSourceContent(db, sid);
    // Planner statistics as a running instance has them (autovacuum), whenever the run starts.
    await db.execute(sql`ANALYZE`);
    const indexMs = performance.now() - t0;
    const runs = new Map<string, string[]>();
    const times: number[] = [];
    for (const q of set.queries) {
      const s = performance.now();
      const hits = await index.search(db, { actorId, actorEmail }, q.text, 150);
      times.push(performance.now() - s);
      runs.set(
        q.id,
        maxPerDoc(hits.map((h) => ({ doc: docOf.get(h.sourceId) ?? "", score: h.score }))).slice(0, 100),
      );
    }
    const summary = evaluate(runs, set.qrels);
    times.sort((a, b) => a - b);
    console.log(
      `${set.name} [${index.name} on ${kind}] docs=${set.corpus.length} queries=${summary.queries} ` +
        `nDCG@10=${fmt(summary.ndcg10)} R@10=${fmt(summary.recall10)} R@100=${fmt(summary.recall100)} MRR@10=${fmt(summary.mrr10)} ` +
        `index=${(indexMs / 1000).toFixed(1)}s query_p50=${times[Math.floor(times.length / 2)].toFixed(1)}ms`,
    );
    return summary;
  } finally {
    await cleanup();
  }
}

export async function run(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      data: { type: "string", multiple: true },
      db: { type: "string", default: "pglite" },
      impl: { type: "string", default: "auto" },
      /** Measurement only: JSON overriding the ranking defaults, e.g. '{"rm3":null}'. */
      ranking: { type: "string" },
    },
  });
  if (!values.data?.length)
    throw new Error(
      "Usage: npm run eval -- retrieval --data <folder> [--db pglite|postgres] [--impl auto|sql-bm25|pg_textsearch]",
    );
  const ranking: RankingOptions = {
    ...DEFAULT_RANKING,
    ...(values.ranking ? (JSON.parse(values.ranking) as Partial<RankingOptions>) : {}),
  };
  const all: Summary[] = [];
  for (const dir of values.data)
    all.push(await runSet(loadRetrievalSet(dir), values.db!, values.impl!, ranking));
  const mean = (f: (s: Summary) => number) => fmt(all.reduce((a, s) => a + f(s), 0) / all.length);
  console.log(
    `nDCG@10=${mean((s) => s.ndcg10)} R@10=${mean((s) => s.recall10)} R@100=${mean((s) => s.recall100)} MRR@10=${mean((s) => s.mrr10)}`,
  );
}
