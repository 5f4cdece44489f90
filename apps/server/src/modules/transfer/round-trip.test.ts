import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unzipSync, strFromU8 } from "fflate";
import { asc, eq } from "drizzle-orm";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { buildCollection, buildSource } from "../../test/factories.ts";
import { waitUntil } from "../../test/wait.ts";
import {
  blob,
  chat,
  chatTurn,
  collection,
  collectionSource,
  source,
  sourceContent,
} from "../../db/schema/index.ts";
import type { ImportRun } from "@mnemo/contracts";
import { waitForRun } from "./test-helpers.ts";

/** What a user sees of their account, without ids: the wall, collections, notes and chats. */
async function snapshot(m: TestMnemo, user: TestUser) {
  const db = m.ctx.database.db;
  const rows = await db
    .select({ s: source, markdown: sourceContent.markdown })
    .from(source)
    .leftJoin(sourceContent, eq(sourceContent.sourceId, source.id))
    .where(eq(source.ownerId, user.id))
    .orderBy(asc(source.createdAt), asc(source.title));
  const titleOf = new Map(rows.map((r) => [r.s.id, r.s.title]));
  const cols = await db
    .select()
    .from(collection)
    .where(eq(collection.ownerId, user.id))
    .orderBy(asc(collection.name));
  const members = await db.select().from(collectionSource);
  const files = await db.select().from(blob).where(eq(blob.ownerId, user.id));
  const chats = await db.select().from(chat).where(eq(chat.ownerId, user.id)).orderBy(asc(chat.createdAt));
  const turns = await db
    .select()
    .from(chatTurn)
    .where(eq(chatTurn.ownerId, user.id))
    .orderBy(asc(chatTurn.ord));
  return {
    wall: rows.map((r) => ({
      type: r.s.type,
      title: r.s.title,
      url: r.s.url,
      note: r.s.note,
      description: r.s.description,
      pinned: r.s.isPinned,
      markdown: r.markdown,
      file: files.find((f) => f.sourceId === r.s.id)?.name ?? null,
    })),
    collections: cols.map((c) => ({
      name: c.name,
      instructions: c.customInstructions,
      memories: members
        .filter((mm) => mm.collectionId === c.id)
        .map((mm) => titleOf.get(mm.sourceId))
        .sort(),
    })),
    chats: chats.map((c) => ({
      title: c.title,
      scope: c.scope,
      source: c.sourceId ? titleOf.get(c.sourceId) : null,
      turns: turns
        .filter((t) => t.chatId === c.id)
        .map((t) => ({
          query: t.query,
          answer: t.answer,
          cited: (t.sources as { id: string }[]).map((s) => titleOf.get(s.id) ?? `missing ${s.id}`),
        })),
    })),
  };
}

async function importFile(m: TestMnemo, user: TestUser, bytes: Uint8Array, name: string, dryRun = false) {
  const res = await m.request("POST", `/api/import?file_name=${encodeURIComponent(name)}&dry_run=${dryRun}`, {
    as: user,
    body: new Blob([bytes as Uint8Array<ArrayBuffer>]),
    headers: { "content-type": "application/octet-stream" },
  });
  expect(res.status).toBe(202);
  const { run } = (await res.json()) as { run: ImportRun };
  return run;
}

async function allIndexed(m: TestMnemo, user: TestUser) {
  await waitUntil("every memory indexed", async () => {
    const rows = await m.ctx.database.db
      .select({ status: source.status })
      .from(source)
      .where(eq(source.ownerId, user.id));
    return rows.length > 0 && rows.every((r) => r.status === "success");
  });
}

