/**
 * Dense search cost at N vectors of one user (D dimensions): pgvector exact scan (PGlite), the
 * portable path (dot product in SQL over real[], capped), and the same without the cap's ordering.
 * Run: node bench/search/dense.mts [N] [D]   (PostgreSQL too when TEST_DATABASE_URL is set)
 */
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { createTestMnemo, testDatabases } from "../../apps/server/src/test/harness.ts";
import { queryRows } from "../../apps/server/src/platform/db/client.ts";
import { denseSearch } from "../../apps/server/src/core/search/dense.ts";
import { normalize } from "../../apps/server/src/core/search/embeddings.ts";

const N = Number(process.argv[2] ?? 10_000);
const D = Number(process.argv[3] ?? 384);
const RUNS = 15;

function p(xs: number[], q: number) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))].toFixed(0);
}

for (const kind of testDatabases()) {
  const m = await createTestMnemo(kind);
  const db = m.ctx.database.db;
  const u = await m.buildUser();
  const sourceId = crypto.randomUUID();
  await db.execute(
    sql`INSERT INTO source (id, owner_id, type, title, status) VALUES (${sourceId}, ${u.id}, 'page', 'bench', 'success')`,
  );
  await db.execute(
    sql`INSERT INTO chunk (id, source_id, owner_id, ord, text) SELECT ${sourceId} || ':' || g, ${sourceId}, ${u.id}, g, 'text ' || g FROM generate_series(1, ${N}) g`,
  );
  await db.execute(sql`INSERT INTO chunk_embedding (chunk_id, source_id, owner_id, model, embedding)
    SELECT c.id, c.source_id, c.owner_id, 'bench', ARRAY(SELECT (random() - 0.5)::real FROM generate_series(1, ${D}) WHERE c.ord > 0)
    FROM chunk c WHERE c.source_id = ${sourceId}`);
  const scope = { actorId: u.id, actorEmail: u.email };
  const paths: [string, (q: number[]) => Promise<unknown>][] = [
    ["portable (SQL, capped)", (q) => denseSearch(db, { pgvector: false, model: "bench" }, scope, q, 30)],
    [
      "SQL unnest over real[]",
      (q) =>
        queryRows(
          db,
          sql`SELECT e.chunk_id, (SELECT sum(a * b) FROM unnest(e.embedding, ${`{${q.join(",")}}`}::real[]) t(a, b)) AS s
        FROM chunk_embedding e JOIN chunk c ON c.id = e.chunk_id WHERE e.model = 'bench' AND c.owner_id = ${u.id} ORDER BY s DESC LIMIT 30`,
        ),
    ],
  ];
  if (m.ctx.database.capabilities.vector)
    paths.unshift([
      "pgvector <=> (cast)",
      (q) => denseSearch(db, { pgvector: true, model: "bench" }, scope, q, 30),
    ]);
  for (const [name, run] of paths) {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const q = normalize(Array.from({ length: D }, () => Math.random() - 0.5));
      const t = performance.now();
      await run(q);
      times.push(performance.now() - t);
    }
    console.log(`${kind} N=${N} D=${D} ${name}: p50 ${p(times, 0.5)} ms, p95 ${p(times, 0.95)} ms`);
  }
  await m.close();
}
