/** Measurement helper (not an npm script): `tsx eval/lib/tune.ts <folder> <impl> '<json RankingOptions[]>'` — indexes once, scores each option set. */
import crypto from "node:crypto";
import { openDatabase } from "../../apps/server/src/platform/db/client.ts";
import { source, sourceContent, user } from "../../apps/server/src/platform/db/schema/index.ts";
import {
  DEFAULT_RANKING,
  RankedSearchIndex,
  type RankingOptions,
} from "../../apps/server/src/core/search/engine.ts";
import { pgTextsearchBackend, portableBackend } from "../../apps/server/src/core/search/backends.ts";
import { indexSourceContent } from "../../apps/server/src/core/search/indexer.ts";
import { prepareSearch } from "../../apps/server/src/core/search/setup.ts";
import { loadRetrievalSet } from "./beir.ts";
import { evaluate, maxPerDoc } from "./metrics.ts";

const [dir, impl, json] = process.argv.slice(2);
const set = loadRetrievalSet(dir);
const database = await openDatabase({ pgliteDir: "memory://" });
await prepareSearch(database);
const { db } = database;
await db.insert(user).values({ id: "t", name: "T", email: "t@x" });
const docOf = new Map<string, string>();
for (let i = 0; i < set.corpus.length; i += 500) {
  const batch = set.corpus.slice(i, i + 500).map((d) => ({ ...d, sid: crypto.randomUUID() }));
  for (const d of batch) docOf.set(d.sid, d.id);
  await db
    .insert(source)
    .values(batch.map((d) => ({ id: d.sid, ownerId: "t", type: "file", title: d.title })));
  await db.insert(sourceContent).values(batch.map((d) => ({ sourceId: d.sid, ownerId: "t", text: d.text })));
}
for (const sid of docOf.keys()) await indexSourceContent(db, sid);
for (const o of JSON.parse(json) as Partial<RankingOptions>[]) {
  const index = new RankedSearchIndex(impl === "sql-bm25" ? portableBackend : pgTextsearchBackend, {
    ...DEFAULT_RANKING,
    ...o,
  });
  const runs = new Map<string, string[]>();
  for (const q of set.queries) {
    const hits = await index.search(db, { actorId: "t", actorEmail: "t@x" }, q.text, 150);
    runs.set(
      q.id,
      maxPerDoc(hits.map((h) => ({ doc: docOf.get(h.sourceId) ?? "", score: h.score }))).slice(0, 100),
    );
  }
  const s = evaluate(runs, set.qrels);
  console.log(
    `${set.name} ${impl} ${JSON.stringify(o)} nDCG@10=${s.ndcg10.toFixed(4)} R@100=${s.recall100.toFixed(4)} MRR@10=${s.mrr10.toFixed(4)}`,
  );
}
await database.close();
