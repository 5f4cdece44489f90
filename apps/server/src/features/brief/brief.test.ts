import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import type { BriefResponse, PassagesResponse } from "@mnemo/contracts";
import type { Actor } from "../../platform/context.ts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { buildCollection, buildSource } from "../../test/factories.ts";
import { getBrief } from "./service.ts";
import { ask } from "../answering/chat/test-helpers.ts";

const BRIDGES = [
  "# Bridges",
  "",
  "The Forth Bridge carries the railway across the Firth of Forth in Scotland.",
  "",
  "The Forth Bridge was opened on 4 March 1890 by the Prince of Wales.",
  "",
  "Painting the Forth Bridge became a saying for a task that never ends.",
].join("\n");
const TUNNELS = [
  "# Tunnels",
  "",
  "The Channel Tunnel carries the railway under the sea between England and France.",
  "",
  "The Channel Tunnel opened in 1994 after six years of digging under the sea.",
].join("\n");
const FERRIES =
  "# Ferries\n\nFerries crossed the Firth of Forth before the railway bridge was built in 1882.";

const json = async <T>(res: Response) => (await res.json()) as T;
const actorOf = (u: TestUser): Actor =>
  ({ id: u.id, email: u.email, name: u.name, isDesktopApp: false }) as Actor;

