import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unzipSync } from "fflate";
import { sql } from "drizzle-orm";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../test/harness.ts";
import { buildSource } from "../test/factories.ts";

/**
 * Issue 46: the export's keyset cursor kept created_at as a JS Date (milliseconds), so on
 * PostgreSQL, whose timestamps hold microseconds, the cursor sorted before its own row and the
 * newest memory was written again and again: the zip never ended. These accounts' memories have
 * created_at values with microseconds (as PostgreSQL's now() gives them).
 */

/** Reads an export, giving up (and stopping the stream) past `maxBytes`: a looping export fails, not hangs. */
async function readExport(res: Response, maxBytes = 4 << 20): Promise<Uint8Array> {
  const reader = res.body!.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const next = await reader.read();
    if (next.done) break;
    chunks.push(next.value);
    size += next.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new Error(`the export went past ${maxBytes} bytes without ending`);
    }
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

const memoryEntries = (entries: Record<string, Uint8Array>) =>
  Object.keys(entries).filter((n) => n.endsWith("/memory.md"));

describe.each(testDatabases())("export paging at the database's precision (%s)", (kind) => {
  let m: TestMnemo;
  let one: TestUser;
  let many: TestUser;
  const manyIds: string[] = [];

  beforeAll(async () => {
    m = await createTestMnemo(kind);
    one = await m.buildUser({ name: "One" });
    many = await m.buildUser({ name: "Many" });
    const db = m.ctx.database.db;
    const single = await buildSource(m, one, { title: "The only page", markdown: "Just one." });
    await db.execute(
      sql`UPDATE source SET created_at = '2026-03-01 10:00:00.123456+00' WHERE id = ${single}`,
    );
    // 250 memories (more than two pages of 100) in the same millisecond, microseconds apart.
    for (let i = 0; i < 250; i++) {
      const id = await buildSource(m, many, { title: `Note ${i}`, markdown: `Note ${i}.` });
      manyIds.push(id);
      await db.execute(
        sql`UPDATE source SET created_at = '2026-03-01 10:00:00.123'::timestamptz + make_interval(secs => ${(i % 997) / 1e6 + 1e-6})
            WHERE id = ${id}`,
      );
    }
  });
  afterAll(async () => {
    await m?.close();
  });

  it("a one-memory account's export ends, with that memory once and a manifest", async () => {
    const res = await m.request("GET", "/api/export", { as: one });
    expect(res.status).toBe(200);
    const entries = unzipSync(await readExport(res));
    expect(memoryEntries(entries)).toHaveLength(1);
    expect(entries["manifest.json"]).toBeDefined();
    const manifest = JSON.parse(new TextDecoder().decode(entries["manifest.json"])) as {
      counts: { memories: number };
    };
    expect(manifest.counts.memories).toBe(1);
  });

  it("memories microseconds apart, over several pages, are each exported exactly once", async () => {
    const res = await m.request("GET", "/api/export", { as: many });
    expect(res.status).toBe(200);
    const entries = unzipSync(await readExport(res));
    const names = memoryEntries(entries);
    expect(names).toHaveLength(manyIds.length);
    expect(new Set(names).size).toBe(manyIds.length);
    for (const id of manyIds) expect(names.some((n) => n.includes(id))).toBe(true);
  });
});
