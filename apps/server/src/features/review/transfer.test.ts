import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { strFromU8, unzipSync } from "fflate";
import { eq } from "drizzle-orm";
import type {
  GradeReviewResponse,
  ImportRun,
  MakeReviewCardsResponse,
  ReviewCardList,
} from "@mnemo/contracts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { buildSource } from "../../test/factories.ts";
import { waitUntil } from "../../test/wait.ts";
import { chunk, source } from "../../platform/db/schema/index.ts";
import { waitForRun } from "../transfer/test-helpers.ts";
import type { ExportedReviewCard } from "./transfer.ts";

const NOTE = [
  "# Lighthouses",
  "",
  "The Eddystone Lighthouse was first lit in 1698 on rocks south of Plymouth.",
  "",
  "The tower of Ar-Men stands 37 metres above the sea.",
].join("\n");

describe.each(testDatabases())("review cards in the export zip (%s)", (kind) => {
  let m: TestMnemo;
  let a: TestUser;
  let b: TestUser;
  beforeAll(async () => {
    m = await createTestMnemo(kind);
    a = await m.buildUser({ name: "Ada" });
    b = await m.buildUser({ name: "Bea" });
  });
  afterAll(async () => {
    await m?.close();
  });

  const cardsOf = async (u: TestUser) =>
    ((await (await m.request("GET", "/api/review/cards", { as: u })).json()) as ReviewCardList).cards;

  async function importZip(u: TestUser, bytes: Uint8Array) {
    const res = await m.request("POST", "/api/import?file_name=export.zip", {
      as: u,
      body: new Blob([bytes as Uint8Array<ArrayBuffer>]),
      headers: { "content-type": "application/octet-stream" },
    });
    expect(res.status).toBe(202);
    const { run } = (await res.json()) as { run: ImportRun };
    return waitForRun(m, u, run.id, ["done", "failed"]);
  }

  it("exports the user's cards with their schedules, and an import keeps them, citing the new memory", async () => {
    const id = await buildSource(m, a, { type: "note", title: "Lighthouses", markdown: NOTE });
    const made = (await (
      await m.request("POST", "/api/review/cards/make", { as: a, json: { memory_id: id } })
    ).json()) as MakeReviewCardsResponse;
    expect(made.made).toBe(2);
    const graded = (await (
      await m.request("POST", "/api/review/grade", {
        as: a,
        json: { card_id: made.cards[0].id, grade: "good" },
      })
    ).json()) as GradeReviewResponse;
    await m.request("PATCH", `/api/review/cards/${made.cards[1].id}`, { as: a, json: { suspended: true } });

    const res = await m.request("GET", "/api/export", { as: a });
    expect(res.status).toBe(200);
    const zip = new Uint8Array(await res.arrayBuffer());
    const entries = unzipSync(zip);
    const exported = JSON.parse(strFromU8(entries["review/cards.json"])) as ExportedReviewCard[];
    expect(exported.map((c) => [c.memory_id, c.front, c.back, c.suspended])).toEqual([
      [id, made.cards[0].front, "1698", false],
      [id, made.cards[1].front, "37", true],
    ]);
    expect(exported[0].schedule).toMatchObject({ due: graded.card.due, reps: 1, state: graded.card.state });
    expect(JSON.parse(strFromU8(entries["manifest.json"])).counts.review_cards).toBe(2);

    const run = await importZip(b, zip);
    expect(run.status).toBe("done");
    const [copy] = await m.ctx.database.db
      .select({ id: source.id })
      .from(source)
      .where(eq(source.ownerId, b.id));
    await waitUntil("the imported memory indexed", async () => {
      const [row] = await m.ctx.database.db
        .select({ s: source.status })
        .from(source)
        .where(eq(source.id, copy.id));
      return row?.s === "success";
    });
    const theirs = await cardsOf(b);
    expect(theirs.map((c) => [c.memory_id, c.front, c.back, c.suspended, c.due, c.reps, c.state])).toEqual([
      [copy.id, made.cards[0].front, "1698", false, graded.card.due, 1, graded.card.state],
      [copy.id, made.cards[1].front, "37", true, made.cards[1].due, 0, 0],
    ]);
    // The anchor names the new memory's chunk, which its indexing made.
    const chunks = await m.ctx.database.db
      .select({ id: chunk.id })
      .from(chunk)
      .where(eq(chunk.sourceId, copy.id));
    expect(chunks.map((c) => c.id)).toContain(theirs[0].anchor.chunk_id);
    expect(theirs[0].anchor.quote).toBe(made.cards[0].anchor.quote);

    // Making cards again from the imported memory adds none; importing the export again neither.
    const again = (await (
      await m.request("POST", "/api/review/cards/make", { as: b, json: { memory_id: copy.id } })
    ).json()) as MakeReviewCardsResponse;
    expect(again).toMatchObject({ made: 0, existing: 2 });
    expect((await importZip(b, zip)).status).toBe("done");
    expect(await cardsOf(b)).toHaveLength(2);
  });
});
