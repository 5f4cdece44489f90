import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { strToU8, zipSync } from "fflate";
import { eq } from "drizzle-orm";
import { importMessages, type ImportRun } from "@mnemo/contracts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { collection, source } from "../../platform/db/schema/index.ts";
import { waitForRun } from "./test-helpers.ts";

/**
 * A NUL character in one zip entry's name (issue 46): the database refuses NUL in text, so it
 * once failed the whole import after retries with nothing imported. The name is cleaned, the
 * entry reported, and the rest of the file imported.
 */
describe.each(testDatabases())("an import with NUL in an entry name (%s)", (kind) => {
  let m: TestMnemo;
  let user: TestUser;

  beforeAll(async () => {
    m = await createTestMnemo(kind);
    user = await m.buildUser();
  });
  afterAll(async () => {
    await m?.close();
  });

  async function importZip(bytes: Uint8Array, dryRun = false) {
    const res = await m.request(
      "POST",
      `/api/import?file_name=vault.zip&format=auto${dryRun ? "&dry_run=true" : ""}`,
      { as: user, body: new Blob([bytes as Uint8Array<ArrayBuffer>]) },
    );
    expect(res.status).toBe(202);
    const { run } = (await res.json()) as { run: ImportRun };
    return waitForRun(m, user, run.id, ["done", "failed", "previewed"]);
  }

  const vault = () =>
    zipSync({
      "Tide\u0000 tables.md": strToU8("High water at 06:12 on the spring tide."),
      "Harbour\u0000/Rock pools.md": strToU8("Anemones close when the tide goes out."),
      "Kelp forests.md": strToU8("Kelp grows up to half a metre a day."),
    });

  it("previews every entry, the NUL-named ones reported", async () => {
    const run = await importZip(vault(), true);
    expect(run.status).toBe("previewed");
    expect(run.sample.map((s) => s.title).sort()).toEqual(["Kelp forests", "Rock pools", "Tide tables"]);
    expect(JSON.stringify(run)).not.toContain("\\u0000");
  });

  it("imports the whole file with the NUL removed from names, and says which entries had one", async () => {
    const run = await importZip(vault());
    expect(run).toMatchObject({ status: "done", created: 3, failed: 0, message: null });
    expect(run.errors).toEqual(
      expect.arrayContaining([
        { item: "Tide tables.md", message: importMessages.nulInName, note: true },
        { item: "Harbour/Rock pools.md", message: importMessages.nulInName, note: true },
      ]),
    );
    const db = m.ctx.database.db;
    const titles = (await db.select().from(source).where(eq(source.ownerId, user.id))).map((s) => s.title);
    expect(titles.sort()).toEqual(["Kelp forests", "Rock pools", "Tide tables"]);
    const names = (await db.select().from(collection).where(eq(collection.ownerId, user.id))).map(
      (c) => c.name,
    );
    expect(names).toContain("Harbour");
  });
});