describe.each(testDatabases())("whole-collection brief on %s", (kind) => {
  let m: TestMnemo;
  let alice: TestUser;
  let bob: TestUser;
  let reader: TestUser;
  let collectionId: string;
  let bridges: string;
  let tunnels: string;
  beforeAll(async () => {
    m = await createTestMnemo(kind);
    alice = await m.buildUser({ name: "Alice" });
    bob = await m.buildUser({ name: "Bob" });
    reader = await m.buildUser({ name: "Reader" });
    bridges = await buildSource(m, alice, { type: "note", title: "Bridges", markdown: BRIDGES });
    tunnels = await buildSource(m, alice, { type: "note", title: "Tunnels", markdown: TUNNELS });
    collectionId = await buildCollection(m, alice, {
      name: "Crossings",
      shareWith: [[reader, "read"]],
      sources: [bridges, tunnels],
    });
  });
  afterAll(async () => {
    await m?.close();
  });

  const brief = async (as: TestUser, id = collectionId) => {
    const res = await m.request("GET", `/api/collection/${id}/brief`, { as });
    expect(res.status).toBe(200);
    return json<BriefResponse>(res);
  };

  it("briefs every memory: key points of each, terms, a dated timeline, each citing its passage", async () => {
    const r = await brief(alice);
    expect(r.status).toBe("ready");
    const b = r.brief!;
    expect(b).toMatchObject({ collection_id: collectionId, memories: 2, sentences: 5 });
    expect(new Set(b.points.map((p) => p.memory_id))).toEqual(new Set([bridges, tunnels]));
    for (const p of [...b.points, ...b.timeline]) {
      expect((p.memory_id === bridges ? BRIDGES : TUNNELS).includes(p.text)).toBe(true);
      expect(p.anchor.chunk_id.startsWith(`${p.memory_id}:`)).toBe(true);
      expect(p.anchor.quote).toBe(p.text);
      expect(p.memory_title).toBe(p.memory_id === bridges ? "Bridges" : "Tunnels");
    }
    expect(b.timeline.map((e) => [e.date, e.date_text, e.memory_id])).toEqual([
      ["1890-03-04", "4 March 1890", bridges],
      ["1994", "1994", tunnels],
    ]);
    expect(b.terms.map((t) => t.term)).toEqual(expect.arrayContaining(["railway"]));
    expect(b.terms.find((t) => t.term === "railway")?.memories).toBe(2);
    // First read: nothing is "new" yet.
    expect(b.new_since).toEqual({ since: null, memories: [] });
  });

  it("is kept until the collection changes, then says what was added since the user last looked", async () => {
    const first = (await brief(alice)).brief!;
    const again = (await brief(alice)).brief!;
    expect(again.computed_at).toBe(first.computed_at);
    // The memories joined two hours ago, the user's last visit was an hour ago; a memory joins after it.
    const db = m.ctx.database.db;
    await db.execute(
      sql`UPDATE collection_source SET created_at = now() - interval '2 hours' WHERE collection_id = ${collectionId}`,
    );
    await db.execute(
      sql`UPDATE brief_seen SET seen_at = now() - interval '1 hour' WHERE user_id = ${alice.id}`,
    );
    const ferries = await buildSource(m, alice, { type: "note", title: "Ferries", markdown: FERRIES });
    const add = await m.request("POST", `/api/collection/add_sources?collection_id=${collectionId}`, {
      as: alice,
      json: { documents: [ferries] },
    });
    expect(add.status).toBe(200);
    const changed = (await brief(alice)).brief!;
    expect(changed.computed_at).not.toBe(first.computed_at);
    expect(changed.memories).toBe(3);
    expect(changed.new_since.since).not.toBeNull();
    expect(changed.new_since.memories.map((x) => x.title)).toEqual(["Ferries"]);
    expect(changed.points.filter((p) => p.new).map((p) => p.memory_id)).toEqual([ferries]);
    expect(changed.timeline.map((e) => e.date)).toEqual(["1882", "1890-03-04", "1994"]);
    // Renaming a memory (or new content, or indexing that finishes) makes the kept brief stale.
    await db.execute(sql`UPDATE source SET title = 'Bridges of Scotland' WHERE id = ${bridges}`);
    const renamed = (await brief(alice)).brief!;
    expect(renamed.computed_at).not.toBe(changed.computed_at);
    expect(renamed.points.find((p) => p.memory_id === bridges)?.memory_title).toBe("Bridges of Scotland");
    await db.execute(sql`UPDATE source SET title = 'Bridges' WHERE id = ${bridges}`);
    // Read again in the same visit: still new since the visit before.
    expect((await brief(alice)).brief!.new_since.memories.map((x) => x.title)).toEqual(["Ferries"]);
  });

  it("finds every passage about a query, grouped by memory, each opening at its passage; exports them as Markdown", async () => {
    const res = await m.request("GET", `/api/collection/${collectionId}/passages?q=railway`, { as: reader });
    expect(res.status).toBe(200);
    const r = await json<PassagesResponse>(res);
    expect(r).toMatchObject({ query: "railway", truncated: false });
    expect(r.memories.map((g) => g.memory_title).sort()).toEqual(["Bridges", "Ferries", "Tunnels"]);
    expect(r.total).toBe(r.memories.reduce((n, g) => n + g.passages.length, 0));
    for (const g of r.memories)
      for (const p of g.passages) {
        expect(p.anchor.chunk_id.startsWith(`${g.memory_id}:`)).toBe(true);
        expect(p.anchor.quote.toLowerCase()).toContain("railway");
      }
    const md = await m.request("GET", `/api/collection/${collectionId}/passages/export?q=railway`, {
      as: reader,
    });
    expect(md.status).toBe(200);
    expect(md.headers.get("content-type")).toContain("text/markdown");
    const text = await md.text();
    expect(text).toContain("# railway");
    expect(text).toContain("## Bridges");
    expect(text).toContain("> The Forth Bridge carries the railway across the Firth of Forth in Scotland.");
    const link = /\[Open at this passage\]\(([^)]+)\)/.exec(text)![1];
    const url = new URL(link);
    expect(url.pathname).toBe(`/collections/${collectionId}`);
    expect(url.searchParams.get("preview")).toBeTruthy();
    expect(JSON.parse(url.searchParams.get("passage")!)).toHaveProperty("chunk_id");
  });

  it("answers 404 to another user, and the reader of a shared collection reads its brief", async () => {
    expect((await m.request("GET", `/api/collection/${collectionId}/brief`, { as: bob })).status).toBe(404);
    expect(
      (await m.request("GET", `/api/collection/${collectionId}/passages?q=railway`, { as: bob })).status,
    ).toBe(404);
    expect(
      (await m.request("GET", `/api/collection/${collectionId}/passages/export?q=railway`, { as: bob }))
        .status,
    ).toBe(404);
    expect((await m.request("GET", `/api/collection/no-such-id/brief`, { as: alice })).status).toBe(404);
    const shared = await brief(reader);
    expect(shared.brief!.memories).toBe(3);
    // Bob's everything holds none of Alice's memories.
    const own = await buildSource(m, bob, {
      type: "note",
      title: "Canals",
      markdown: "# Canals\n\nThe canal was dug in 1761 to carry coal.",
    });
    const everything = (await brief(bob, "everything")).brief!;
    expect(everything.memories).toBe(1);
    expect(everything.points.map((p) => p.memory_id)).toEqual([own]);
    const found = await json<PassagesResponse>(
      await m.request("GET", `/api/collection/everything/passages?q=railway`, { as: bob }),
    );
    expect(found.memories).toEqual([]);
  });

  it("in the collection's chat, a summary, a timeline and all mentions of something are answered from the whole collection, saying so in the thoughts", async () => {
    const summary = await ask(m, reader, {
      question: "Summarise this collection",
      collection_id: collectionId,
    });
    expect(summary.status).toBe(200);
    expect(summary.item.chainOfThoughts).toContain("Whole collection: the brief's key points");
    expect(summary.item.response).toContain("Key points across 3 memories of this collection:");
    expect(summary.item.response).toMatch(/The Channel Tunnel [^\n]+ \[\d\]/);
    expect(summary.item.response).toMatch(/Ferries crossed [^\n]+ \[\d\]/);
    const cited = summary.lines.find((l) => l.sources)?.sources?.results ?? [];
    expect(cited.map((r) => r.title).sort()).toEqual(["Bridges", "Ferries", "Tunnels"]);
    for (const r of cited) expect(r.anchor?.chunk_id.startsWith(`${r.id}:`)).toBe(true);

    const timeline = await ask(m, reader, { question: "Give me a timeline", collection_id: collectionId });
    expect(timeline.item.chainOfThoughts).toContain("Whole collection: the brief's timeline");
    const order = ["**1882** —", "**4 March 1890** —", "**1994** —"].map((d) =>
      timeline.item.response.indexOf(d),
    );
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);

    const mentions = await ask(m, reader, {
      question: "all mentions of railway",
      collection_id: collectionId,
    });
    expect(mentions.item.chainOfThoughts).toContain(
      "Whole collection: every passage about “railway” (3 passages in 3 memories)",
    );
    expect(mentions.item.response).toContain("Every passage about “railway” (3 passages in 3 memories):");

    // Any other question is answered from its best passages, as before.
    const plain = await ask(m, reader, {
      question: "When was the Forth Bridge opened?",
      collection_id: collectionId,
    });
    expect(plain.item.chainOfThoughts).not.toContain("Whole collection");
    expect(plain.item.response).toContain("1890");
  });

  it("says a failed brief for a minute, then makes it again when asked", async () => {
    const db = m.ctx.database.db;
    expect((await brief(alice)).status).toBe("ready");
    await db.execute(
      sql`UPDATE collection_brief SET status = 'failed', brief = NULL, error = 'The brief could not be made. Try again later.', updated_at = now() WHERE scope = ${`c:${collectionId}`}`,
    );
    expect(await brief(alice)).toMatchObject({
      status: "failed",
      brief: null,
      error: "The brief could not be made. Try again later.",
    });
    await db.execute(
      sql`UPDATE collection_brief SET updated_at = now() - interval '2 minutes' WHERE scope = ${`c:${collectionId}`}`,
    );
    const again = await brief(alice);
    expect(again.status).toBe("ready");
    expect(again.brief!.memories).toBe(3);
  });

  it("a large collection is briefed by a background job that reports its progress", async () => {
    const large = await buildCollection(m, alice, { name: "Large", sources: [bridges, tunnels] });
    const started = await getBrief({ ...m.ctx, briefInlineMemories: 0 }, actorOf(alice), large);
    expect(started).toMatchObject({ status: "building", progress: { done: 0, total: 2 }, brief: null });
    let r = started;
    for (let i = 0; i < 200 && r.status === "building"; i++) {
      await new Promise((ok) => setTimeout(ok, 100));
      r = await brief(alice, large);
    }
    expect(r.status).toBe("ready");
    expect(r.brief!.memories).toBe(2);
  });
});
