import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unzipSync, strFromU8 } from "fflate";
import { and, asc, eq } from "drizzle-orm";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { buildCollection, buildSource } from "../../test/factories.ts";
import { waitUntil } from "../../test/wait.ts";
import {
  blob,
  chat,
  chatTurn,
  collection,
  collectionMember,
  collectionOrgShare,
  collectionSource,
  member,
  organization,
  source,
  sourceContent,
  user,
} from "../../platform/db/schema/index.ts";
import type { ImportRun } from "@mnemo/contracts";
import { waitForRun } from "./test-helpers.ts";
import { sharingNotes } from "./sharing.ts";

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
  /** People A shared "Sailing trip" with: Cy (verified address, write), Dee (unverified, read). */
  let cy: TestUser;
  let dee: TestUser;
  const zoe = "zoe@nowhere.example.org";
  let crew: string;
  let yachtClub: string;
  let exported: Uint8Array;

  beforeAll(async () => {
    m = await createTestMnemo(kind);
    a = await m.buildUser({ name: "Ada" });
    b = await m.buildUser({ name: "Bea" });
    cy = await m.buildUser({ name: "Cy" });
    dee = await m.buildUser({ name: "Dee" });
    const db = m.ctx.database.db;
    await db.update(user).set({ emailVerified: true }).where(eq(user.id, cy.id));
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
    // A shares the trip with people (one without an account anywhere) and two organisations:
    // Crew, which B also belongs to, and Yacht club, which B does not.
    const shareWith = async (emails: string[], role: string) =>
      expect(
        (
          await m.request("POST", `/api/collection/${trip}/share`, {
            as: a,
            json: { recipient_email_ids: emails, type_of_access: role },
          })
        ).status,
      ).toBe(200);
    await shareWith([cy.email], "write");
    await shareWith([dee.email, zoe], "read");
    crew = crypto.randomUUID();
    yachtClub = crypto.randomUUID();
    await db.insert(organization).values([
      { id: crew, name: "Crew", slug: `crew-${crew.slice(0, 8)}` },
      { id: yachtClub, name: "Yacht club", slug: `yacht-${yachtClub.slice(0, 8)}` },
    ]);
    await db.insert(member).values([
      { id: crypto.randomUUID(), organizationId: crew, userId: a.id, role: "owner" },
      { id: crypto.randomUUID(), organizationId: crew, userId: b.id, role: "member" },
      { id: crypto.randomUUID(), organizationId: yachtClub, userId: a.id, role: "owner" },
    ]);
    for (const [org, role] of [
      [crew, "write"],
      [yachtClub, "read"],
    ] as const) {
      const res = await m.request("POST", "/api/org/share_collection", {
        as: a,
        json: { organization_id: org, collection_id: trip, access_type: role },
      });
      expect(res.status).toBe(200);
    }
    await db.insert(chat).values({
      id: crypto.randomUUID(),
      ownerId: a.id,
      title: "When to leave?",
      scope: "source",
      sourceId: article,
    });
    const [c] = await db.select().from(chat).where(eq(chat.ownerId, a.id));
    // The chat has a public link.
    await db
      .update(chat)
      .set({ publicToken: "public-token-of-the-chat", madePublicAt: new Date() })
      .where(eq(chat.id, c!.id));
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
    // Sharing travels with each collection: who, with which role, and whether they had claimed it.
    const cols = JSON.parse(strFromU8(entries["collections.json"]!)) as {
      name: string;
      sharing: { members: unknown[]; organizations: { name: string; role: string }[] };
    }[];
    const trip = cols.find((c) => c.name === "Sailing trip")!;
    expect(trip.sharing.members).toEqual([
      { email: cy.email, role: "write", pending: false },
      { email: dee.email, role: "read", pending: true },
      { email: zoe, role: "read", pending: true },
    ]);
    expect(trip.sharing.organizations.map((o) => [o.name, o.role])).toEqual([
      ["Crew", "write"],
      ["Yacht club", "read"],
    ]);
    expect(cols.find((c) => c.name === "Empty shelf")!.sharing).toEqual({ members: [], organizations: [] });
    const chatEntry = Object.keys(entries).find((n) => n.startsWith("chats/"))!;
    const exportedChat = JSON.parse(strFromU8(entries[chatEntry]!)) as Record<string, unknown>;
    expect(exportedChat.public).toBe(true);
    expect(JSON.stringify(exportedChat)).not.toContain("public-token-of-the-chat");
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

    // Sharing restored for what this server can restore: Cy (verified) can open B's trip at once,
    // Dee's grant waits for proof of her address, Crew (B belongs to it) holds its share.
    const db = m.ctx.database.db;
    const [trip] = await db
      .select()
      .from(collection)
      .where(and(eq(collection.ownerId, b.id), eq(collection.name, "Sailing trip")));
    const grants = await db
      .select()
      .from(collectionMember)
      .where(eq(collectionMember.collectionId, trip!.id));
    expect(
      grants
        .map((g) => ({ email: g.email, role: g.role, bound: g.userId }))
        .sort((x, y) => (x.email < y.email ? -1 : 1)),
    ).toEqual(
      [
        { email: cy.email, role: "write", bound: cy.id },
        { email: dee.email, role: "read", bound: null },
      ].sort((x, y) => (x.email < y.email ? -1 : 1)),
    );
    const opened = await m.request("GET", `/api/collection/${trip!.id}`, { as: cy });
    expect(opened.status).toBe(200);
    expect((await m.request("GET", `/api/collection/${trip!.id}`, { as: dee })).status).toBe(404);
    const orgShares = await db
      .select()
      .from(collectionOrgShare)
      .where(eq(collectionOrgShare.collectionId, trip!.id));
    expect(orgShares.map((o) => [o.organizationId, o.role])).toEqual([[crew, "write"]]);
    // What could not be restored is listed per item, and nothing counts as failed.
    expect(done.errors).toEqual([
      { item: `Sailing trip: ${zoe}`, message: sharingNotes.noAccount },
      { item: `Sailing trip: ${dee.email}`, message: sharingNotes.unverified },
      { item: "Sailing trip: organisation Yacht club", message: sharingNotes.notMember },
      { item: 'Chat "When to leave?"', message: sharingNotes.publicChat },
    ]);
    const [importedChat] = await db.select().from(chat).where(eq(chat.ownerId, b.id));
    expect(importedChat!.publicToken).toBeNull();
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
      .where(and(eq(collection.ownerId, a.id), eq(collection.name, "Sailing trip")));
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
    const [shared] = JSON.parse(strFromU8(entries["collections.json"]!)) as { sharing?: unknown }[];
    expect(shared!.sharing).toMatchObject({ members: [{}, {}, {}], organizations: [{}, {}] });
    // A member who does not administer the collection exports its memories, not who it is shared with.
    const asCy = await m.request("GET", `/api/export?collection_id=${trip!.id}`, { as: cy });
    expect(asCy.status).toBe(200);
    const cyEntries = unzipSync(new Uint8Array(await asCy.arrayBuffer()));
    const [seen] = JSON.parse(strFromU8(cyEntries["collections.json"]!)) as Record<string, unknown>[];
    expect(seen).not.toHaveProperty("sharing");
    expect(strFromU8(cyEntries["collections.json"]!)).not.toContain(zoe);
    // Dee has not proven her address yet: her grant does not reach her account (B reads it through Crew).
    expect((await m.request("GET", `/api/export?collection_id=${trip!.id}`, { as: dee })).status).toBe(404);
  });
});
