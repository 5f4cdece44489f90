import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  ApplicationsResponse,
  AppSearchResponse,
  ConnectedAccount,
  GetContentResponse,
} from "@mnemo/contracts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import type { OAuthProvider } from "../../test/oauth-provider.ts";
import {
  startGraphPeer,
  type GraphPeer,
  type PeerDriveItem,
  type PeerMail,
} from "../../test/fixtures/cloud/graph-peer.ts";
import { textPdf } from "../../test/fixtures/text-pdf.ts";
import { cloudFlow, startConnectorWorld, type ConnectorWorld } from "../../test/fixtures/cloud/flow.ts";
import { buildCollection } from "../collections/test-factories.ts";

const utf8 = (s: string) => new Uint8Array(Buffer.from(s, "utf8"));

/**
 * The Microsoft 365 connector end to end: the identity platform's v2 endpoints (a real OAuth 2
 * server, PKCE and refresh tokens) and a local peer of Microsoft Graph with nested OneDrive
 * folders and an Outlook inbox, both read through delta queries.
 */
describe.each(testDatabases())("Microsoft 365 connector (%s)", (kind) => {
  let world: ConnectorWorld<GraphPeer>;
  let m: TestMnemo;
  let oauth: OAuthProvider;
  let peer: GraphPeer;
  let alice: TestUser;
  let bob: TestUser;
  let account: ConnectedAccount;
  const flow = cloudFlow(() => m, "microsoft");
  const refreshes = () => oauth.grants.filter((g) => g === "refresh_token").length;
  const notes: PeerDriveItem = {
    id: "F-notes",
    name: "notes.md",
    parent: "F-tides",
    content: utf8("# Tide notes\n\nSpring tides follow the full moon."),
    mimeType: "text/markdown",
    modified: "2026-11-01T10:00:00Z",
  };
  const old: PeerDriveItem = {
    id: "F-old",
    name: "old.txt",
    parent: "F-archive",
    content: utf8("Harbour fees of 2019."),
    mimeType: "text/plain",
    modified: "2026-10-01T10:00:00Z",
  };
  const mail = (i: number, subject: string, text: string, extra: Partial<PeerMail> = {}): PeerMail => ({
    id: `AAMk-${i}`,
    subject,
    from: { name: "Rosa Ranger", address: "rosa@coast.example" },
    to: [{ name: "Ada Lovelace", address: "ada@contoso.example" }],
    received: `2026-11-0${i}T09:00:00Z`,
    text,
    ...extra,
  });
  const spam = mail(3, "You won a boat", "Click here.");

  beforeAll(async () => {
    world = await startConnectorWorld(kind, {
      endpoints: { authorize: "/common/oauth2/v2.0/authorize", token: "/common/oauth2/v2.0/token" },
      peer: (oauth) => startGraphPeer(oauth.validTokens),
      env: (oauth, peer) => ({
        MICROSOFT_CLIENT_ID: "mnemo-ms-client",
        MICROSOFT_CLIENT_SECRET: "mnemo-ms-secret",
        MICROSOFT_LOGIN_URL: oauth.url,
        MICROSOFT_GRAPH_URL: peer.url,
      }),
    });
    ({ m, oauth, peer } = world);
    peer.files = [
      { id: "F-projects", name: "Projects", parent: "root", folder: true, modified: "2026-10-01T10:00:00Z" },
      { id: "F-tides", name: "Tides", parent: "F-projects", folder: true, modified: "2026-10-01T10:00:00Z" },
      { id: "F-archive", name: "Archive", parent: "F-tides", folder: true, modified: "2026-10-01T10:00:00Z" },
      notes,
      {
        id: "F-report",
        name: "report.pdf",
        parent: "F-tides",
        content: new Uint8Array(textPdf([["Harbour survey 2026", "Neap tides at the quarters."]])),
        mimeType: "application/pdf",
        modified: "2026-11-01T10:00:00Z",
      },
      old,
      {
        id: "F-photo",
        name: "cat.heic",
        parent: "root",
        content: utf8("not readable"),
        mimeType: "image/heic",
        modified: "2026-11-01T10:00:00Z",
      },
    ];
    peer.mail = [
      mail(1, "Harbour schedule", "The ferry leaves the harbour at 9:00."),
      mail(2, "Survey attached", "See the survey.", {
        attachments: [
          {
            name: "survey.pdf",
            contentType: "application/pdf",
            content: new Uint8Array(textPdf([["Buoy positions"]])),
          },
        ],
      }),
      spam,
      mail(4, "Lunch", "Noon at the pier."),
      mail(5, "Tide tables", "New tables for December."),
    ];
    for (const x of [...peer.files, ...peer.mail]) peer.touch(x);
    alice = await m.buildUser();
    bob = await m.buildUser();
  }, 120_000);
  afterAll(() => world?.close());

  it("connects through the identity platform with PKCE, read-only scopes and offline_access", async () => {
    account = await flow.connect(alice, (url) => {
      expect(url.origin + url.pathname).toBe(`${oauth.url}/common/oauth2/v2.0/authorize`);
      expect(url.searchParams.get("code_challenge_method")).toBe("S256");
      expect(url.searchParams.get("scope")?.split(" ").sort()).toEqual([
        "Files.Read",
        "Mail.Read",
        "User.Read",
        "offline_access",
      ]);
    });
    expect(account).toMatchObject({ title: "ada@contoso.example", user_name: "Ada Lovelace" });
  });

  it("syncs OneDrive's nested folders and the inbox through delta queries", async () => {
    const done = await flow.settled(alice, account.id);
    expect(done.sync).toMatchObject({ state: "idle", last_error: null });
    const memories = await flow.memories(alice);
    expect(memories.map((s) => s.title).sort()).toEqual(
      [
        "Harbour schedule",
        "Lunch",
        "Survey attached",
        "Tide tables",
        "You won a boat",
        "notes.md",
        "old.txt",
        "report.pdf",
        "survey.pdf",
      ].sort(),
    );
    expect(memories.find((s) => s.title === "report.pdf")!.type).toBe("file");
    expect(await flow.content(alice, memories.find((s) => s.title === "notes.md")!.id)).toContain(
      "Spring tides",
    );
    const harbour = await flow.content(alice, memories.find((s) => s.title === "Harbour schedule")!.id);
    // Text bodies (Prefer: outlook.body-content-type="text"), not HTML.
    expect(harbour).toContain("The ferry leaves the harbour at 9:00.");
    expect(harbour).not.toContain("<p>");
    expect(harbour).toContain("Rosa Ranger <rosa@coast.example>");
    // Several pages of each delta were followed (the peer's pages hold 4 items).
    expect(peer.requests.filter((r) => r.url.searchParams.has("$skiptoken")).length).toBeGreaterThanOrEqual(
      2,
    );
  });

  it("picks up a changed file, a deleted file, a deleted and a new message on the next sync", async () => {
    notes.content = utf8("# Tide notes\n\nSpring tides follow the full and the new moon.");
    peer.touch(notes);
    old.deleted = true;
    peer.touch(old);
    spam.deleted = true;
    peer.touch(spam);
    const fresh = mail(6, "Storm warning", "Gale expected on Friday.");
    peer.mail.push(fresh);
    peer.touch(fresh);
    const done = await flow.syncNow(alice, account.id);
    expect(done.sync.last_error).toBeNull();
    const memories = await flow.memories(alice);
    const titles = memories.map((s) => s.title);
    expect(titles).not.toContain("old.txt");
    expect(titles).not.toContain("You won a boat");
    expect(titles).toContain("Storm warning");
    expect(memories).toHaveLength(8);
    expect(await flow.content(alice, memories.find((s) => s.title === "notes.md")!.id)).toContain(
      "the new moon",
    );
    // The stored delta links were followed: only the changes were listed.
    const last = peer.requests.filter((r) => r.path === "/v1.0/me/drive/root/delta").at(-1)!;
    expect(last.url.searchParams.has("$deltatoken")).toBe(true);
  });

  it("a changed PDF's new memory stays in the collections the user added it to, once", async () => {
    const before = (await flow.memories(alice)).find((s) => s.title === "report.pdf")!;
    const surveys = await buildCollection(m, alice, { name: "Surveys", memories: [before.id] });
    const report = peer.files.find((f) => f.id === "F-report")!;
    report.content = new Uint8Array(
      textPdf([["Harbour survey 2026", "Neap tides at the quarters; revised."]]),
    );
    peer.touch(report);
    const done = await flow.syncNow(alice, account.id);
    expect(done.sync.last_error).toBeNull();
    const after = (await flow.memories(alice)).filter((s) => s.title === "report.pdf");
    expect(after).toHaveLength(1);
    expect(after[0]!.id).not.toBe(before.id);
    expect(after[0]!.collections).toEqual([{ collection_id: surveys, collection_name: "Surveys" }]);
  });

  it("searches OneDrive and Outlook live and previews a message; another user cannot", async () => {
    const hits = await flow.liveSearch(alice, "harbour");
    // A message and a PDF whose text mentions the harbour.
    expect(hits.map((h) => h.subject).sort()).toEqual(["Harbour schedule", "report.pdf"]);
    const rank = hits.findIndex((h) => h.subject === "Harbour schedule");
    const files = await flow.liveSearch(alice, "tide notes");
    expect(files.map((h) => h.subject)).toContain("notes.md");
    const preview = await flow.preview(alice, hits, rank);
    expect(preview.status).toBe(200);
    expect(((await preview.json()) as GetContentResponse).content.markdown).toContain(
      "**From:** Rosa Ranger",
    );
    expect((await flow.preview(bob, hits, rank)).status).toBe(404);
  });

  it("App search filters OneDrive and Outlook results by file type", async () => {
    const res = await m.request(
      "GET",
      "/api/search_v1/get_queried_data?app_name=microsoft&query=harbour&file_types=pdf",
      { as: alice },
    );
    expect(res.status).toBe(200);
    const { results } = (await res.json()) as AppSearchResponse;
    const hits = [...results.most_relevant_results, ...results.other_results];
    expect(hits.map((h) => [h.subject, h.misc.file_type])).toEqual([["report.pdf", "pdf"]]);
  });

  it("a message deleted upstream takes its attachments' memories with it", async () => {
    expect((await flow.memories(alice)).map((s) => s.title)).toContain("survey.pdf");
    const survey = peer.mail.find((x) => x.id === "AAMk-2")!;
    survey.deleted = true;
    peer.touch(survey);
    const done = await flow.syncNow(alice, account.id);
    expect(done.sync.last_error).toBeNull();
    const titles = (await flow.memories(alice)).map((s) => s.title);
    expect(titles).not.toContain("Survey attached");
    expect(titles).not.toContain("survey.pdf");
  });

  it("waits out Graph's 429 TooManyRequests with Retry-After", async () => {
    peer.rateLimit(2, 1);
    const done = await flow.syncNow(alice, account.id);
    expect(peer.rateLimited).toBe(2);
    expect(done.sync).toMatchObject({ state: "idle", last_error: null });
  });

  it("refreshes an access token about to expire before using it", async () => {
    const secret = await flow.expireStoredToken(account.id, Date.now() + 30_000);
    expect(secret.refresh_token).toBeTruthy();
    const before = refreshes();
    const unauthorized = peer.requests.length;
    const done = await flow.syncNow(alice, account.id);
    expect(done.sync).toMatchObject({ state: "idle", last_error: null });
    expect(refreshes()).toBe(before + 1);
    // Refreshed before the first call, so Graph never had to refuse the old token.
    expect(peer.requests.slice(unauthorized).every((r) => r.token !== secret.access_token)).toBe(true);
  });

  it("asks for Reconnect when the grant was revoked", async () => {
    const kept = (await flow.memories(alice)).length;
    await flow.revoked(alice, account.id, oauth, "Microsoft 365");
    expect(await flow.memories(alice)).toHaveLength(kept);
  });
});

describe("Notion, Slack and Microsoft 365 without their OAuth clients", () => {
  it("are listed as Unavailable with the reason, and cannot be connected", async () => {
    const m = await createTestMnemo("pglite");
    try {
      const { applications } = (await (
        await m.request("GET", "/api/findr/applications")
      ).json()) as ApplicationsResponse;
      const reason = (id: string) => applications.find((a) => a.applications_id === id)?.unavailable_reason;
      expect(reason("notion")).toMatch(/NOTION_CLIENT_ID/);
      expect(reason("slack")).toMatch(/SLACK_CLIENT_ID/);
      expect(reason("microsoft")).toMatch(/MICROSOFT_CLIENT_ID/);
      const user = await m.buildUser();
      for (const app of ["notion", "slack", "microsoft"])
        expect(
          (await m.request("GET", `/api/t/get_connection_link?app_name=${app}`, { as: user })).status,
        ).toBe(409);
    } finally {
      await m.close();
    }
  });
});
