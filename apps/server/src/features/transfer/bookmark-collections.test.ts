import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { strToU8 } from "fflate";
import { eq } from "drizzle-orm";
import { collectionMessages, type ImportRun } from "@mnemo/contracts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { buildCollection } from "../../test/factories.ts";
import { collection, collectionSource, source } from "../../platform/db/schema/index.ts";
import { waitForRun } from "./test-helpers.ts";

/**
 * Issue 41, "Bookmark import misfiles": a folder becomes a collection only when one of its links
 * is imported; a folder that cannot become one (the plan's collection count) is reported on each
 * of its items, which still reach the wall; the preview counts what the import then does.
 */

/** A bookmarks file: folder name (or null, the root) → [title, url] links. */
function bookmarks(folders: [string | null, [string, string][]][]): Uint8Array {
  const out = ["<!DOCTYPE NETSCAPE-Bookmark-file-1>", "<H1>Bookmarks</H1>", "<DL><p>"];
  for (const [name, links] of folders) {
    if (name) out.push(`<DT><H3>${name}</H3>`, "<DL><p>");
    for (const [title, url] of links) out.push(`<DT><A HREF="${url}" ADD_DATE="1700000000">${title}</A>`);
    if (name) out.push("</DL><p>");
  }
  out.push("</DL><p>");
  return strToU8(out.join("\n"));
}

const rust: [string, string] = ["Rust ownership", "https://blog.example.org/rust-ownership"];
const attention: [string, string] = ["Attention is all you need", "https://papers.example.net/attention"];
const espresso: [string, string] = ["Espresso guide", "https://coffee.example.com/espresso"];
const pourOver: [string, string] = ["Pour-over ratios", "https://coffee.example.com/pour-over"];

const limitNote = (item: string, name: string) => ({
  item,
  message: collectionMessages.importedWithoutCollection({
    name,
    reason: collectionMessages.collectionLimitReached({ plan: "Free", n: 3 }),
  }),
  note: true,
});

