import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConnectedAccount, SourceList } from "@mnemo/contracts";
import { queryRows } from "../../platform/db/client.ts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { rfc822, startDovecot, type ImapServer } from "../../test/fixtures/imap/dovecot.ts";
import { startWebDav, type WebDavServer } from "../../test/fixtures/webdav/rclone.ts";
import { startFixtureSite, type FixtureSite } from "../../test/fixtures/sites/server.ts";
import { syncedFileHash } from "../../core/sources/capture/web-pages-service.ts";
import { waitUntil } from "../../test/wait.ts";

const fixtures = path.join(import.meta.dirname, "../../test/fixtures/files");

/**
 * Issue 43: Reconnect re-authenticates the same account (same id, same memories), and an account
 * connected again to the same server and user adopts the memories kept from the removed one —
 * exactly one memory per mail, file and feed entry — against real IMAP (dovecot), WebDAV (rclone)
 * and feed servers.
 */
function appHelpers(get: () => { m: TestMnemo; alice: TestUser }, app: string) {
  const req = (method: string, url: string, json?: unknown) =>
    get().m.request(method, url, { as: get().alice, ...(json ? { json } : {}) });
  const accounts = async () =>
    (
      (await (await req("GET", "/api/user/get_connected_applications")).json()) as {
        accounts: ConnectedAccount[];
      }
    ).accounts;
  const memories = async () =>
    ((await (await req("GET", "/api/sources?page_size=100")).json()) as SourceList).results.filter(
      (s) => s.app === app,
    );
  const account = async (id: string) => (await accounts()).find((a) => a.id === id);
  /** Waits for a sync of the account that finished after `after` (its last_sync_at). */
  const syncedAfter = (id: string, after: string | null) =>
    waitUntil(`${app} account synced`, async () => {
      const a = await account(id);
      if (a?.sync.last_error) throw new Error(a.sync.last_error);
      return a?.sync.state === "idle" && a.sync.last_sync_at !== null && a.sync.last_sync_at !== after && a;
    });
  const connect = async (credentials: Record<string, string>) => {
    const res = await req("POST", "/api/t/store_integrated_id", { app_name: app, credentials });
    expect(res.status).toBe(201);
    return ((await res.json()) as { account: ConnectedAccount }).account;
  };
  const reconnect = (id: string, credentials: Record<string, string>) =>
    req("POST", "/api/apps/reconnect", { connection_id: id, credentials });
  const remove = async (id: string, deleteMemories: boolean) => {
    const res = await req(
      "POST",
      `/api/t/delete_integrated_id?integrated_id=${id}&app_name=${app}&delete_memories=${deleteMemories}`,
    );
    expect(res.status).toBe(200);
    return (await res.json()) as { removed: boolean; deleted_memories: number };
  };
  /** The account each of the app's memories is linked to (null: kept from a removed account). */
  const linkedTo = async () =>
    (
      await queryRows<{ connected_account_id: string | null }>(
        get().m.ctx.database.db,
        sql`SELECT connected_account_id FROM source WHERE owner_id = ${get().alice.id} AND app = ${app}`,
      )
    ).map((r) => r.connected_account_id);
  const message = async (res: Response) => ((await res.json()) as { message: string }).message;

  /**
   * The whole story: reconnect in place, remove keeping memories, connect again (adopted, not
   * duplicated), then remove deleting memories (the adopted ones go too).
   */
  const story = async (o: {
    credentials: Record<string, string>;
    /** Credentials of the reconnect (a new password where the server can change it). */
    renewed: () => Record<string, string> | Promise<Record<string, string>>;
    titles: string[];
  }) => {
    const first = await connect(o.credentials);
    await syncedAfter(first.id, null);
    const n = o.titles.length;
    expect((await memories()).map((s) => s.title).sort()).toEqual(o.titles);

    const before = (await account(first.id))!.sync.last_sync_at;
    const res = await reconnect(first.id, await o.renewed());
    expect(res.status, await res.clone().text()).toBe(200);
    const again = ((await res.json()) as { account: ConnectedAccount }).account;
    expect(again.id).toBe(first.id);
    await syncedAfter(first.id, before);
    expect((await accounts()).map((a) => a.id)).toEqual([first.id]);
    expect(await memories()).toHaveLength(n);

    // Removed keeping its memories, then connected again: the same memories, now the new account's.
    expect(await remove(first.id, false)).toEqual({ removed: true, deleted_memories: 0 });
    expect(await memories()).toHaveLength(n);
    const second = await connect(await o.renewed());
    expect(second.id).not.toBe(first.id);
    const done = await syncedAfter(second.id, null);
    expect(done.sync.items_synced).toBe(n);
    expect((await memories()).map((s) => s.title).sort()).toEqual(o.titles);
    expect(await linkedTo()).toEqual(Array(n).fill(second.id));
    // A later sync finds them all again: still one memory each.
    await req("POST", `/api/apps/sync_now?connection_id=${second.id}`);
    await syncedAfter(second.id, done.sync.last_sync_at);
    expect(await memories()).toHaveLength(n);

    // "Delete memories" removes the adopted memories too.
    expect(await remove(second.id, true)).toEqual({ removed: true, deleted_memories: n });
    expect(await memories()).toEqual([]);
  };
  return {
    accounts,
    memories,
    account,
    syncedAfter,
    connect,
    reconnect,
    remove,
    linkedTo,
    message,
    story,
    req,
  };
}

