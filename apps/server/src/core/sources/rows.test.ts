import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { source, sourceContent, user } from "../../platform/db/schema/index.ts";
import { openTestDatabase, testDatabases } from "../../test/harness.ts";
import type { Database } from "../../platform/db/client.ts";
import { CONTENT_SLICE_CHARS, upsertContent } from "./rows.ts";

describe.each(testDatabases())("a memory's content written in slices (%s)", (kind) => {
  let database: Database;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ database, cleanup } = await openTestDatabase(kind));
    await database.db.insert(user).values({ id: "u1", name: "U", email: "u1@example.invalid" });
    await database.db.insert(source).values({ id: "s1", ownerId: "u1", type: "file", title: "Ledger" });
  });
  afterAll(() => cleanup?.());

  const read = async () =>
    (await database.db.select().from(sourceContent).where(eq(sourceContent.sourceId, "s1")))[0];

  it("stores a text several slices long whole, characters outside the BMP included, and replaces it", async () => {
    const line = (i: number) => `Ledger line ${i}: crate ${i * 7} 😀 港 ünd أهلا.\n`;
    let markdown = "";
    for (let i = 0; markdown.length < CONTENT_SLICE_CHARS * 2.5; i++) markdown += line(i);
    const text = markdown.replace(/😀/g, "");
    await database.db.transaction((tx) =>
      upsertContent(tx, { sourceId: "s1", ownerId: "u1", markdown, text, csv: "a,b" }),
    );
    let row = await read();
    expect(row.markdown!.length).toBe(markdown.length);
    expect(row.markdown).toBe(markdown);
    expect(row.text).toBe(text);
    expect(row.csv).toBe("a,b");
    expect(row.markdown).not.toContain("\uFFFD");

    // A new version replaces the old one whole, short or long.
    await database.db.transaction((tx) =>
      upsertContent(tx, { sourceId: "s1", ownerId: "u1", markdown: "short" }),
    );
    row = await read();
    expect(row.markdown).toBe("short");
    const longer = markdown + markdown;
    await database.db.transaction((tx) =>
      upsertContent(tx, { sourceId: "s1", ownerId: "u1", markdown: longer }),
    );
    expect((await read()).markdown).toBe(longer);
  });

  it("never shows a reader part of a version, even when called outside a transaction", async () => {
    const before = (await read()).markdown!;
    const next = "y".repeat(CONTENT_SLICE_CHARS * 4);
    let done = false;
    const writing = upsertContent(database.db, { sourceId: "s1", ownerId: "u1", markdown: next }).finally(
      () => (done = true),
    );
    const seen = new Set<number>();
    while (!done) seen.add((await read()).markdown!.length);
    await writing;
    expect([...seen].every((n) => n === before.length || n === next.length)).toBe(true);
    expect((await read()).markdown).toBe(next);
  });

  it("writes nothing of a new version when its transaction fails part-way", async () => {
    const before = (await read()).markdown;
    const next = "x".repeat(CONTENT_SLICE_CHARS * 3);
    await expect(
      database.db.transaction(async (tx) => {
        await upsertContent(tx, { sourceId: "s1", ownerId: "u1", markdown: next });
        throw new Error("stopped");
      }),
    ).rejects.toThrow("stopped");
    expect((await read()).markdown).toBe(before);
  });
});
