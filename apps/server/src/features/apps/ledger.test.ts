import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConnectedAccount, LedgerResponse } from "@mnemo/contracts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { startWebDav, type WebDavServer } from "../../test/fixtures/webdav/rclone.ts";
import { waitUntil } from "../../test/wait.ts";

const fixtures = path.join(import.meta.dirname, "../../test/fixtures/files");

/**
 * Issue 43's ledger against a real WebDAV server (rclone): coverage, each failed file with its own
 * reason, runs with what they did (bounded at 20), retry after the file is fixed on the server,
 * and nobody else's account.
 */
describe.each(testDatabases())("the sync ledger (%s)", (kind) => {
  let m: TestMnemo;
  let dav: WebDavServer;
  let alice: TestUser;
  let bob: TestUser;
  let account: ConnectedAccount;
  const password = "correct horse battery";

  beforeAll(async () => {
    dav = await startWebDav("ada", password);
    fs.mkdirSync(path.join(dav.dir, "Docs"));
    fs.writeFileSync(path.join(dav.dir, "Docs", "Broken.pdf"), "%PDF-1.4\nthis is not a PDF body\n%%EOF\n");
    fs.writeFileSync(path.join(dav.dir, "Docs", "Empty.txt"), "");
    fs.writeFileSync(path.join(dav.dir, "Docs", "Scan.pdf"), Buffer.alloc(1536 * 1024, 0x25));
    fs.copyFileSync(path.join(fixtures, "sample.docx"), path.join(dav.dir, "Docs", "Report.docx"));
    m = await createTestMnemo(kind, {
      FETCH_ALLOW_HOSTS: "127.0.0.1",
      FETCH_EXTRA_CA: dav.caPath,
      UPLOAD_LIMIT_MB: "1",
    });
    alice = await m.buildUser();
    bob = await m.buildUser();
  }, 60_000);
  afterAll(async () => {
    await m?.close();
    await dav?.close();
  });

  const ledger = async (as = alice) =>
    m.request("GET", `/api/apps/ledger?connection_id=${account.id}`, { as });
  const settled = (runs: number) =>
    waitUntil(`${runs} runs recorded and every file indexed or failed`, async () => {
      const l = (await (await ledger()).json()) as LedgerResponse;
      return (
        l.account.sync.state === "idle" &&
        l.runs.length >= Math.min(runs, 20) &&
        l.coverage.total === 4 &&
        l.coverage.in_progress === 0 &&
        l
      );
    });
  const reasons = (l: LedgerResponse) => Object.fromEntries(l.problems.map((p) => [p.title, p.reason]));

  it("lists coverage, each failed file's reason and what the first run did", async () => {
    const res = await m.request("POST", "/api/t/store_integrated_id", {
      as: alice,
      json: { app_name: "webdav", credentials: { url: dav.url, folder: "/Docs", username: "ada", password } },
    });
    expect(res.status).toBe(201);
    account = ((await res.json()) as { account: ConnectedAccount }).account;
    const l = await settled(1);
    expect(l.coverage).toEqual({ total: 4, indexed: 1, failed: 2, skipped: 1, in_progress: 0 });
    expect(reasons(l)).toEqual({
      "Broken.pdf": "This PDF could not be read: the file is damaged.",
      "Empty.txt": "This file is empty.",
      "Scan.pdf": "This file is larger than the 1 MB this server indexes.",
    });
    expect(l.problems.filter((p) => p.skipped).map((p) => p.title)).toEqual(["Scan.pdf"]);
    expect(l.account.sync.problems).toBe(3);
    expect(l.account.sync.indexing).toBe(0);
    expect(l.last_success_at).not.toBeNull();
    expect(Date.parse(l.next_sync_at!)).toBeGreaterThan(Date.parse(l.last_success_at!));
    const [run] = l.runs;
    // Never "synced" while files failed.
    expect(run!.outcome).toBe("synced_with_problems");
    expect(run!.failed).toBe(3);
    expect(run!.items.map((i) => [i.title, i.status]).sort()).toEqual(
      [
        ["Broken.pdf", "errored"],
        ["Empty.txt", "errored"],
        ["Report.docx", "success"],
        ["Scan.pdf", "errored"],
      ].sort(),
    );
  });

  it("refuses another user's account", async () => {
    expect((await ledger(bob)).status).toBe(404);
    const retry = await m.request("POST", "/api/apps/retry_failed", {
      as: bob,
      json: { connection_id: account.id },
    });
    expect(retry.status).toBe(404);
  });

  it("retries the failed files after one is fixed on the server", async () => {
    fs.copyFileSync(path.join(fixtures, "multipage.pdf"), path.join(dav.dir, "Docs", "Broken.pdf"));
    const res = await m.request("POST", "/api/apps/retry_failed", {
      as: alice,
      json: { connection_id: account.id },
    });
    expect(res.status).toBe(200);
    // The oversized file is not retried: it was never read.
    expect(((await res.json()) as { retried: number }).retried).toBe(2);
    const l = await waitUntil("the fixed PDF indexed", async () => {
      const now = await settled(2);
      return now.coverage.indexed === 2 && now.coverage.failed === 1 && now;
    });
    expect(reasons(l)).toEqual({
      "Empty.txt": "This file is empty.",
      "Scan.pdf": "This file is larger than the 1 MB this server indexes.",
    });
    expect(l.account.sync.problems).toBe(2);
  });

  it("re-indexes every file of the account but the oversized one", async () => {
    const res = await m.request("POST", "/api/apps/reindex", {
      as: alice,
      json: { connection_id: account.id },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { reindexed: number }).reindexed).toBe(3);
    const theirs = await m.request("POST", "/api/apps/reindex", {
      as: bob,
      json: { connection_id: account.id },
    });
    expect(theirs.status).toBe(404);
    const l = await waitUntil("re-indexed", async () => {
      const now = (await (await ledger()).json()) as LedgerResponse;
      return now.coverage.in_progress === 0 && now;
    });
    expect(l.coverage).toEqual({ total: 4, indexed: 2, failed: 1, skipped: 1, in_progress: 0 });
  });

  it("keeps the last 20 runs", async () => {
    const before = ((await (await ledger()).json()) as LedgerResponse).runs.length;
    for (let i = before; i < 22; i++) {
      const count = i + 1;
      await m.request("POST", `/api/apps/sync_now?connection_id=${account.id}`, { as: alice });
      await waitUntil(`run ${count}`, async () => {
        const l = (await (await ledger()).json()) as LedgerResponse;
        return l.account.sync.state === "idle" && (l.runs.length >= Math.min(count, 20) || null) && l;
      });
    }
    const l = (await (await ledger()).json()) as LedgerResponse;
    expect(l.runs).toHaveLength(20);
    // Unchanged files are counted as such, not saved again.
    expect(l.runs[0]).toMatchObject({ added: 0, removed: 0, outcome: "synced" });
  });
});
