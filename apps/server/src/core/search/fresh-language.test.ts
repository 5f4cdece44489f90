import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { source, sourceContent } from "../../platform/db/schema/index.ts";
import type { Db } from "../../platform/db/client.ts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { createPortableSearchIndex } from "./engine.ts";
import { indexSourceContent } from "./indexer.ts";

/**
 * Issue 43: the set of indexed languages was cached for 30 s. Read before the first chunk existed
 * (a search in the first seconds after start), it left a one-word query analysed without English,
 * so a memory indexed just after was not found by its word forms until the cache expired.
 */
for (const kind of testDatabases()) {
  describe(`a memory is searchable as soon as it is indexed, right after start (${kind})`, () => {
    let m: TestMnemo;
    let db: Db;
    let alice: TestUser;

    beforeAll(async () => {
      m = await createTestMnemo(kind);
      db = m.ctx.database.db;
      alice = await m.buildUser();
    });
    afterAll(async () => {
      await m?.close();
    });

    it("finds an English memory by a word form the moment its chunks are written", async () => {
      const scope = { actorId: alice.id, actorEmail: alice.email };
      const search = createPortableSearchIndex();
      // One word: the detector is unsure ("telescopes" reads as Hungarian), so the query is also
      // analysed in every language the memories use — none yet, and that set is now cached.
      expect(await search.search(db, scope, "telescopes", 10)).toEqual([]);

      const id = crypto.randomUUID();
      await db
        .insert(source)
        .values({ id, ownerId: alice.id, type: "page", title: "Night sky log", status: "success" });
      await db.insert(sourceContent).values({
        sourceId: id,
        ownerId: alice.id,
        markdown: "We pointed the new telescope at Jupiter and watched its moons move over the evening.",
      });
      await indexSourceContent(db, id);

      const hits = await search.search(db, scope, "telescopes", 10);
      expect(hits.map((h) => h.sourceId)).toEqual([id]);
    });
  });
}