describe.each(testDatabases())("bookmark import and collections (%s)", (kind) => {
  let m: TestMnemo;

  beforeAll(async () => {
    m = await createTestMnemo(kind);
  });
  afterAll(async () => {
    await m?.close();
  });

  async function start(user: TestUser, bytes: Uint8Array, name: string, dryRun: boolean) {
    const res = await m.request(
      "POST",
      `/api/import?file_name=${encodeURIComponent(name)}&dry_run=${dryRun}`,
      {
        as: user,
        body: new Blob([bytes as Uint8Array<ArrayBuffer>]),
      },
    );
    expect(res.status).toBe(202);
    const { run } = (await res.json()) as { run: ImportRun };
    return waitForRun(m, user, run.id, dryRun ? ["previewed", "failed"] : ["done", "failed"]);
  }
  const importNow = (user: TestUser, bytes: Uint8Array, name: string) => start(user, bytes, name, false);
  const preview = (user: TestUser, bytes: Uint8Array, name: string) => start(user, bytes, name, true);
  async function confirm(user: TestUser, run: ImportRun) {
    expect((await m.request("POST", `/api/import/${run.id}/start`, { as: user })).status).toBe(202);
    return waitForRun(m, user, run.id, ["done", "failed"]);
  }

  /** The user's collections by name, each with the titles of its memories. */
  async function collections(user: TestUser) {
    const db = m.ctx.database.db;
    const cols = await db.select().from(collection).where(eq(collection.ownerId, user.id));
    const rows = await db
      .select({ c: collectionSource.collectionId, title: source.title })
      .from(collectionSource)
      .innerJoin(source, eq(source.id, collectionSource.sourceId))
      .where(eq(source.ownerId, user.id));
    return Object.fromEntries(
      cols.map((c) => [
        c.name,
        rows
          .filter((r) => r.c === c.id)
          .map((r) => r.title)
          .sort(),
      ]),
    );
  }
  async function wallTitles(user: TestUser) {
    const rows = await m.ctx.database.db
      .select({ title: source.title })
      .from(source)
      .where(eq(source.ownerId, user.id));
    return rows.map((r) => r.title).sort();
  }

  it("a file whose links are all saved already creates no collection and keeps the slot for the next folder", async () => {
    const user = await m.buildUser();
    // Two of the Free plan's three collections are taken: one slot is left.
    await buildCollection(m, user, { name: "Work" });
    await buildCollection(m, user, { name: "Travel" });
    expect(await importNow(user, bookmarks([[null, [rust, attention]]]), "saved.html")).toMatchObject({
      status: "done",
      created: 2,
    });

    const again = bookmarks([["Reading", [rust, attention]]]);
    const seen = await preview(user, again, "reading.html");
    expect(seen).toMatchObject({
      status: "previewed",
      duplicates: 2,
      failed: 0,
      planned: { links: 0, notes: 0, files: 0, collections: 0, chats: 0 },
    });
    const done = await confirm(user, seen);
    expect(done).toMatchObject({
      status: "done",
      created: 0,
      duplicates: 2,
      failed: 0,
      planned: seen.planned,
      errors: [],
    });
    expect(await collections(user)).toEqual({ Work: [], Travel: [] });

    // The slot is still free: the next import's folder becomes the third collection.
    const coffee = await importNow(user, bookmarks([["Coffee", [espresso, pourOver]]]), "coffee.html");
    expect(coffee).toMatchObject({ status: "done", created: 2, failed: 0, errors: [] });
    expect(await collections(user)).toEqual({
      Work: [],
      Travel: [],
      Coffee: ["Espresso guide", "Pour-over ratios"],
    });
  });

  it("at the Free plan's collection count, each item of a new folder says why and still reaches the wall", async () => {
    const user = await m.buildUser();
    for (const name of ["Work", "Travel", "Reading"]) await buildCollection(m, user, { name });
    const file = bookmarks([
      ["Coffee", [espresso, pourOver]],
      // An existing collection (by name, any case) still takes its links.
      ["reading", [rust]],
    ]);
    const done = await importNow(user, file, "coffee.html");
    expect(done).toMatchObject({
      status: "done",
      created: 3,
      duplicates: 0,
      failed: 0,
      planned: { links: 3, collections: 0 },
    });
    expect(done.errors).toEqual([
      limitNote("Espresso guide", "Coffee"),
      limitNote("Pour-over ratios", "Coffee"),
    ]);
    expect(await wallTitles(user)).toEqual(["Espresso guide", "Pour-over ratios", "Rust ownership"]);
    expect(await collections(user)).toEqual({ Work: [], Travel: [], Reading: ["Rust ownership"] });
  });

  it("the preview's counts and per-item reasons are the result's", async () => {
    const user = await m.buildUser();
    await buildCollection(m, user, { name: "Work" });
    await buildCollection(m, user, { name: "Travel" });
    await importNow(user, bookmarks([[null, [rust]]]), "saved.html");
    const file = bookmarks([
      // Saved already: skipped, and its folder is not created.
      ["Reading", [rust]],
      // New: takes the last free slot.
      ["Coffee", [espresso, pourOver, espresso]],
      // No slot left: imported without its collection.
      ["Papers", [attention]],
      // Not a page Mnemo saves (a direct file link): fails.
      [null, [["Report", "https://files.example.com/report.pdf"]]],
    ]);
    const seen = await preview(user, file, "mixed.html");
    expect(seen).toMatchObject({
      status: "previewed",
      total: 6,
      duplicates: 2,
      failed: 1,
      planned: { links: 3, notes: 0, files: 0, collections: 1, chats: 0 },
    });
    expect(seen.errors.filter((e) => e.note)).toEqual([limitNote("Attention is all you need", "Papers")]);
    expect(seen.errors.filter((e) => !e.note).map((e) => e.item)).toEqual(["Report"]);
    expect(await collections(user)).toEqual({ Work: [], Travel: [] });

    const done = await confirm(user, seen);
    expect(done).toMatchObject({
      status: "done",
      created: 3,
      duplicates: seen.duplicates,
      failed: seen.failed,
      planned: seen.planned,
      errors: seen.errors,
    });
    expect(await collections(user)).toEqual({
      Work: [],
      Travel: [],
      Coffee: ["Espresso guide", "Pour-over ratios"],
    });
    expect(await wallTitles(user)).toEqual([
      "Attention is all you need",
      "Espresso guide",
      "Pour-over ratios",
      "Rust ownership",
    ]);
  });
});
