import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { chunk, source, sourceContent } from "../../platform/db/schema/index.ts";
import { createTestMnemo, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { stopExtractionProcesses } from "../../platform/sandbox/runner.ts";
import { upsertContent } from "../sources/rows.ts";
import { indexSourceContent } from "./indexer.ts";

/** Sections of distinct text, `chars` characters or a little more. */
function sections(word: string, chars: number): string {
  const parts: string[] = [];
  for (let n = 0, i = 0; n < chars; i++) {
    const p = `## Part ${i}\n\nThe ${word} ledger line ${i} lists crate ${i * 7} for harbour ${i % 97}.\n\n`;
    parts.push(p);
    n += p.length;
  }
  return parts.join("");
}

/**
 * A large memory is chunked in the sandboxed process, outside the indexing transaction (issue 12):
 * what it writes must still be the memory's current content.
 */
describe("indexing a large memory", () => {
  let m: TestMnemo;
  let alice: TestUser;
  beforeAll(async () => {
    m = await createTestMnemo("pglite");
    alice = await m.buildUser();
  });
  afterAll(async () => {
    await m?.close();
    stopExtractionProcesses();
  });

  it("indexes every section of a memory too large to chunk inline", async () => {
    const db = m.ctx.database.db;
    const id = crypto.randomUUID();
    const markdown = sections("walrus", 300_000) + "\n\nThe final section names the ship Albatross.";
    await db
      .insert(source)
      .values({ id, ownerId: alice.id, type: "file", title: "Ledger", status: "success" });
    await db.insert(sourceContent).values({ sourceId: id, ownerId: alice.id, markdown });
    const n = await indexSourceContent(db, id);
    const rows = await db.select().from(chunk).where(eq(chunk.sourceId, id)).orderBy(asc(chunk.ord));
    expect(rows.length).toBe(n);
    expect(n).toBeGreaterThan(100);
    expect(rows[0].text).toContain("walrus ledger line 0");
    expect(rows.at(-1)!.text).toContain("Albatross");
    expect(rows.every((r) => r.language === "en")).toBe(true);
  }, 60_000);

  it("writes the content as it is when the write happens, not as it was when preparing began", async () => {
    const db = m.ctx.database.db;
    const id = crypto.randomUUID();
    await db
      .insert(source)
      .values({ id, ownerId: alice.id, type: "file", title: "Ledger", status: "success" });
    await db
      .insert(sourceContent)
      .values({ sourceId: id, ownerId: alice.id, markdown: sections("walrus", 300_000) });
    const indexing = indexSourceContent(db, id);
    // Written while the first version is being prepared in the sandbox (a process round trip).
    await upsertContent(db, { sourceId: id, ownerId: alice.id, markdown: sections("penguin", 300_000) });
    await indexing;
    const rows = await db.select({ text: chunk.text }).from(chunk).where(eq(chunk.sourceId, id));
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.some((r) => r.text.includes("walrus"))).toBe(false);
    expect(rows.every((r) => r.text.includes("penguin") || !r.text.includes("ledger"))).toBe(true);
  }, 60_000);
});
