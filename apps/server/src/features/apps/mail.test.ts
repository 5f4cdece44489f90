import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  AppSearchResponse,
  ConnectedAccount,
  GetContentResponse,
  SourceList,
  UploadAppResultsResponse,
} from "@mnemo/contracts";
import { queryRows } from "../../platform/db/client.ts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { buildCollection } from "../../test/factories.ts";
import { rfc822, startDovecot, type ImapServer } from "../../test/fixtures/imap/dovecot.ts";
import { readNdjson } from "../../test/ndjson.ts";
import { waitUntil } from "../../test/wait.ts";

const files = path.join(import.meta.dirname, "../../test/fixtures/files");

/** The Mail connector against a real IMAP server (Debian's dovecot, IMAPS with the test CA). */
describe.each(testDatabases())("Mail over IMAP (%s)", (kind) => {
  let m: TestMnemo;
  let imap: ImapServer;
  let alice: TestUser;
  let bob: TestUser;
  let account: ConnectedAccount;
  const password = "tide-pool-secret";
  const mail = (
    subject: string,
    text: string,
    attachment?: { filename: string; contentType: string; content: Buffer },
  ) => rfc822({ from: "Rosa Ranger <rosa@coast.example>", to: "ada@example.com", subject, text, attachment });

  beforeAll(async () => {
    imap = await startDovecot({ ada: password });
    await imap.append("ada", password, mail("Harbour schedule", "The ferry leaves the harbour at seven."));
    await imap.append(
      "ada",
      password,
      mail("Quarterly report", "The report is attached.", {
        filename: "report.docx",
        contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        content: fs.readFileSync(path.join(files, "sample.docx")),
      }),
    );
    m = await createTestMnemo(kind, { FETCH_ALLOW_HOSTS: "127.0.0.1", FETCH_EXTRA_CA: imap.caPath });
    alice = await m.buildUser();
    bob = await m.buildUser();
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
  const connect = (creds: Record<string, string>, as = alice) =>
    m.request("POST", "/api/t/store_integrated_id", { as, json: { app_name: "mail", credentials: creds } });
  const accounts = async (as = alice) =>
    (
      (await (await m.request("GET", "/api/user/get_connected_applications", { as })).json()) as {
        accounts: ConnectedAccount[];
      }
    ).accounts;
  const memories = async (as = alice) =>
    (
      (await (await m.request("GET", "/api/sources?page_size=100", { as })).json()) as SourceList
    ).results.filter((s) => s.app === "mail");
  const synced = (items: number) =>
    waitUntil(`mail synced ${items}`, async () => {
      const a = (await accounts()).find((x) => x.id === account.id);
      if (a?.sync.last_error) throw new Error(a.sync.last_error);
      return a?.sync.state === "idle" && a.sync.items_synced === items && a;
    });
  const indexed = (n: number) =>
    waitUntil(`${n} mail memories indexed`, async () => {
      const list = await memories();
      return list.length === n && list.every((s) => s.meta.status === "success") && list;
    });
  const search = (query: string, as = alice) =>
    m.request("GET", `/api/search_v1/get_queried_data?app_name=mail&query=${encodeURIComponent(query)}`, {
      as,
    });
  const message = async (res: Response) => ((await res.json()) as { message: string }).message;

  it("refuses a wrong password, a local address and a missing mailbox, and stores nothing", async () => {
    const wrong = await connect(credentials({ password: "nope" }));
    expect(wrong.status).toBe(400);
    expect(await message(wrong)).toBe("The mail server refused the user name or password.");
    const local = await connect(credentials({ imap_host: "10.1.2.3" }));
    expect(await message(local)).toBe("This address cannot be reached from Mnemo.");
    const missing = await connect(credentials({ mailbox: "Archive/Nope" }));
    expect(await message(missing)).toBe("This mailbox does not exist on the mail server.");
    expect(await accounts()).toEqual([]);
  });

  it("connects, keeps the password sealed, and syncs messages and readable attachments into memories", async () => {
    const res = await connect(credentials());
    expect(res.status).toBe(201);
    account = ((await res.json()) as { account: ConnectedAccount }).account;
    expect(account.title).toBe("ada@example.com");
    expect(JSON.stringify(await accounts())).not.toContain(password);
    const [row] = await queryRows<{ secret: string }>(
      m.ctx.database.db,
      sql`SELECT secret FROM connected_account WHERE id = ${account.id}`,
    );
    expect(row!.secret).not.toContain(password);

    await synced(3);
    const list = await indexed(3);
    expect(list.map((s) => s.title).sort()).toEqual(["Harbour schedule", "Quarterly report", "report.docx"]);
    // The attachment went through the file extractors: its own text is searchable.
    const docx = list.find((s) => s.title === "report.docx")!;
    expect(docx.type).toBe("file");
    const content = await m.request("GET", `/api/sources/${docx.id}/content`, { as: alice });
    expect(JSON.stringify(await content.json())).toMatch(/\|.*\|/); // the document's table, as Markdown
  });

  it("searches the mailbox live, previews a message, and Add memory saves one the sync has not reached", async () => {
    // Arrives after the sync: only the mailbox's own search knows it yet.
    await imap.append(
      "ada",
      password,
      mail("Lighthouse keeper", "The keeper climbs 120 steps to light the lamp."),
    );
    const res = await search("lamp");
    expect(res.status).toBe(200);
    const { results } = (await res.json()) as AppSearchResponse;
    const hits = [...results.most_relevant_results, ...results.other_results];
    expect(hits.map((h) => h.subject)).toEqual(["Lighthouse keeper"]);
    expect(hits[0]!.text).toContain("120 steps");

    const preview = await m.request("POST", "/api/get_content", {
      as: alice,
      json: { responses: hits, previewed_result_rank: 0 },
    });
    expect(preview.status).toBe(200);
    expect(((await preview.json()) as GetContentResponse).content.markdown).toContain(
      "**From:** Rosa Ranger <rosa@coast.example>",
    );

    // Bob cannot search Alice's mail, preview it or save it.
    expect((await search("lamp", bob)).status).toBe(400);
    const stolen = await m.request("POST", "/api/get_content", {
      as: bob,
      json: { responses: hits, previewed_result_rank: 0 },
    });
    expect(stolen.status).toBe(404);

    const collectionId = await buildCollection(m, alice, {});
    const added = await m.request("POST", "/api/upload/app_results", {
      as: alice,
      json: { app_name: "mail", results: [hits[0]], collection_id: collectionId },
    });
    expect(added.status).toBe(200);
    const [saved] = ((await added.json()) as UploadAppResultsResponse).results;
    expect(saved).toMatchObject({ status: "success", message: null });
    await indexed(4);
    const members = await queryRows<{ source_id: string }>(
      m.ctx.database.db,
      sql`SELECT source_id FROM collection_source WHERE collection_id = ${collectionId}`,
    );
    expect(members.map((r) => r.source_id)).toEqual([saved!.memory_id]);

    // The next sync reads only the new message and finds it already saved: no duplicate.
    await m.request("POST", `/api/apps/sync_now?connection_id=${account.id}`, { as: alice });
    await synced(3);
    expect(await memories()).toHaveLength(4);
  });

  it("answers from the mail in chat with Mail selected", async () => {
    const res = await m.request("POST", "/api/qna", {
      as: alice,
      json: {
        question: "When does the ferry leave the harbour?",
        search_type: ["apps"],
        selected_apps_list: ["mail"],
      },
    });
    const lines = await readNdjson(res);
    const titles = lines.flatMap((l) => l.sources?.results ?? []).map((r) => r.title);
    expect(titles).toContain("Harbour schedule");
  });

  it("forgets a message deleted on the server, with its attachments, on the next sync", async () => {
    await imap.remove("ada", password, "Quarterly report");
    await m.request("POST", `/api/apps/sync_now?connection_id=${account.id}`, { as: alice });
    await waitUntil("the deleted message's memories removed", async () => (await memories()).length === 2);
    expect((await memories()).map((s) => s.title).sort()).toEqual(["Harbour schedule", "Lighthouse keeper"]);
    // The next sync keeps the rest: nothing else is taken for deleted.
    await m.request("POST", `/api/apps/sync_now?connection_id=${account.id}`, { as: alice });
    await synced(3);
    expect(await memories()).toHaveLength(2);
  });

  it("shows Reconnect when the password stops working, and never crashes the sync", async () => {
    await m.ctx.database.db.execute(
      sql`UPDATE connected_account SET secret = ${m.ctx.secrets.seal({ password: "changed" })} WHERE id = ${account.id}`,
    );
    await m.request("POST", `/api/apps/sync_now?connection_id=${account.id}`, { as: alice });
    const a = await waitUntil("the sync failed", async () => {
      const x = (await accounts()).find((y) => y.id === account.id);
      return x && x.sync.state !== "running" && x.sync.state !== "queued" && x.sync.last_error
        ? x
        : undefined;
    });
    expect(a.sync.last_error).toBe("The mail server refused the user name or password.");
    expect(a.needs_reauth).toBe(true);
  });
});