describe.each(testDatabases())("Reconnect and connect again: Mail over IMAP (%s)", (kind) => {
  let m: TestMnemo;
  let imap: ImapServer;
  let alice: TestUser;
  let password = "first-tide";
  const h = appHelpers(() => ({ m, alice }), "mail");
  const mail = (subject: string, text: string, attachment?: Parameters<typeof rfc822>[0]["attachment"]) =>
    rfc822({ from: "Rosa <rosa@coast.example>", to: "ada@example.com", subject, text, attachment });

  beforeAll(async () => {
    imap = await startDovecot({ ada: password, bea: "bea-secret" });
    await imap.append("ada", password, mail("Harbour schedule", "The ferry leaves at seven."));
    await imap.append(
      "ada",
      password,
      mail("Quarterly report", "Attached.", {
        filename: "report.docx",
        contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        content: fs.readFileSync(path.join(fixtures, "sample.docx")),
      }),
    );
    m = await createTestMnemo(kind, { FETCH_ALLOW_HOSTS: "127.0.0.1", FETCH_EXTRA_CA: imap.caPath });
    alice = await m.buildUser();
  }, 60_000);
  afterAll(async () => {
    await m?.close();
    await imap?.close();
  });

  const credentials = (extra: Record<string, string> = {}) => ({
    email: "ada@example.com",
    imap_host: imap.host,
    imap_port: String(imap.port),
    username: "ada",
    password,
    ...extra,
  });

  it("refuses a wrong password and another mailbox's user on Reconnect, changing nothing", async () => {
    const a = await h.connect(credentials());
    await h.syncedAfter(a.id, null);
    const wrong = await h.reconnect(a.id, credentials({ password: "nope" }));
    expect(wrong.status).toBe(400);
    expect(await h.message(wrong)).toBe("The mail server refused the user name or password.");
    const other = await h.reconnect(a.id, credentials({ username: "bea", password: "bea-secret" }));
    expect(other.status).toBe(400);
    expect(await h.message(other)).toBe(
      "These details sign in to another account, not ada@example.com. Connect it as a new account instead.",
    );
    // Still the same account, still syncing with the password it had.
    const before = (await h.account(a.id))!.sync.last_sync_at;
    await h.req("POST", `/api/apps/sync_now?connection_id=${a.id}`);
    await h.syncedAfter(a.id, before);
    expect(await h.memories()).toHaveLength(3);
    await h.remove(a.id, true);
    expect(await h.memories()).toEqual([]);
  });

  it("keeps one memory per mail: reconnect with a new password, remove keeping memories, connect again, delete", async () => {
    await h.story({
      credentials: credentials(),
      renewed: async () => {
        if (password !== "second-tide") await imap.setPassword("ada", (password = "second-tide"));
        return credentials();
      },
      titles: ["Harbour schedule", "Quarterly report", "report.docx"],
    });
  });

  it("re-keys the memories of an account synced before the upgrade once, without duplicating them", async () => {
    const a = await h.connect(credentials());
    await h.syncedAfter(a.id, null);
    const db = m.ctx.database.db;
    // As before issue 43: items keyed by our account row, no key flag on the account.
    const rows = await queryRows<{ id: string; path: string }>(
      db,
      sql`SELECT id, meta->>'path' AS path FROM source WHERE connected_account_id = ${a.id}`,
    );
    for (const r of rows)
      await db.execute(
        sql`UPDATE source SET content_hash = ${syncedFileHash(a.id, r.path)} WHERE id = ${r.id}`,
      );
    await db.execute(sql`UPDATE connected_account SET config = config - 'item_keys' WHERE id = ${a.id}`);
    const before = (await h.account(a.id))!.sync.last_sync_at;
    // A new mailbox (UIDVALIDITY unchanged) re-read from the start, as a first sync after the upgrade.
    await db.execute(sql`UPDATE connected_account SET cursor = NULL WHERE id = ${a.id}`);
    await h.req("POST", `/api/apps/sync_now?connection_id=${a.id}`);
    await h.syncedAfter(a.id, before);
    expect(await h.memories()).toHaveLength(3);
    // Keyed by the source now: removed keeping memories and connected again, they are adopted.
    await h.remove(a.id, false);
    const b = await h.connect(credentials());
    await h.syncedAfter(b.id, null);
    expect(await h.linkedTo()).toEqual([b.id, b.id, b.id]);
    expect((await h.remove(b.id, true)).deleted_memories).toBe(3);
  });
});

