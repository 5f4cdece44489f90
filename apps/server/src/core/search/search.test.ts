import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import {
  chunk,
  collection,
  collectionMember,
  collectionSource,
  source,
  sourceContent,
} from "../../platform/db/schema/index.ts";
import { queryRows, type Db } from "../../platform/db/client.ts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { createPgTextsearchIndex, createPortableSearchIndex } from "./engine.ts";
import { indexSourceContent } from "./indexer.ts";
import type { SearchIndex, SearchScope } from "./types.ts";

async function addMemory(db: Db, owner: TestUser, title: string, markdown: string): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(source).values({ id, ownerId: owner.id, type: "page", title, status: "success" });
  await db.insert(sourceContent).values({ sourceId: id, ownerId: owner.id, markdown });
  await indexSourceContent(db, id);
  return id;
}

const filler = (n: number) => Array.from({ length: n }, (_, i) => `item${i % 7} entry${i % 5}`).join(" ");

for (const kind of testDatabases()) {
  describe(`search on ${kind}`, () => {
    let m: TestMnemo;
    let db: Db;
    let alice: TestUser;
    let bob: TestUser;
    let carol: TestUser;
    const ids: Record<string, string> = {};
    const impls: SearchIndex[] = [];

    beforeAll(async () => {
      m = await createTestMnemo(kind);
      db = m.ctx.database.db;
      impls.push(createPortableSearchIndex());
      if (m.ctx.database.capabilities.pg_textsearch) impls.push(createPgTextsearchIndex());
      [alice, bob, carol] = [await m.buildUser(), await m.buildUser(), await m.buildUser()];
      ids.glider = await addMemory(
        db,
        alice,
        "Glider wings",
        `# Design\n\n## Wing loading\n\nThe glider's wings carry a low wing loading. ${filler(30)}`,
      );
      ids.kayak = await addMemory(
        db,
        alice,
        "Kayak trip",
        `Notes from paddling the river; the kayak was running smoothly. ${filler(40)}`,
      );
      ids.titleHit = await addMemory(
        db,
        alice,
        "Volcano",
        `A trip report. ${filler(20)} mountain ash everywhere.`,
      );
      ids.bodyHit = await addMemory(
        db,
        alice,
        "Trip report",
        `A trip report. ${filler(20)} volcano ash everywhere.`,
      );
      for (let i = 0; i < 60; i++)
        await addMemory(db, bob, `Bob zebra ${i}`, `zebra stripes zebra herd ${i}. ${filler(10)}`);
      ids.aliceZebra = await addMemory(db, alice, "Zoo visit", `We saw one zebra at the zoo. ${filler(60)}`);
      ids.bobShared = await addMemory(
        db,
        bob,
        "Shared telescope notes",
        `The telescope mirror needs collimation.`,
      );
      ids.bobPrivate = await addMemory(db, bob, "Private telescope diary", `My telescope collimation diary.`);
      ids.german = await addMemory(
        db,
        alice,
        "Verteidigung",
        "Die Verteidigung der Mannschaft gab in der ganzen Saison nur wenige Punkte ab und führte die Liga an.",
      );
      ids.chinese = await addMemory(
        db,
        alice,
        "超级碗",
        "超级碗50是一场美国橄榄球比赛，以确定2015赛季国家橄榄球联盟的冠军。",
      );
      ids.english = await addMemory(
        db,
        alice,
        "Season notes",
        "Kawann Short led the team in sacks with eleven during the whole season, the defense said.",
      );
      ids.russian = await addMemory(
        db,
        alice,
        "Зимник",
        "Зимой дорога через Сибирь занимает целую неделю, а летом её размывают дожди.",
      );
      await db.insert(collection).values({ id: "col-1", ownerId: bob.id, name: "Astronomy" });
      await db
        .insert(collectionSource)
        .values({ collectionId: "col-1", sourceId: ids.bobShared, addedBy: bob.id });
      await db
        .insert(collectionMember)
        .values({ collectionId: "col-1", email: carol.email, role: "read", userId: carol.id });
    });
    afterAll(async () => {
      await m?.close();
    });

    const scopeOf = (u: TestUser, extra: Partial<SearchScope> = {}): SearchScope => ({
      actorId: u.id,
      actorEmail: u.email,
      ...extra,
    });
    const sources = async (impl: SearchIndex, scope: SearchScope, q: string, limit = 10, on: Db = db) =>
      (await impl.search(on, scope, q, limit)).map((h) => h.sourceId);

    it("start-up chose the implementation by capability", () => {
      expect(m.ctx.search.name).toBe(
        m.ctx.database.capabilities.pg_textsearch ? "pg_textsearch" : "sql-bm25",
      );
    });

    describe.each(["sql-bm25", "pg_textsearch"])("%s", (name) => {
      const impl = () => impls.find((i) => i.name === name);
      it("finds a passage by its words, stemmed, with its title and heading path", async (ctx) => {
        if (!impl()) return ctx.skip();
        const hits = await impl()!.search(db, scopeOf(alice), "wing loadings", 5);
        expect(hits[0]).toMatchObject({
          sourceId: ids.glider,
          title: "Glider wings",
          headingPath: "Design > Wing loading",
          ord: 0,
        });
        expect(hits[0].text).toContain("low wing loading");
        expect(await sources(impl()!, scopeOf(alice), "runs"), "stemming: run ← running").toEqual([
          ids.kayak,
        ]);
      });

      it("weights the title above the body", async (ctx) => {
        if (!impl()) return ctx.skip();
        expect((await sources(impl()!, scopeOf(alice), "volcano")).slice(0, 2)).toEqual([
          ids.titleHit,
          ids.bodyHit,
        ]);
      });

      it("never returns another user's memory, even when they hold most matches", async (ctx) => {
        if (!impl()) return ctx.skip();
        expect(await sources(impl()!, scopeOf(alice), "zebra stripes", 10)).toEqual([ids.aliceZebra]);
        const bobs = await sources(impl()!, scopeOf(bob), "zebra", 100);
        expect(bobs).toHaveLength(60);
        expect(bobs).not.toContain(ids.aliceZebra);
        expect(await sources(impl()!, scopeOf(carol), "zebra")).toEqual([]);
      });

      it("shows a collection's memories to its members (over everything or through it), never to others", async (ctx) => {
        if (!impl()) return ctx.skip();
        // Everything means everything the member may read: the shared memory, not Bob's private one.
        expect(await sources(impl()!, scopeOf(carol), "telescope")).toEqual([ids.bobShared]);
        expect(await sources(impl()!, scopeOf(carol, { reach: "shared" }), "telescope")).toEqual([
          ids.bobShared,
        ]);
        expect(await sources(impl()!, scopeOf(carol, { reach: "own" }), "telescope")).toEqual([]);
        expect(await sources(impl()!, scopeOf(bob, { reach: "shared" }), "telescope")).toEqual([]);
        expect(await sources(impl()!, scopeOf(alice), "telescope"), "not a member").not.toContain(
          ids.bobShared,
        );
        expect(await sources(impl()!, scopeOf(carol, { collectionId: "col-1" }), "telescope")).toEqual([
          ids.bobShared,
        ]);
        expect(
          await sources(impl()!, scopeOf(alice, { collectionId: "col-1" }), "telescope"),
          "not a member",
        ).toEqual([]);
        expect(await sources(impl()!, scopeOf(carol, { sourceId: ids.bobShared }), "telescope")).toEqual([
          ids.bobShared,
        ]);
        expect(await sources(impl()!, scopeOf(carol, { sourceId: ids.bobPrivate }), "telescope")).toEqual([]);
        expect((await sources(impl()!, scopeOf(bob), "telescope")).sort()).toEqual(
          [ids.bobShared, ids.bobPrivate].sort(),
        );
      });

      it("analyses each memory in its own language and each question in its own", async (ctx) => {
        if (!impl()) return ctx.skip();
        expect(
          await sources(impl()!, scopeOf(alice), "Was machten die Verteidigungen der Mannschaften?"),
        ).toEqual([ids.german]);
        expect(await sources(impl()!, scopeOf(alice), "橄榄球联盟的冠军是谁？"), "segmented Chinese").toEqual(
          [ids.chinese],
        );
        expect(
          await sources(impl()!, scopeOf(alice), "Wie viele Sacks hatte Kawann Short?"),
          "a German question finds an English memory by its name",
        ).toEqual([ids.english]);
        expect(
          await sources(impl()!, scopeOf(alice), "зимние дороги Сибири"),
          "a Russian question the detector takes for Bulgarian still meets the Russian stems",
        ).toEqual([ids.russian]);
      });

      it("narrows to one memory or a context list", async (ctx) => {
        if (!impl()) return ctx.skip();
        expect(await sources(impl()!, scopeOf(alice, { sourceId: ids.bodyHit }), "volcano ash")).toEqual([
          ids.bodyHit,
        ]);
        const ctxScope = scopeOf(carol, {
          context: { sources: [ids.glider, ids.bobPrivate], collections: ["col-1"] },
        });
        expect(await sources(impl()!, ctxScope, "telescope wing")).toEqual([ids.bobShared]);
        const own = scopeOf(alice, { context: { sources: [ids.glider, ids.kayak], collections: [] } });
        expect((await sources(impl()!, own, "wing kayak")).sort()).toEqual([ids.glider, ids.kayak].sort());
      });
    });

    it("stores each chunk's language", async () => {
      const rows = await db.select({ sourceId: chunk.sourceId, language: chunk.language }).from(chunk);
      const languageOf = (id: string) => rows.find((r) => r.sourceId === id)?.language;
      expect([languageOf(ids.german), languageOf(ids.chinese), languageOf(ids.english)]).toEqual([
        "de",
        "zh",
        "en",
      ]);
    });

    it("re-indexing is idempotent and deleting a memory removes it from results and statistics at once", async () => {
      const snapshot = async () => ({
        rows: await db
          .select({ id: chunk.id, text: chunk.text, tsv: chunk.tsv, tokens: chunk.tokens })
          .from(chunk)
          .where(eq(chunk.sourceId, ids.kayak)),
        stats: await queryRows<{ docs: number; df: number }>(
          db,
          sql`SELECT (SELECT sum(docs) FROM search_stats) AS docs, d.df FROM search_term_df d WHERE d.term = 'kayak'`,
        ),
      });
      const before = await snapshot();
      await indexSourceContent(db, ids.kayak);
      await indexSourceContent(db, ids.kayak);
      expect(await snapshot()).toEqual(before);
      await db
        .transaction(async (tx) => {
          await tx.delete(source).where(eq(source.id, ids.kayak));
          for (const impl of impls)
            expect(await sources(impl, scopeOf(alice), "kayak", 10, tx), impl.name).toEqual([]);
          tx.rollback();
        })
        .catch((e: Error) => expect(e.message).toMatch(/rollback/i));
      await db.delete(source).where(eq(source.id, ids.kayak));
      for (const impl of impls)
        expect(await sources(impl, scopeOf(alice), "kayak paddling"), impl.name).toEqual([]);
      const after = await queryRows<{ docs: number; df: number }>(
        db,
        sql`SELECT (SELECT sum(docs) FROM search_stats) AS docs, d.df FROM search_term_df d WHERE d.term = 'kayak'`,
      );
      expect(Number(after[0].df)).toBe(Number(before.stats[0].df) - 1);
      expect(Number(after[0].docs)).toBe(Number(before.stats[0].docs) - before.rows.length);
    });
  });
}
