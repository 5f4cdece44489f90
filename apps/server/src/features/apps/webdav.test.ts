import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConnectedAccount, SourceList } from "@mnemo/contracts";
import { queryRows } from "../../platform/db/client.ts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { startWebDav, type WebDavServer } from "../../test/fixtures/webdav/rclone.ts";
import { waitUntil } from "../../test/wait.ts";

const fixtures = path.join(import.meta.dirname, "../../test/fixtures/files");

/** The WebDAV connector against a real WebDAV server (rclone serve webdav, https, basic auth). */
describe.each(testDatabases())("WebDAV files (%s)", (kind) => {
  let m: TestMnemo;
  let dav: WebDavServer;
  let alice: TestUser;
  let account: ConnectedAccount;
  const password = "correct horse battery";

  beforeAll(async () => {
    dav = await startWebDav("ada", password);
    fs.mkdirSync(path.join(dav.dir, "Notes", "Sub"), { recursive: true });
    fs.mkdirSync(path.join(dav.dir, "Notes", ".trash"));
    fs.writeFileSync(
      path.join(dav.dir, "Notes", "Tides.md"),
      "---\ntags: [ocean]\n---\nNeap tides come at the quarters.\n",
    );
    fs.writeFileSync(path.join(dav.dir, "Notes", "Sub", "Limpets.txt"), "Limpets clamp to rocks.\n");
    fs.writeFileSync(path.join(dav.dir, "Notes", ".trash", "old.md"), "thrown away");
    fs.writeFileSync(path.join(dav.dir, "Notes", "data.bin"), Buffer.from([0x89, 0x50]));
    fs.copyFileSync(path.join(fixtures, "sample.docx"), path.join(dav.dir, "Notes", "Sub", "Report.docx"));
    // A file over the upload limit: webdav-problems.test.ts.
    fs.writeFileSync(path.join(dav.dir, "Elsewhere.md"), "Outside the chosen folder.");
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

  const connect = (credentials: Record<string, string>) =>
    m.request("POST", "/api/t/store_integrated_id", { as: alice, json: { app_name: "webdav", credentials } });
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
  const synced = (items: number) =>
    waitUntil(`WebDAV synced ${items}`, async () => {
      const a = (await accounts()).find((x) => x.id === account.id);
      return a?.sync.state === "idle" && a.sync.items_synced === items && a;
    });
  const message = async (res: Response) => ((await res.json()) as { message: string }).message;

  it("refuses a wrong password, an insecure or local address, and stores nothing", async () => {
    const wrong = await connect({ url: dav.url, folder: "/Notes", username: "ada", password: "nope" });
    expect(wrong.status).toBe(400);
    expect(await message(wrong)).toBe("The WebDAV server refused the user name or password.");
    const insecure = await connect({ url: dav.url.replace("https:", "http:"), username: "ada", password });
    expect(await message(insecure)).toBe("Please use a secure URL (https) for the WebDAV server.");
    const local = await connect({ url: "https://10.1.2.3/dav", username: "ada", password });
    expect(await message(local)).toBe("This address cannot be reached from Mnemo.");
    const missing = await connect({ url: dav.url, folder: "/Nope", username: "ada", password });
    expect(await message(missing)).toBe("This folder does not exist on the WebDAV server.");
    expect(await accounts()).toEqual([]);
  });

  it("connects a folder, keeps the password sealed, and syncs its notes and readable files", async () => {
    const res = await connect({ url: dav.url, folder: "/Notes", username: "ada", password });
    expect(res.status).toBe(201);
    account = ((await res.json()) as { account: ConnectedAccount }).account;
    expect(account.title).toBe("Notes (ada)");
    expect(JSON.stringify(await accounts())).not.toContain(password);
    const [row] = await queryRows<{ secret: string }>(
      m.ctx.database.db,
      sql`SELECT secret FROM connected_account WHERE id = ${account.id}`,
    );
    expect(row!.secret).not.toContain(password);
    expect(m.ctx.secrets.open(row!.secret)).toEqual({ password });

    await synced(3);
    expect((await files()).map((s) => [s.title, s.type, s.description]).sort()).toEqual([
      ["Limpets.txt", "local_source", ""],
      ["Report.docx", "file", ""],
      ["Tides.md", "local_source", "Tags: #ocean"],
    ]);
    // The document went through the file extractors: its table is in its content.
    const report = (await files()).find((s) => s.title === "Report.docx")!;
    await waitUntil("the document indexed", async () =>
      (await files()).some((s) => s.id === report.id && s.meta.status === "success"),
    );
    const content = await m.request("GET", `/api/sources/${report.id}/content`, { as: alice });
    expect(JSON.stringify(await content.json())).toMatch(/\|.*\|/);
  });

  it("reads only a changed file (by ETag) and forgets a deleted one", async () => {
    fs.writeFileSync(path.join(dav.dir, "Notes", "Tides.md"), "Spring tides at the full moon.\n");
    await m.request("POST", `/api/apps/sync_now?connection_id=${account.id}`, { as: alice });
    await synced(4);
    expect(await files()).toHaveLength(3);
    fs.rmSync(path.join(dav.dir, "Notes", "Sub", "Limpets.txt"));
    fs.rmSync(path.join(dav.dir, "Notes", "Sub", "Report.docx"));
    await m.request("POST", `/api/apps/sync_now?connection_id=${account.id}`, { as: alice });
    await waitUntil("the deleted files' memories removed", async () => (await files()).length === 1);
  });
});
