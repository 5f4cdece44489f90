import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConnectedAccount, SourceList } from "@mnemo/contracts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { startWebDav, type WebDavServer } from "../../test/fixtures/webdav/rclone.ts";
import { waitUntil } from "../../test/wait.ts";

const fixtures = path.join(import.meta.dirname, "../../test/fixtures/files");

/**
 * Issue 43: a synced file that cannot be indexed says why (a real WebDAV server, rclone), the
 * account counts its problems, and a file fixed on the server indexes on the next sync.
 */
describe.each(testDatabases())("WebDAV files that fail to index (%s)", (kind) => {
  let m: TestMnemo;
  let dav: WebDavServer;
  let alice: TestUser;
  let account: ConnectedAccount;
  const password = "correct horse battery";

  beforeAll(async () => {
    dav = await startWebDav("ada", password);
    fs.mkdirSync(path.join(dav.dir, "Docs"));
    fs.writeFileSync(path.join(dav.dir, "Docs", "Broken.pdf"), "%PDF-1.4\nthis is not a PDF body\n%%EOF\n");
    fs.writeFileSync(path.join(dav.dir, "Docs", "Empty.pdf"), "");
    // Over the upload limit (1 MB here): never downloaded.
    fs.writeFileSync(path.join(dav.dir, "Docs", "Scan.pdf"), Buffer.alloc(1536 * 1024, 0x25));
    fs.copyFileSync(path.join(fixtures, "sample.docx"), path.join(dav.dir, "Docs", "Report.docx"));
    m = await createTestMnemo(kind, {
      FETCH_ALLOW_HOSTS: "127.0.0.1",
      FETCH_EXTRA_CA: dav.caPath,
      UPLOAD_LIMIT_MB: "1",
    });
    alice = await m.buildUser();
  }, 60_000);
  afterAll(async () => {
    await m?.close();
    await dav?.close();
  });

  const accounts = async () =>
    (
      (await (await m.request("GET", "/api/user/get_connected_applications", { as: alice })).json()) as {
        accounts: ConnectedAccount[];
      }
    ).accounts;
  const files = async () =>
    (
      (await (await m.request("GET", "/api/sources?page_size=100", { as: alice })).json()) as SourceList
    ).results.filter((s) => s.app === "webdav");
  const settled = async () =>
    waitUntil("the synced files indexed or failed", async () => {
      const a = (await accounts()).find((x) => x.id === account.id);
      const all = await files();
      return (
        a?.sync.state === "idle" &&
        all.length === 4 &&
        all.every((s) => s.meta.status !== "in_progress") && { account: a, files: all }
      );
    });
  const byTitle = (all: SourceList["results"]) =>
    Object.fromEntries(all.map((s) => [s.title, [s.meta.status, s.error]])) as Record<string, unknown>;

  it("shows each file's own reason and counts the account's problems", async () => {
    const res = await m.request("POST", "/api/t/store_integrated_id", {
      as: alice,
      json: { app_name: "webdav", credentials: { url: dav.url, folder: "/Docs", username: "ada", password } },
    });
    expect(res.status).toBe(201);
    account = ((await res.json()) as { account: ConnectedAccount }).account;
    const first = await settled();
    expect(byTitle(first.files)).toEqual({
      "Broken.pdf": ["errored", "This PDF could not be read: the file is damaged."],
      "Empty.pdf": ["errored", "This file is empty."],
      "Scan.pdf": ["errored", "This file is larger than the 1 MB this server indexes."],
      "Report.docx": ["success", null],
    });
    expect(first.account.sync.problems).toBe(3);
  });

  it("indexes a file fixed on the server on the next sync", async () => {
    fs.copyFileSync(path.join(fixtures, "multipage.pdf"), path.join(dav.dir, "Docs", "Broken.pdf"));
    const now = await m.request("POST", `/api/apps/sync_now?connection_id=${account.id}`, { as: alice });
    // The account answered alone counts its problems too (still 3: the sync has not run yet).
    expect(((await now.json()) as { account: ConnectedAccount }).account.sync.problems).toBe(3);
    const fixed = await waitUntil("the fixed PDF indexed", async () => {
      const s = await settled();
      return s.files.find((f) => f.title === "Broken.pdf")?.meta.status === "success" && s;
    });
    expect(byTitle(fixed.files)["Broken.pdf"]).toEqual(["success", null]);
    expect(byTitle(fixed.files)["Empty.pdf"]).toEqual(["errored", "This file is empty."]);
    const after = await waitUntil("the count updated", async () => {
      const a = (await accounts()).find((x) => x.id === account.id);
      return a?.sync.problems === 2 && a;
    });
    expect(after.sync.problems).toBe(2);
  });
});
