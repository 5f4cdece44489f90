import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { chunk, chunkEmbedding, source, sourceContent } from "../../platform/db/schema/index.ts";
import { queryRows, type Db } from "../../platform/db/client.ts";
import {
  createTestMnemo,
  testConfig,
  testDatabases,
  type TestMnemo,
  type TestUser,
} from "../../test/harness.ts";
import { waitUntil } from "../../test/wait.ts";
import { ingestKey } from "../sources/capture/enqueue.ts";
import { createSearchIndex } from "./engine.ts";
import { denseSearch } from "./dense.ts";
import { embeddingsFromConfig, type EmbeddingsProvider } from "./embeddings.ts";
import { embedSourceChunks } from "./embed-job.ts";
import { indexSourceContent } from "./indexer.ts";
import { startFakeEmbedder, type FakeEmbedder } from "./test/fake-embedder.ts";
import type { SearchScope } from "./types.ts";

let fake: FakeEmbedder;
beforeAll(async () => {
  fake = await startFakeEmbedder();
});
afterAll(() => fake.close());

const compatEnv = () => ({ EMBEDDINGS_MODEL: "fake-embed", OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl });
const cosine = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i], 0);

describe("embeddings provider adapter (AI SDK against a local /v1/embeddings)", () => {
  it("embeds through openai-compatible: unit vectors, related texts closer, batched calls", async () => {
    const p = embeddingsFromConfig(testConfig(compatEnv()))!;
    expect(p.id).toBe("openai-compatible:fake-embed");
    const [car, auto, bread] = await p.embed(["car repair", "automobile mechanic", "banana bread recipe"]);
    expect(cosine(car, car)).toBeCloseTo(1, 6);
    expect(cosine(car, auto)).toBeGreaterThan(cosine(car, bread) + 0.5);
    expect(fake.requests.at(-1)).toMatchObject({
      model: "fake-embed",
      input: ["car repair", "automobile mechanic", "banana bread recipe"],
    });
    const before = fake.requests.length;
    const many = await p.embed(Array.from({ length: 150 }, (_, i) => `note number ${i}`));
    expect(many).toHaveLength(150);
    expect(fake.requests.slice(before).map((r) => r.input.length)).toEqual([64, 64, 22]);
  });

  it("passes EMBEDDINGS_DIMENSIONS and serves the openai provider through OPENAI_BASE_URL", async () => {
    const p = embeddingsFromConfig(
      testConfig({
        EMBEDDINGS_MODEL: "small",
        EMBEDDINGS_PROVIDER: "openai",
        OPENAI_API_KEY: "k",
        OPENAI_BASE_URL: fake.baseUrl,
        EMBEDDINGS_DIMENSIONS: "16",
      }),
    )!;
    expect(p.id).toBe("openai:small@16");
    const [v] = await p.embed(["hello world"]);
    expect(v).toHaveLength(16);
    expect(fake.requests.at(-1)).toMatchObject({ model: "small", dimensions: 16 });
  });

  it("is off without EMBEDDINGS_MODEL or without a provider to serve it", () => {
    expect(embeddingsFromConfig(testConfig({ OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl }))).toBeUndefined();
    expect(embeddingsFromConfig(testConfig({ EMBEDDINGS_MODEL: "m" }))).toBeUndefined();
    expect(
      embeddingsFromConfig(testConfig({ EMBEDDINGS_MODEL: "m", EMBEDDINGS_PROVIDER: "openai" })),
    ).toBeUndefined();
  });
});

async function addMemory(
  db: Db,
  owner: TestUser,
  title: string,
  markdown: string,
  provider?: EmbeddingsProvider,
): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(source).values({ id, ownerId: owner.id, type: "page", title, status: "success" });
  await db.insert(sourceContent).values({ sourceId: id, ownerId: owner.id, markdown });
  await indexSourceContent(db, id);
  if (provider) await embedSourceChunks(db, provider, id, 1);
  return id;
}