describe.each(testDatabases())("Reconnect and connect again: WebDAV (%s)", (kind) => {
  let m: TestMnemo;
  let dav: WebDavServer;
  let alice: TestUser;
  const password = "correct horse battery";
  const h = appHelpers(() => ({ m, alice }), "webdav");

  beforeAll(async () => {
    dav = await startWebDav("ada", password);
    fs.mkdirSync(path.join(dav.dir, "Notes", "Sub"), { recursive: true });
    fs.writeFileSync(path.join(dav.dir, "Notes", "Tides.md"), "Neap tides come at the quarters.\n");
    fs.writeFileSync(path.join(dav.dir, "Notes", "Sub", "Limpets.txt"), "Limpets clamp to rocks.\n");
    fs.copyFileSync(path.join(fixtures, "sample.docx"), path.join(dav.dir, "Notes", "Sub", "Report.docx"));
    m = await createTestMnemo(kind, { FETCH_ALLOW_HOSTS: "127.0.0.1", FETCH_EXTRA_CA: dav.caPath });
    alice = await m.buildUser();
  }, 60_000);
  afterAll(async () => {
    await m?.close();
    await dav?.close();
  });

  const credentials = (extra: Record<string, string> = {}) => ({
    url: dav.url,
    folder: "/Notes",
    username: "ada",
    password,
    ...extra,
  });

  it("keeps one memory per file: reconnect, remove keeping memories, connect again, delete", async () => {
    await h.story({
      credentials: credentials(),
      renewed: () => credentials(),
      titles: ["Limpets.txt", "Report.docx", "Tides.md"],
    });
  });

  it("refuses a wrong password and another folder on Reconnect", async () => {
    const a = await h.connect(credentials());
    const wrong = await h.reconnect(a.id, credentials({ password: "nope" }));
    expect(await h.message(wrong)).toBe("The WebDAV server refused the user name or password.");
    const other = await h.reconnect(a.id, credentials({ folder: "/Notes/Sub" }));
    expect(other.status).toBe(400);
    expect(await h.message(other)).toBe(
      "These details sign in to another account, not Notes (ada). Connect it as a new account instead.",
    );
    expect((await h.accounts()).map((x) => x.id)).toEqual([a.id]);
    // The password alone: the server, folder and user are the account's own.
    const alone = await h.reconnect(a.id, { password });
    expect(alone.status).toBe(200);
    expect(((await alone.json()) as { account: ConnectedAccount }).account.id).toBe(a.id);
    const missing = await h.reconnect(a.id, {});
    expect(await h.message(missing)).toBe("Password or app password is required.");
  });
});

describe.each(testDatabases())("Reconnect and connect again: RSS (%s)", (kind) => {
  let m: TestMnemo;
  let site: FixtureSite;
  let alice: TestUser;
  const h = appHelpers(() => ({ m, alice }), "rss");

  beforeAll(async () => {
    site = await startFixtureSite();
    site.feeds.set("tides", [
      { id: "tides-1", title: "Sourdough at sea", path: "/articles/sourdough", summary: "Baking aboard." },
      { id: "tides-2", title: "Stars over the harbour", path: "/articles/astronomy", summary: "Night sky." },
    ]);
    m = await createTestMnemo(kind, { FETCH_ALLOW_HOSTS: "127.0.0.1", FETCH_EXTRA_CA: site.caPath });
    alice = await m.buildUser();
  }, 60_000);
  afterAll(async () => {
    await m?.close();
    await site?.close();
  });

  it("keeps one memory per feed entry: reconnect, remove keeping memories, connect again, delete", async () => {
    const credentials = { feed_url: `${site.origin}/feeds/tides.xml` };
    const first = await h.connect(credentials);
    await h.syncedAfter(first.id, null);
    const titles = (await h.memories()).map((s) => s.title).sort();
    expect(titles).toHaveLength(2);
    await h.remove(first.id, true);
    await h.story({ credentials, renewed: () => credentials, titles });
  });
});
