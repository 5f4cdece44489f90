import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConnectedAccount, GetContentResponse } from "@mnemo/contracts";
import { testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import type { OAuthProvider } from "../../test/oauth-provider.ts";
import {
  notionId,
  startNotionPeer,
  type NotionPeer,
  type PeerPage,
} from "../../test/fixtures/cloud/notion-peer.ts";
import { cloudFlow, startConnectorWorld, type ConnectorWorld } from "../../test/fixtures/cloud/flow.ts";

/**
 * The Notion connector end to end: Notion's OAuth (a public integration, through a real OAuth 2
 * server behind the peer's /v1/oauth paths) and a local peer of the Notion API with a small
 * workspace — a database with rows, a page with nested blocks and a child page.
 */
describe.each(testDatabases())("Notion connector (%s)", (kind) => {
  let world: ConnectorWorld<NotionPeer>;
  let m: TestMnemo;
  let oauth: OAuthProvider;
  let peer: NotionPeer;
  let alice: TestUser;
  let bob: TestUser;
  let account: ConnectedAccount;
  const flow = cloudFlow(() => m, "notion");
  const refreshes = () => oauth.grants.filter((g) => g === "refresh_token").length;
  const at = (d: number) => new Date(Date.UTC(2026, 10, d)).toISOString();
  const page = (
    title: string,
    parent: PeerPage["parent"],
    day: number,
    blocks: PeerPage["blocks"],
    extra: Partial<PeerPage> = {},
  ): PeerPage => ({ id: notionId(), title, parent, last_edited_time: at(day), blocks, ...extra });
  const inWorkspace = { type: "workspace", workspace: true } as const;
  const garden = notionId();
  const readingList = notionId();
  const row = (title: string, props: PeerPage["props"]) =>
    page(title, { type: "database_id", database_id: readingList }, 2, [], { props });
  const tomatoes = page("Tomatoes", { type: "page_id", page_id: garden }, 3, [
    { type: "paragraph", text: "San Marzano need staking by midsummer." },
  ]);
  const oldNotes = page("Old notes", inWorkspace, 1, [{ type: "paragraph", text: "Nothing worth keeping." }]);

  beforeAll(async () => {
    // Notion's token answer names the bot, the workspace and the user who granted access.
    world = await startConnectorWorld(kind, {
      endpoints: { authorize: "/v1/oauth/authorize", token: "/v1/oauth/token" },
      shape: (body, grant) =>
        grant === "authorization_code"
          ? {
              ...body,
              bot_id: "b0b0b0b0-0000-4000-8000-000000000001",
              workspace_id: "w0w0w0w0-0000-4000-8000-000000000001",
              workspace_name: "Ada's Notion",
              owner: {
                type: "user",
                user: {
                  object: "user",
                  id: "u-ada",
                  name: "Ada Lovelace",
                  person: { email: "ada@example.com" },
                },
              },
            }
          : body,
      peer: (oauth) => startNotionPeer(oauth.url, oauth.validTokens),
      env: (_, peer) => ({
        NOTION_CLIENT_ID: "mnemo-notion-client",
        NOTION_CLIENT_SECRET: "mnemo-notion-secret",
        NOTION_API_URL: peer.url,
      }),
    });
    ({ m, oauth, peer } = world);
    peer.databases = [
      {
        id: readingList,
        title: "Reading list",
        last_edited_time: at(2),
        schema: { Name: "title", Author: "rich_text", Status: "select", Pages: "number" },
      },
    ];
    peer.pages = [
      page(
        "Garden plans",
        inWorkspace,
        2,
        [
          { type: "heading_1", text: "Spring beds" },
          { type: "paragraph", text: "Plant the beans after the last frost." },
          {
            type: "toggle",
            text: "Watering",
            children: [{ type: "paragraph", text: "Drip line at dawn, twice a week." }],
          },
          { type: "to_do", text: "Order seeds", checked: true },
          { type: "child_page", text: "Tomatoes" },
        ],
        { id: garden },
      ),
      tomatoes,
      oldNotes,
      row("The Sea Around Us", { Author: "Rachel Carson", Status: "Reading", Pages: 230 }),
      row("Moby-Dick", { Author: "Herman Melville", Status: "Done", Pages: 635 }),
    ];
    alice = await m.buildUser();
    bob = await m.buildUser();
  }, 120_000);
  afterAll(() => world?.close());

  it("connects through Notion's sign-in (owner=user) and names the workspace", async () => {
    account = await flow.connect(alice, {
      at: `${peer.url}/v1/oauth/authorize`,
      params: { owner: "user", redirect_uri: "http://mnemo.test/settings?app=notion" },
    });
    expect(account).toMatchObject({
      title: "Ada's Notion (Notion)",
      user_name: "Ada Lovelace",
      user_email: "ada@example.com",
    });
    // The token exchange was Basic-authenticated with the client, as Notion requires.
    const exchange = peer.requests.find((r) => r.path === "/v1/oauth/token")!;
    expect(exchange.headers.authorization).toBe(
      `Basic ${Buffer.from("mnemo-notion-client:mnemo-notion-secret").toString("base64")}`,
    );
  });

  it("syncs pages with their nested blocks and the database as a table, each a memory", async () => {
    const done = await flow.settled(alice, account.id);
    expect(done.sync).toMatchObject({ state: "idle", last_error: null });
    const memories = await flow.memories(alice);
    expect(memories.map((s) => s.title).sort()).toEqual([
      "Garden plans",
      "Moby-Dick",
      "Old notes",
      "Reading list",
      "The Sea Around Us",
      "Tomatoes",
    ]);
    const gardenText = await flow.content(alice, memories.find((s) => s.title === "Garden plans")!.id);
    expect(gardenText).toContain("# Spring beds");
    // The toggle's child block (its own call) and the blocks on the second page of children.
    expect(gardenText).toContain("Drip line at dawn");
    expect(gardenText).toContain("- [x] Order seeds");
    const table = await flow.content(alice, memories.find((s) => s.title === "Reading list")!.id);
    expect(table).toContain("| The Sea Around Us | Rachel Carson | Reading | 230 |");
    expect(table).toContain("| Moby-Dick | Herman Melville | Done | 635 |");
    const row = await flow.content(alice, memories.find((s) => s.title === "Moby-Dick")!.id);
    expect(row).toContain("**Author:** Herman Melville");
    expect(
      peer.requests.every(
        (r) => r.path.startsWith("/v1/oauth") || r.headers["notion-version"] === "2022-06-28",
      ),
    ).toBe(true);
  });

  it("picks up an edited page, an edited database row and a trashed page on the next sync, reading only what changed", async () => {
    tomatoes.blocks.push({ type: "paragraph", text: "Pinch the side shoots every week." });
    tomatoes.last_edited_time = new Date().toISOString();
    const moby = peer.pages.find((p) => p.title === "Moby-Dick")!;
    moby.props = { ...moby.props, Status: "Re-reading" };
    moby.last_edited_time = new Date().toISOString();
    oldNotes.in_trash = true;
    oldNotes.last_edited_time = new Date().toISOString();
    const before = peer.requests.length;
    const done = await flow.syncNow(alice, account.id);
    expect(done.sync.last_error).toBeNull();
    const memories = await flow.memories(alice);
    expect(memories.map((s) => s.title)).not.toContain("Old notes");
    expect(memories).toHaveLength(5);
    expect(await flow.content(alice, memories.find((s) => s.title === "Tomatoes")!.id)).toContain(
      "side shoots",
    );
    // The database did not change itself, but its table shows the edited row.
    expect(await flow.content(alice, memories.find((s) => s.title === "Reading list")!.id)).toContain(
      "| Moby-Dick | Herman Melville | Re-reading | 635 |",
    );
    // Unchanged pages were listed, not read again.
    const reads = peer.requests.slice(before).filter((r) => r.path.includes("/children"));
    expect(new Set(reads.map((r) => r.path))).toEqual(
      new Set([`/v1/blocks/${tomatoes.id}/children`, `/v1/blocks/${moby.id}/children`]),
    );
  });

  it("searches Notion live and previews a page; another user cannot", async () => {
    const hits = await flow.liveSearch(alice, "garden");
    expect(hits.map((h) => h.subject)).toEqual(["Garden plans"]);
    const preview = await flow.preview(alice, hits, 0);
    expect(preview.status).toBe(200);
    expect(((await preview.json()) as GetContentResponse).content.markdown).toContain("Plant the beans");
    expect((await flow.preview(bob, hits, 0)).status).toBe(404);
  });

  it("waits out a 429 with Retry-After instead of failing the sync", async () => {
    peer.rateLimit(2, 1);
    const done = await flow.syncNow(alice, account.id);
    expect(peer.rateLimited).toBe(2);
    expect(done.sync).toMatchObject({ state: "idle", last_error: null });
  });

  it("refreshes an expired access token and keeps syncing", async () => {
    const before = refreshes();
    oauth.expireAccessTokens(); // Notion answers 401 to the stored token
    const done = await flow.syncNow(alice, account.id);
    expect(done.sync).toMatchObject({ state: "idle", last_error: null });
    expect(refreshes()).toBe(before + 1);
  });

  it("asks for Reconnect when access was revoked", async () => {
    await flow.revoked(alice, account.id, oauth, "Notion");
    // Memories stay.
    expect(await flow.memories(alice)).toHaveLength(5);
  });
});
