import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Papa from "papaparse";
import type {
  GradeReviewResponse,
  MakeReviewCardsResponse,
  ReviewCard,
  ReviewCardList,
  ReviewDue,
} from "@mnemo/contracts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { buildCollection, buildSource } from "../../test/factories.ts";

const NOTE = [
  "# Lighthouses",
  "",
  "The Eddystone Lighthouse was first lit in 1698 on rocks south of Plymouth.",
  "",
  "A lighthouse keeper is a person who tends the light and its lamp at night.",
  "",
  "The tower of Ar-Men stands 37 metres above the sea.",
  "",
  "the sea is calm today and nobody knows why it is so quiet.",
].join("\n");

const json = async <T>(res: Response) => (await res.json()) as T;

describe.each(testDatabases())("review cards on %s", (kind) => {
  let m: TestMnemo;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    m = await createTestMnemo(kind);
    alice = await m.buildUser({ name: "Alice" });
    bob = await m.buildUser({ name: "Bob" });
  });
  afterAll(async () => {
    await m?.close();
  });

  const make = (as: TestUser, body: Record<string, unknown>) =>
    m.request("POST", "/api/review/cards/make", { as, json: body });
  const due = async (as: TestUser) => json<ReviewDue>(await m.request("GET", "/api/review/due", { as }));
  const list = async (as: TestUser, query = "") =>
    (await json<ReviewCardList>(await m.request("GET", `/api/review/cards${query}`, { as }))).cards;

  it("makes a cloze card from each sentence stating a date, a number or a definition, citing its passage; making again adds none", async () => {
    const id = await buildSource(m, alice, { type: "note", title: "Lighthouses", markdown: NOTE });
    const res = await make(alice, { memory_id: id });
    expect(res.status).toBe(200);
    const body = await json<MakeReviewCardsResponse>(res);
    expect(body).toMatchObject({ made: 3, existing: 0, reason: null });
    expect(body.cards.map((c) => [c.kind, c.front, c.back])).toEqual([
      ["date", "The Eddystone Lighthouse was first lit in _____ on rocks south of Plymouth.", "1698"],
      ["definition", "_____ is a person who tends the light and its lamp at night.", "A lighthouse keeper"],
      ["number", "The tower of Ar-Men stands _____ metres above the sea.", "37"],
    ]);
    for (const c of body.cards) {
      expect(c).toMatchObject({ memory_id: id, memory_title: "Lighthouses", language: "en", state: 0 });
      // The same anchor as an answer chip: the memory's chunk, and the sentence as the quote.
      expect(c.anchor.chunk_id.startsWith(`${id}:`)).toBe(true);
      expect(c.anchor.quote).toBe(c.sentence);
      expect(NOTE).toContain(c.sentence);
    }

    const again = await json<MakeReviewCardsResponse>(await make(alice, { memory_id: id }));
    expect(again).toMatchObject({ made: 0, existing: 3, reason: "already_made" });
    expect(await list(alice, `?memory_id=${id}`)).toHaveLength(3);
  });

  it("makes cards only from the sentences of a selection, and says why none could be made", async () => {
    const id = await buildSource(m, alice, { type: "note", title: "Selection", markdown: NOTE });
    const sel = await json<MakeReviewCardsResponse>(
      await make(alice, { memory_id: id, selection: "The tower of Ar-Men stands 37 metres above the sea." }),
    );
    expect(sel.cards.map((c) => c.back)).toEqual(["37"]);
    const part = await json<MakeReviewCardsResponse>(
      await make(alice, { memory_id: id, selection: "first lit in 1698" }),
    );
    expect(part.cards.map((c) => c.back)).toEqual(["1698"]);

    const plain = await buildSource(m, alice, {
      type: "note",
      title: "Plain",
      markdown: "the sea is calm today and nobody knows why it is so quiet.",
    });
    expect(await json<MakeReviewCardsResponse>(await make(alice, { memory_id: plain }))).toMatchObject({
      made: 0,
      reason: "no_sentences",
    });
    const bad = await make(alice, {});
    expect(bad.status).toBe(400);
  });

  it("reviews due cards under FSRS: a graded card leaves the due list, its schedule advanced", async () => {
    const u = await m.buildUser();
    const id = await buildSource(m, u, { type: "note", title: "Lighthouses", markdown: NOTE });
    await make(u, { memory_id: id });
    const before = await due(u);
    expect(before).toMatchObject({ due_count: 3, total: 3, next_due_at: null });
    const first = before.cards[0];

    const graded = await m.request("POST", "/api/review/grade", {
      as: u,
      json: { card_id: first.id, grade: "good" },
    });
    expect(graded.status).toBe(200);
    const g = await json<GradeReviewResponse>(graded);
    expect(g.due_count).toBe(2);
    expect(g.card.reps).toBe(1);
    expect(g.card.state).toBe(1);
    expect(Date.parse(g.card.due)).toBeGreaterThan(Date.now());
    expect(g.card.last_review).not.toBeNull();

    const after = await due(u);
    expect(after.due_count).toBe(2);
    expect(after.cards.map((c) => c.id)).not.toContain(first.id);
    expect(after.next_due_at).toBe(g.card.due);

    const easy = await json<GradeReviewResponse>(
      await m.request("POST", "/api/review/grade", {
        as: u,
        json: { card_id: after.cards[0].id, grade: "easy" },
      }),
    );
    // Easy schedules further than Good.
    expect(Date.parse(easy.card.due)).toBeGreaterThan(Date.parse(g.card.due));
    expect(
      (await m.request("POST", "/api/review/grade", { as: u, json: { card_id: first.id, grade: "fine" } }))
        .status,
    ).toBe(400);
  });

  it("edits, suspends and deletes a card; a suspended card is not due", async () => {
    const u = await m.buildUser();
    const id = await buildSource(m, u, { type: "note", title: "Lighthouses", markdown: NOTE });
    const { cards } = await json<MakeReviewCardsResponse>(await make(u, { memory_id: id }));
    const [a, b] = cards;
    const edited = await m.request("PATCH", `/api/review/cards/${a.id}`, {
      as: u,
      json: { front: "When was the Eddystone Lighthouse first lit?", back: "In 1698" },
    });
    expect(edited.status).toBe(200);
    expect(await json<ReviewCard>(edited)).toMatchObject({
      front: "When was the Eddystone Lighthouse first lit?",
      back: "In 1698",
      sentence: a.sentence,
    });
    const suspended = await json<ReviewCard>(
      await m.request("PATCH", `/api/review/cards/${b.id}`, { as: u, json: { suspended: true } }),
    );
    expect(suspended.suspended).toBe(true);
    expect((await due(u)).cards.map((c) => c.id)).not.toContain(b.id);
    expect((await due(u)).due_count).toBe(2);
    expect((await m.request("PATCH", `/api/review/cards/${b.id}`, { as: u, json: {} })).status).toBe(400);

    expect((await m.request("DELETE", `/api/review/cards/${a.id}`, { as: u })).status).toBe(200);
    expect((await list(u)).map((c) => c.id)).toEqual([b.id, cards[2].id]);
    expect((await m.request("DELETE", `/api/review/cards/${a.id}`, { as: u })).status).toBe(404);
  });

  it("gives another user 404 for someone's memory and cards, and changes nothing", async () => {
    const id = await buildSource(m, alice, { type: "note", title: "Private lighthouse", markdown: NOTE });
    const { cards } = await json<MakeReviewCardsResponse>(await make(alice, { memory_id: id }));
    const card = cards[0];
    expect((await make(bob, { memory_id: id })).status).toBe(404);
    expect((await m.request("GET", `/api/review/cards?memory_id=${id}`, { as: bob })).status).toBe(404);
    const calls: [string, string, unknown?][] = [
      ["POST", "/api/review/grade", { card_id: card.id, grade: "good" }],
      ["PATCH", `/api/review/cards/${card.id}`, { front: "Hijacked" }],
      ["DELETE", `/api/review/cards/${card.id}`],
    ];
    for (const [method, url, body] of calls) {
      const res = await m.request(method, url, { as: bob, json: body });
      expect(res.status, `${method} ${url}`).toBe(404);
      expect(await res.text()).not.toContain("Private lighthouse");
    }
    expect((await list(bob)).map((c) => c.memory_title)).not.toContain("Private lighthouse");
    const [still] = (await list(alice, `?memory_id=${id}`)).filter((c) => c.id === card.id);
    expect(still).toMatchObject({ front: card.front, reps: 0 });
    const csv = await (await m.request("GET", "/api/review/export.csv", { as: bob })).text();
    expect(csv).not.toContain("Eddystone");
  });

  it("a shared collection's memories give each reader cards of their own, reviewed separately; revoking hides them", async () => {
    const owner = await m.buildUser();
    const reader = await m.buildUser();
    const id = await buildSource(m, owner, { type: "note", title: "Shared lighthouses", markdown: NOTE });
    const collectionId = await buildCollection(m, owner, { shareWith: [[reader, "read"]], sources: [id] });
    const mine = await json<MakeReviewCardsResponse>(await make(owner, { collection_id: collectionId }));
    expect(mine.made).toBe(3);
    const theirs = await json<MakeReviewCardsResponse>(await make(reader, { collection_id: collectionId }));
    expect(theirs).toMatchObject({ made: 3, existing: 0 });
    expect(theirs.cards.map((c) => c.id)).not.toEqual(expect.arrayContaining([mine.cards[0].id]));
    expect((await list(reader, `?collection_id=${collectionId}`)).map((c) => c.id).sort()).toEqual(
      theirs.cards.map((c) => c.id).sort(),
    );

    await m.request("POST", "/api/review/grade", {
      as: reader,
      json: { card_id: theirs.cards[0].id, grade: "good" },
    });
    expect((await due(reader)).due_count).toBe(2);
    expect((await due(owner)).due_count).toBe(3);
    // Someone else's card of the same memory is not the reader's.
    expect(
      (
        await m.request("POST", "/api/review/grade", {
          as: reader,
          json: { card_id: mine.cards[0].id, grade: "good" },
        })
      ).status,
    ).toBe(404);

    const rev = await m.request("DELETE", `/api/collection/${collectionId}/revoke_access`, {
      as: owner,
      json: { recipient_email_id: reader.email },
    });
    expect(rev.status).toBe(200);
    expect(await list(reader)).toEqual([]);
    expect((await due(reader)).due_count).toBe(0);
    expect((await make(reader, { collection_id: collectionId })).status).toBe(404);
    expect(
      (
        await m.request("POST", "/api/review/grade", {
          as: reader,
          json: { card_id: theirs.cards[1].id, grade: "good" },
        })
      ).status,
    ).toBe(404);
  });

  it("exports an Anki CSV deck with each card's source link, and cards go with their memory", async () => {
    const u = await m.buildUser();
    const id = await buildSource(m, u, { type: "note", title: "Lighthouses, Brittany", markdown: NOTE });
    const { cards } = await json<MakeReviewCardsResponse>(await make(u, { memory_id: id }));
    const res = await m.request("GET", "/api/review/export.csv", { as: u });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(
      /attachment; filename="mnemo-review-cards-.*\.csv"/,
    );
    const text = await res.text();
    const lines = text.split("\n");
    expect(lines.slice(0, 4)).toEqual([
      "#separator:Comma",
      "#html:true",
      "#columns:Front,Back,Source,Tags",
      "#tags column:4",
    ]);
    const rows = Papa.parse<string[]>(lines.slice(4).join("\n"), { skipEmptyLines: true }).data;
    expect(rows.map((r) => [r[0], r[1], r[3]])).toEqual(
      cards.map((c) => [c.front, c.back, `mnemo mnemo::${c.kind}`]),
    );
    const href = /href="([^"]+)"/.exec(rows[0][2])![1].replace(/&amp;/g, "&");
    const link = new URL(href);
    expect(link.searchParams.get("preview")).toBe(id);
    expect(JSON.parse(link.searchParams.get("passage")!)).toEqual(cards[0].anchor);
    expect(rows[0][2]).toContain(">Lighthouses, Brittany</a>");

    expect((await m.request("DELETE", "/api/sources", { as: u, json: { source_ids: [id] } })).status).toBe(
      200,
    );
    expect(await list(u)).toEqual([]);
  });
});
