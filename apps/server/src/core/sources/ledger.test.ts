import fs from "node:fs";
import path from "node:path";
import { zipSync, strToU8 } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ImportRun, IndexingLedgerResponse } from "@mnemo/contracts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { uploadText } from "../ingest/test/helpers.ts";
import { waitForRun } from "../../features/transfer/test-helpers.ts";
import { waitUntil } from "../../test/wait.ts";

const fixtures = path.join(import.meta.dirname, "../../test/fixtures/files");
const brokenPdf = "%PDF-1.4\nthis is not a PDF body\n%%EOF\n";

/**
 * Issue 43: the ledger of uploads and of imports (Settings → Sync and indexing) — coverage, each
 * failed memory with its reason, the latest, retry one or all; nobody else's memories.
 */
describe.each(testDatabases())("the uploads' and imports' ledger (%s)", (kind) => {
  let m: TestMnemo;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    m = await createTestMnemo(kind);
    alice = await m.buildUser();
    bob = await m.buildUser();
  });
  afterAll(async () => {
    await m?.close();
  });

  const ledger = async (origin: "uploads" | "imports", as = alice) => {
    const res = await m.request("GET", `/api/indexing/ledger?origin=${origin}`, { as });
    expect(res.status).toBe(200);
    return (await res.json()) as IndexingLedgerResponse;
  };
  const settled = (origin: "uploads" | "imports", total: number) =>
    waitUntil(`${origin}: ${total} memories indexed or failed`, async () => {
      const l = await ledger(origin);
      return l.coverage.total === total && l.coverage.in_progress === 0 && l;
    });

  it("counts uploads, lists a failed one with the upload wording and retries it", async () => {
    await uploadText(m, alice, "Tides.txt", "The Severn estuary has one of the largest tidal ranges.");
    const broken = await uploadText(m, alice, "Broken.pdf", brokenPdf);
    const l = await settled("uploads", 2);
    expect(l.coverage).toEqual({ total: 2, indexed: 1, failed: 1, skipped: 0, in_progress: 0 });
    expect(l.problems).toEqual([
      {
        id: broken,
        title: "Broken.pdf",
        status: "errored",
        reason: "Something went wrong. Retry uploading the document.",
      },
    ]);
    expect(l.recent.map((r) => r.title).sort()).toEqual(["Broken.pdf", "Tides.txt"]);
    // Another user sees none of it and cannot retry it.
    expect((await ledger("uploads", bob)).coverage.total).toBe(0);
    const theirs = await m.request("POST", "/api/indexing/retry_failed", {
      as: bob,
      json: { origin: "uploads", source_id: broken },
    });
    expect(theirs.status).toBe(404);
    const res = await m.request("POST", "/api/indexing/retry_failed", {
      as: alice,
      json: { origin: "uploads" },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ retried: 1 });
    // Still damaged: it fails again, with its reason.
    const again = await settled("uploads", 2);
    expect(again.coverage.failed).toBe(1);
  });

  it("counts an import's items apart, a damaged attachment with the extractor's reason", async () => {
    const zip = zipSync({
      "Vault/Harbour.md": strToU8("# Harbour\n\nThe harbour opened in 1820 after ten years of building.\n"),
      // Other bytes than the upload's (the same file would be a duplicate, not imported again).
      "Vault/attachments/Broken.pdf": strToU8(brokenPdf.replace("this is", "neither is this")),
      "Vault/attachments/Report.pdf": new Uint8Array(fs.readFileSync(path.join(fixtures, "multipage.pdf"))),
    });
    const res = await m.request("POST", `/api/import?file_name=Vault.zip`, {
      as: alice,
      body: new Blob([zip as Uint8Array<ArrayBuffer>]),
    });
    expect(res.status).toBe(202);
    const { run } = (await res.json()) as { run: ImportRun };
    await waitForRun(m, alice, run.id, ["done", "failed"]);
    const l = await settled("imports", 3);
    expect(l.coverage).toMatchObject({ total: 3, indexed: 2, failed: 1 });
    expect(l.problems.map((p) => [p.title, p.reason])).toEqual([
      ["Broken.pdf", "This PDF could not be read: the file is damaged."],
    ]);
    // The uploads' ledger does not count what the import brought in.
    expect((await ledger("uploads")).coverage.total).toBe(2);
  });
});
