import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { source, sourceContent } from "../../platform/db/schema/index.ts";
import { queryRows, type Db } from "../../platform/db/client.ts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { createLogger } from "../../platform/logger.ts";
import type { JobQueue } from "../../platform/jobs/queue.ts";
import { createPortableSearchIndex } from "./engine.ts";
import { indexSourceContent } from "./indexer.ts";
import { countPendingReanalysis, reanalyseBatch, resumeReanalysis, runReanalyseJob } from "./reanalyse.ts";

const german =
  "Die Verteidigung der Mannschaft gab in der ganzen Saison nur wenige Punkte ab und führte die Liga an.";

/** Puts a memory's chunks back as the English-only analysis of earlier versions left them. */
async function makeLegacy(db: Db, sourceId: string) {
  await db.execute(sql`UPDATE chunk SET language = NULL, search_text = text,
    tsv = to_tsvector('english', text),
    tokens = (SELECT count(*) FROM unnest(to_tsvector('english', text)) u, unnest(u.positions) p)
    WHERE source_id = ${sourceId}`);
}

function recordingQueue() {
  const sent: { name: string; payload: unknown; key?: string }[] = [];
  const queue = {
    send: async (name: string, payload: unknown, opts: { key?: string } = {}) => {
      sent.push({ name, payload, key: opts.key });
    },
  } as unknown as JobQueue;
  return { sent, queue };
}

for (const kind of testDatabases()) {
  describe(`re-analysis after upgrade on ${kind}`, () => {
    let m: TestMnemo;
    let db: Db;
    let alice: TestUser;
    const ids: string[] = [];

    beforeAll(async () => {
      m = await createTestMnemo(kind);
      db = m.ctx.database.db;
      alice = await m.buildUser();
      for (let i = 0; i < 3; i++) {
        const id = crypto.randomUUID();
        await db
          .insert(source)
          .values({ id, ownerId: alice.id, type: "page", title: `Notiz ${i}`, status: "success" });
        await db.insert(sourceContent).values({ sourceId: id, ownerId: alice.id, markdown: german });
        await indexSourceContent(db, id);
        await makeLegacy(db, id);
        ids.push(id);
      }
    });
    afterAll(async () => {
      await m?.close();
    });

    it("re-indexes memories analysed before languages in batches, the database holding the progress", async () => {
      const scope = { actorId: alice.id, actorEmail: alice.email };
      const search = createPortableSearchIndex();
      const question = "Was wissen wir über die Verteidigungen?";
      expect(await search.search(db, scope, question, 10), "English-only analysis").toEqual([]);
      expect(await countPendingReanalysis(db)).toBe(3);

      const { sent, queue } = recordingQueue();
      const ctx = { database: m.ctx.database, log: createLogger("silent"), queue };
      await resumeReanalysis(ctx);
      expect(sent).toEqual([{ name: "search.reanalyse", payload: { done: 0 }, key: undefined }]);

      expect(await reanalyseBatch(db, 2)).toBe(2);
      expect(await countPendingReanalysis(db)).toBe(1);
      await runReanalyseJob(ctx, { done: 2 }, { id: "job-1" });
      expect(await countPendingReanalysis(db)).toBe(0);
      expect(sent, "no next job once none remain").toHaveLength(1);

      const hits = await search.search(db, scope, question, 10);
      expect(new Set(hits.map((h) => h.sourceId))).toEqual(new Set(ids));
      const languages = await queryRows<{ language: string }>(db, sql`SELECT DISTINCT language FROM chunk`);
      expect(languages.map((r) => r.language)).toEqual(["de"]);
      await resumeReanalysis(ctx);
      expect(sent, "nothing to resume").toHaveLength(1);
    });

    it("enqueues the next batch while memories remain, once per job however often it is retried", async () => {
      await makeLegacy(db, ids[0]);
      await makeLegacy(db, ids[1]);
      const { sent, queue } = recordingQueue();
      const ctx = { database: m.ctx.database, log: createLogger("silent"), queue };
      await runReanalyseJob(ctx, { done: 0 }, { id: "job-7" }, 1);
      expect(await countPendingReanalysis(db)).toBe(1);
      expect(sent).toEqual([{ name: "search.reanalyse", payload: { done: 1 }, key: "job-7:next" }]);
      await runReanalyseJob(ctx, { done: 1 }, { id: "job-8" }, 1);
      expect(await countPendingReanalysis(db)).toBe(0);
      expect(sent).toHaveLength(1);
    });
  });
}
