import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { strToU8, zipSync } from "fflate";
import type { ImportRun, SourceList } from "@mnemo/contracts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { waitUntil } from "../../test/wait.ts";
import { waitForRun } from "./test-helpers.ts";

const fixtures = path.join(import.meta.dirname, "../../test/fixtures/files");

/**
 * Issue 43: an imported file that cannot be indexed says why (a damaged PDF, an empty file), not
 * the upload's "Something went wrong. Retry uploading the document."; a readable one indexes.
 */
describe.each(testDatabases())("imported files that fail to index (%s)", (kind) => {
  let m: TestMnemo;
  let user: TestUser;

  beforeAll(async () => {
    m = await createTestMnemo(kind);
    user = await m.buildUser();
  });
  afterAll(async () => {
    await m?.close();
  });

  it("shows each imported file's own reason", async () => {
    const zip = zipSync({
      "Vault/Tides.md": strToU8("Neap tides come at the quarters."),
      "Vault/Broken.pdf": strToU8("%PDF-1.4\nthis is not a PDF body\n%%EOF\n"),
      "Vault/Empty.pdf": new Uint8Array(0),
      "Vault/Pages.pdf": new Uint8Array(fs.readFileSync(path.join(fixtures, "multipage.pdf"))),
    });
    const res = await m.request("POST", "/api/import?file_name=vault.zip&format=auto", {
      as: user,
      body: new Blob([zip as Uint8Array<ArrayBuffer>]),
    });
    expect(res.status).toBe(202);
    const { run } = (await res.json()) as { run: ImportRun };
    expect(await waitForRun(m, user, run.id, ["done", "failed"])).toMatchObject({ status: "done" });
    const files = await waitUntil("the imported files indexed or failed", async () => {
      const list = (await (
        await m.request("GET", "/api/sources?page_size=100", { as: user })
      ).json()) as SourceList;
      return list.results.every((s) => s.meta.status !== "in_progress") && list.results;
    });
    const byTitle = Object.fromEntries(files.map((s) => [s.title, [s.meta.status, s.error]]));
    expect(byTitle).toMatchObject({
      "Broken.pdf": ["errored", "This PDF could not be read: the file is damaged."],
      "Empty.pdf": ["errored", "This file is empty."],
      "Pages.pdf": ["success", null],
    });
  });
});