for (const kind of testDatabases()) {
  describe(`hybrid search on ${kind}`, () => {
    let m: TestMnemo;
    let db: Db;
    let provider: EmbeddingsProvider;
    let alice: TestUser;
    let bob: TestUser;
    const ids: Record<string, string> = {};
    const as = (u: TestUser, extra: Partial<SearchScope> = {}): SearchScope => ({
      actorId: u.id,
      actorEmail: u.email,
      ...extra,
    });

    beforeAll(async () => {
      m = await createTestMnemo(kind, compatEnv());
      db = m.ctx.database.db;
      provider = m.ctx.embeddings!;
      [alice, bob] = [await m.buildUser(), await m.buildUser()];
      ids.garage = await addMemory(
        db,
        alice,
        "Garage visit",
        "Took the automobile to the mechanic; new brakes and oil.",
        provider,
      );
      ids.bread = await addMemory(
        db,
        alice,
        "Banana bread",
        "Mash three bananas, fold in flour, bake an hour.",
        provider,
      );
      ids.kayak = await addMemory(
        db,
        alice,
        "Kayak trip",
        "Paddled the river for repair of my nerves, not of the boat.",
        provider,
      );
      ids.bobCar = await addMemory(
        db,
        bob,
        "Car repair diary",
        "Car repair, car repair: the car needed repair again.",
        provider,
      );
    }, 120_000);
    afterAll(() => m.close());

    it("is wired when a provider is configured", () => {
      expect(provider).toBeDefined();
      expect(m.ctx.search.name).toMatch(/\+dense$/);
    });

    it("the ingest pipeline embeds every chunk of a memory after indexing", async () => {
      const id = crypto.randomUUID();
      await db.insert(source).values({
        id,
        ownerId: alice.id,
        type: "page",
        title: "Physician appointment",
        status: "in_progress",
      });
      await db.insert(sourceContent).values({
        sourceId: id,
        ownerId: alice.id,
        markdown: "# Visit\n\nThe doctor checked my knee.\n\n# Later\n\nPhysio twice a week.",
      });
      await m.ctx.queue.send("ingest.index", { sourceId: id, contentVersion: 1 }, { key: ingestKey(id, 1) });
      const rows = await waitUntil("every chunk to be embedded", async () => {
        const r = await db.select().from(chunkEmbedding).where(eq(chunkEmbedding.sourceId, id));
        const chunks = await db.select({ id: chunk.id }).from(chunk).where(eq(chunk.sourceId, id));
        return chunks.length > 0 && r.length === chunks.length ? r : undefined;
      });
      expect(rows.every((r) => r.model === provider.id && r.ownerId === alice.id)).toBe(true);
      const hits = await m.ctx.search.search(db, as(alice), "doctors", 5);
      expect(hits[0]?.sourceId).toBe(id);
      // Idempotent: a repeat finds nothing left to embed and calls no provider.
      const calls = fake.requests.length;
      expect(await embedSourceChunks(db, provider, id, 1)).toBe(0);
      expect(fake.requests.length).toBe(calls);
    }, 60_000);

    it("finds by meaning what BM25 alone misses, and never another user's memory", async () => {
      const bm25 = await createSearchIndex(m.ctx.database).search(db, as(alice), "vehicle fix", 10);
      expect(bm25.map((h) => h.sourceId)).not.toContain(ids.garage);
      const hits = await m.ctx.search.search(db, as(alice), "vehicle fix", 10);
      expect(hits[0]?.sourceId).toBe(ids.garage);
      expect(hits.map((h) => h.sourceId)).not.toContain(ids.bobCar);
      const bobs = await m.ctx.search.search(db, as(bob), "automobile mechanic", 10);
      expect(bobs.map((h) => h.sourceId)).toEqual([ids.bobCar]);
      expect(await m.ctx.search.search(db, as(alice, { sourceId: ids.bobCar }), "car repair", 10)).toEqual(
        [],
      );
    });

    it("keeps BM25's exact matches and fuses both rankings", async () => {
      const hits = await m.ctx.search.search(db, as(alice), "kayak repair", 10);
      const found = hits.map((h) => h.sourceId);
      expect(found.slice(0, 2).sort()).toEqual([ids.garage, ids.kayak].sort());
      expect(found).not.toContain(ids.bobCar);
    });

    it("the portable vector path (no pgvector) ranks like pgvector", async () => {
      const [q] = await provider.embed(["automobile repair"]);
      const portable = await denseSearch(db, { pgvector: false, model: provider.id }, as(alice), q, 3);
      expect(portable[0]?.sourceId).toBe(ids.garage);
      expect(portable.map((h) => h.sourceId)).not.toContain(ids.bobCar);
      if (m.ctx.database.capabilities.vector) {
        const native = await denseSearch(db, { pgvector: true, model: provider.id }, as(alice), q, 3);
        expect(native.map((h) => h.chunkId)).toEqual(portable.map((h) => h.chunkId));
      }
    });

    it("answers with BM25 alone while the provider is down", async () => {
      fake.failing = true;
      try {
        const hits = await m.ctx.search.search(db, as(alice), "banana bread", 5);
        expect(hits[0]?.sourceId).toBe(ids.bread);
      } finally {
        fake.failing = false;
      }
    });

    it("a deleted memory leaves the results with its vectors", async () => {
      const id = await addMemory(db, alice, "Vehicle service", "The vehicle went to the mechanic.", provider);
      expect((await m.ctx.search.search(db, as(alice), "car repair", 10)).map((h) => h.sourceId)).toContain(
        id,
      );
      await db.delete(source).where(eq(source.id, id));
      expect(
        (await m.ctx.search.search(db, as(alice), "car repair", 10)).map((h) => h.sourceId),
      ).not.toContain(id);
      const [left] = await queryRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM chunk_embedding WHERE source_id = ${id}`,
      );
      expect(Number(left.n)).toBe(0);
    });
  });
}

describe("without an embeddings provider", () => {
  it("BM25 serves alone and nothing is embedded or requested", async () => {
    const m = await createTestMnemo("pglite", { OPENAI_COMPATIBLE_BASE_URL: fake.baseUrl });
    try {
      expect(m.ctx.embeddings).toBeUndefined();
      expect(m.ctx.search.name).not.toMatch(/dense/);
      const calls = fake.requests.length;
      const u = await m.buildUser();
      const db = m.ctx.database.db;
      const id = crypto.randomUUID();
      await db
        .insert(source)
        .values({ id, ownerId: u.id, type: "page", title: "Garage visit", status: "in_progress" });
      await db
        .insert(sourceContent)
        .values({ sourceId: id, ownerId: u.id, markdown: "Took the automobile to the mechanic." });
      await m.ctx.queue.send("ingest.index", { sourceId: id, contentVersion: 1 }, { key: ingestKey(id, 1) });
      await waitUntil(
        "the memory to be indexed",
        async () => (await db.select().from(source).where(eq(source.id, id)))[0]?.status === "success",
      );
      expect(await db.select().from(chunkEmbedding)).toEqual([]);
      expect(fake.requests.length).toBe(calls);
      expect(
        (await m.ctx.search.search(db, { actorId: u.id, actorEmail: u.email }, "garage", 5))[0]?.sourceId,
      ).toBe(id);
    } finally {
      await m.close();
    }
  }, 60_000);
});