describe.each(testDatabases())("export and import round trip (%s)", (kind) => {
  let m: TestMnemo;
  let a: TestUser;
  let b: TestUser;
  let exported: Uint8Array;

  beforeAll(async () => {
    m = await createTestMnemo(kind);
    a = await m.buildUser({ name: "Ada" });
    b = await m.buildUser({ name: "Bea" });
    const db = m.ctx.database.db;
    const t0 = Date.now() - 60_000;
    const article = await buildSource(m, a, {
      title: "Tide tables of Brest",
      url: "https://tides.example.org/brest",
      note: "High tide at 6, check before sailing",
      markdown: "# Tides\n\nBrest has two high tides a day.",
      createdAt: new Date(t0),
    });
    const page = await buildSource(m, a, {
      type: "page",
      title: "Packing list",
      markdown: "- rope\n- chart\n- lifejacket",
      createdAt: new Date(t0 + 1000),
    });
    const pdf = await buildSource(m, a, {
      type: "file",
      title: "harbour-fees.pdf",
      markdown: "Harbour fees: 32 EUR per night",
      createdAt: new Date(t0 + 2000),
    });
    const bytes = new TextEncoder().encode("%PDF-1.4 pretend pdf body");
    await m.ctx.blobs.put(`${a.id}/${pdf}`, bytes, { maxBytes: 1 << 20 });
    await db.insert(blob).values({
      key: `${a.id}/${pdf}`,
      ownerId: a.id,
      sourceId: pdf,
      name: "harbour-fees.pdf",
      mimeType: "application/pdf",
      size: bytes.length,
      state: "uploaded",
    });
    await db.update(source).set({ isPinned: true }).where(eq(source.id, page));
    const trip = await buildCollection(m, a, { name: "Sailing trip", sources: [article, page] });
    await db
      .update(collection)
      .set({ customInstructions: "Answer like a skipper." })
      .where(eq(collection.id, trip));
    await buildCollection(m, a, { name: "Empty shelf" });
    await db.insert(chat).values({
      id: crypto.randomUUID(),
      ownerId: a.id,
      title: "When to leave?",
      scope: "source",
      sourceId: article,
    });
    const [c] = await db.select().from(chat).where(eq(chat.ownerId, a.id));
    await db.insert(chatTurn).values([
      {
        id: crypto.randomUUID(),
        chatId: c!.id,
        ownerId: a.id,
        ord: 0,
        query: "When is high tide?",
        answer: "At 6 [1].",
        sources: [{ id: article, title: "Tide tables of Brest" }],
        status: "success",
      },
      {
        id: crypto.randomUUID(),
        chatId: c!.id,
        ownerId: a.id,
        ord: 1,
        query: "And the fees?",
        answer: "32 EUR [1].",
        sources: [{ id: pdf, title: "harbour-fees.pdf" }],
        status: "success",
      },
    ]);
    // Someone else's memory never leaves with A's export.
    await buildSource(m, b, { title: "Bea's own note", markdown: "private" });
  });
  afterAll(async () => {
    await m?.close();
  });

  it("exports everything A owns as one zip in the documented layout", async () => {
    const res = await m.request("GET", "/api/export", { as: a });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    exported = new Uint8Array(await res.arrayBuffer());
    const entries = unzipSync(exported);
    const manifest = JSON.parse(strFromU8(entries["manifest.json"]!)) as {
      version: number;
      counts: Record<string, number>;
    };
    expect(manifest.version).toBe(1);
    expect(manifest.counts).toEqual({ memories: 3, collections: 2, chats: 1, files: 1 });
    const md = Object.entries(entries).find(
      ([n, v]) => n.endsWith("memory.md") && strFromU8(v).includes("Tide tables"),
    )!;
    expect(strFromU8(md[1])).toMatch(/^---\nid: .+\ntype: webpage\ntitle: Tide tables of Brest\n/);
    expect(strFromU8(md[1])).toContain("Brest has two high tides a day.");
    const pdfEntry = Object.keys(entries).find((n) => n.endsWith("/files/harbour-fees.pdf"))!;
    expect(strFromU8(entries[pdfEntry]!)).toBe("%PDF-1.4 pretend pdf body");
    expect(JSON.stringify(entries)).not.toContain("Bea's own note");
  });

  it("previews then imports it into B: the wall, collections, notes and chats match", async () => {
    const preview = await waitForRun(m, b, (await importFile(m, b, exported, "mnemo-export.zip", true)).id, [
      "previewed",
      "failed",
    ]);
    expect(preview).toMatchObject({ status: "previewed", format: "mnemo", total: 3, created: 0 });
    expect(preview.planned).toEqual({ links: 1, notes: 1, files: 1, collections: 2, chats: 1 });
    expect((await snapshot(m, b)).wall.map((w) => w.title)).toEqual(["Bea's own note"]);

    // Another account can neither read nor start B's run.
    expect((await m.request("GET", `/api/import/${preview.id}`, { as: a })).status).toBe(404);
    expect((await m.request("POST", `/api/import/${preview.id}/start`, { as: a })).status).toBe(404);
    const start = await m.request("POST", `/api/import/${preview.id}/start`, { as: b });
    expect(start.status).toBe(202);
    const done = await waitForRun(m, b, preview.id, ["done", "failed"]);
    expect(done).toMatchObject({ status: "done", created: 3, duplicates: 0, failed: 0, processed: 3 });
    await allIndexed(m, b);

    const before = await snapshot(m, a);
    const after = await snapshot(m, b);
    expect(after.wall.filter((w) => w.title !== "Bea's own note")).toEqual(before.wall);
    expect(after.collections).toEqual(before.collections);
    expect(after.chats).toEqual(before.chats);
    // The wall B sees through the API lists them, pinned first, each indexed.
    const wall = await m.request("GET", "/api/sources?page_size=10", { as: b });
    const listed = (await wall.json()) as { total: number; results: { title: string }[] };
    expect(listed.total).toBe(4);
    expect(listed.results[0]!.title).toBe("Packing list");
    const hits = await m.request("POST", "/api/sources/search", {
      as: b,
      json: { search_query: "high tides" },
    });
    expect(JSON.stringify(await hits.json())).toContain("Tide tables of Brest");
  });

  it("imports the same file again as duplicates only, counted", async () => {
    const run = await waitForRun(m, b, (await importFile(m, b, exported, "again.zip")).id, [
      "done",
      "failed",
    ]);
    expect(run).toMatchObject({ status: "done", created: 0, duplicates: 3 });
    expect((await snapshot(m, b)).wall).toHaveLength(4);
  });

  it("exports one collection with only its memories", async () => {
    const [trip] = await m.ctx.database.db
      .select()
      .from(collection)
      .where(eq(collection.name, "Sailing trip"));
    const res = await m.request("GET", `/api/export?collection_id=${trip!.id}`, { as: a });
    expect(res.status).toBe(200);
    const entries = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const manifest = JSON.parse(strFromU8(entries["manifest.json"]!)) as {
      scope: string;
      counts: Record<string, number>;
    };
    expect(manifest).toMatchObject({
      scope: "collection",
      counts: { memories: 2, collections: 1, files: 0 },
    });
    expect((await m.request("GET", `/api/export?collection_id=${trip!.id}`, { as: b })).status).toBe(404);
  });
});
