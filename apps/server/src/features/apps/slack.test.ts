import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConnectedAccount, GetContentResponse } from "@mnemo/contracts";
import { testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import type { OAuthProvider } from "../../test/oauth-provider.ts";
import {
  slackTs,
  startSlackPeer,
  type PeerMessage,
  type SlackPeer,
} from "../../test/fixtures/cloud/slack-peer.ts";
import { cloudFlow, startConnectorWorld, type ConnectorWorld } from "../../test/fixtures/cloud/flow.ts";

const DAY = 86_400;
/** Noon UTC `n` days ago, as seconds ago (so a message stays on its day whatever the hour). */
const noonDaysAgo = (n: number, plusSeconds = 0) => {
  const now = Date.now() / 1000;
  const noon = Math.floor(now / DAY) * DAY - n * DAY + 12 * 3600 + plusSeconds;
  return now - noon;
};

/**
 * The Slack connector end to end: OAuth v2 with user scopes (a real OAuth 2 server behind the
 * peer's /oauth/v2/authorize and /api/oauth.v2.access, answering Slack's authed_user shape) and a
 * local peer of the Web API with two channels, a thread with replies and a channel the user is not in.
 */
describe.each(testDatabases())("Slack connector (%s)", (kind) => {
  let world: ConnectorWorld<SlackPeer>;
  let m: TestMnemo;
  let oauth: OAuthProvider;
  let peer: SlackPeer;
  let alice: TestUser;
  let bob: TestUser;
  let account: ConnectedAccount;
  const flow = cloudFlow(() => m, "slack");
  const refreshes = () => oauth.grants.filter((g) => g === "refresh_token").length;
  const ferry: PeerMessage = {
    ts: slackTs(noonDaysAgo(2)),
    user: "U0BEN",
    text: "Ferry leaves at 9 from pier 4",
  };
  const storm: PeerMessage = { ts: slackTs(noonDaysAgo(1)), user: "U0CY", text: "Storm warning for Friday" };
  const reply = (text: string, user: string, after: number): PeerMessage => ({
    ts: slackTs(noonDaysAgo(2, after)),
    user,
    text,
    thread_ts: ferry.ts,
  });

  beforeAll(async () => {
    // Slack answers a user-scope install with the user's token under authed_user (token rotation on).
    world = await startConnectorWorld(kind, {
      endpoints: { authorize: "/oauth/v2/authorize", token: "/api/oauth.v2.access" },
      shape: (body, grant) =>
        grant === "authorization_code"
          ? {
              ok: true,
              app_id: "A0MNEMO",
              authed_user: {
                id: "U0ADA",
                scope: "channels:history,channels:read,search:read,users:read",
                access_token: body.access_token,
                token_type: "user",
                refresh_token: body.refresh_token,
                expires_in: 43_200,
              },
              team: { id: "T0ADA", name: "Ada's Workshop" },
              enterprise: null,
              is_enterprise_install: false,
            }
          : { ok: true, token_type: "user", ...body, expires_in: 43_200 },
      peer: (oauth) => startSlackPeer(oauth.url, oauth.validTokens),
      env: (_, peer) => ({
        SLACK_CLIENT_ID: "mnemo-slack-client",
        SLACK_CLIENT_SECRET: "mnemo-slack-secret",
        SLACK_URL: peer.url,
      }),
    });
    ({ m, oauth, peer } = world);
    peer.users = { U0ADA: "Ada", U0BEN: "Ben", U0CY: "Cy" };
    peer.channels = [
      {
        id: "C0GENERAL",
        name: "general",
        member: true,
        messages: [
          ferry,
          reply("Is it the big ferry?", "U0CY", 60),
          reply("Yes, the blue one.", "U0BEN", 120),
          reply("Bring a coat, it is windy on deck.", "U0ADA", 180),
          {
            ts: slackTs(noonDaysAgo(2, 300)),
            user: "U0ADA",
            text: "Lunch at noon in the <#C0RANDOM|random> room",
          },
          storm,
          { ts: slackTs(noonDaysAgo(40)), user: "U0CY", text: "Ancient history from last quarter" },
        ],
      },
      {
        id: "C0RANDOM",
        name: "random",
        member: true,
        messages: [{ ts: slackTs(noonDaysAgo(3)), user: "U0BEN", text: "Anyone seen my umbrella?" }],
      },
      {
        id: "C0SECRET",
        name: "secret",
        member: false,
        messages: [{ ts: slackTs(noonDaysAgo(1)), user: "U0CY", text: "Not for Ada" }],
      },
    ];
    alice = await m.buildUser();
    bob = await m.buildUser();
  }, 120_000);
  afterAll(() => world?.close());

  const day = (n: number) =>
    new Date((Math.floor(Date.now() / 1000 / DAY) - n) * DAY * 1000).toISOString().slice(0, 10);

  it("connects with read-only user scopes and names the workspace", async () => {
    account = await flow.connect(alice, (url) => {
      expect(url.origin + url.pathname).toBe(`${peer.url}/oauth/v2/authorize`);
      expect(url.searchParams.get("user_scope")?.split(",")).toEqual(
        expect.arrayContaining(["channels:history", "channels:read", "search:read"]),
      );
      expect(url.searchParams.get("user_scope")).not.toMatch(/write|chat:/);
      expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    });
    expect(account).toMatchObject({
      title: "Ada's Workshop (Slack)",
      user_name: "ada",
      org_url: "https://ada.slack.example/",
    });
  });

  it("syncs the user's channels, one memory per channel and day, each thread kept with its parent", async () => {
    const done = await flow.settled(alice, account.id);
    expect(done.sync).toMatchObject({ state: "idle", last_error: null });
    const memories = await flow.memories(alice);
    expect(memories.map((s) => s.title).sort()).toEqual(
      [`#general · ${day(2)}`, `#general · ${day(1)}`, `#random · ${day(3)}`].sort(),
    );
    const text = await flow.content(alice, memories.find((s) => s.title === `#general · ${day(2)}`)!.id);
    // The thread's replies (two pages of conversations.replies) follow their parent, in order.
    const order = [
      "Ferry leaves at 9",
      "Is it the big ferry?",
      "Yes, the blue one.",
      "Bring a coat",
      "Lunch at noon",
    ].map((s) => text.indexOf(s));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(text).toContain("**Ben**");
    expect(text).toContain("#random room");
    const all = JSON.stringify(await Promise.all(memories.map((s) => flow.content(alice, s.id))));
    expect(all).not.toContain("Not for Ada");
    expect(all).not.toContain("Ancient history");
  });

  it("picks up a late reply and removes a day whose only message was deleted", async () => {
    peer.channels[0]!.messages.push(reply("Boarding closes at 8:50.", "U0BEN", 240));
    storm.deleted = true;
    const done = await flow.syncNow(alice, account.id);
    expect(done.sync.last_error).toBeNull();
    const memories = await flow.memories(alice);
    expect(memories.map((s) => s.title)).not.toContain(`#general · ${day(1)}`);
    expect(memories).toHaveLength(2);
    const text = await flow.content(alice, memories.find((s) => s.title === `#general · ${day(2)}`)!.id);
    expect(text).toContain("Boarding closes at 8:50.");
    // Later syncs ask only for recent history (oldest), not the whole channel again.
    const history = peer.requests.filter((r) => r.path === "/api/conversations.history").at(-1)!;
    expect(Number(history.url.searchParams.get("oldest"))).toBeGreaterThan(Date.now() / 1000 - 9 * DAY);
  });

  it("searches Slack live and previews the whole thread; another user cannot", async () => {
    const hits = await flow.liveSearch(alice, "blue one");
    expect(hits).toHaveLength(1);
    expect(hits[0]!.subject).toContain("#general");
    const preview = await flow.preview(alice, hits, 0);
    expect(preview.status).toBe(200);
    const md = ((await preview.json()) as GetContentResponse).content.markdown;
    expect(md).toContain("Ferry leaves at 9");
    expect(md).toContain("> **Ben**");
    expect((await flow.preview(bob, hits, 0)).status).toBe(404);
  });

  it("lets the user choose the channels that sync; the others are no longer read", async () => {
    const res = await m.request("GET", `/api/apps/sync_choices?connection_id=${account.id}`, { as: alice });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      label: "Channels",
      chosen_all: true,
      items: [
        { id: "C0GENERAL", name: "#general", detail: "Channel", chosen: true },
        { id: "C0RANDOM", name: "#random", detail: "Channel", chosen: true },
      ],
    });
    expect(
      (await m.request("GET", `/api/apps/sync_choices?connection_id=${account.id}`, { as: bob })).status,
    ).toBe(404);
    const refused = await m.request("POST", "/api/apps/set_sync_choices", {
      as: bob,
      json: { connection_id: account.id, chosen: ["C0RANDOM"] },
    });
    expect(refused.status).toBe(404);

    const before = (await flow.accounts(alice))[0]!.sync.last_sync_at;
    const set = await m.request("POST", "/api/apps/set_sync_choices", {
      as: alice,
      json: { connection_id: account.id, chosen: ["C0RANDOM"] },
    });
    expect(set.status).toBe(200);
    const seen = peer.requests.length;
    await flow.settled(alice, account.id, before);
    const read = peer.requests.slice(seen).filter((r) => r.path === "/api/conversations.history");
    expect(read.map((r) => r.url.searchParams.get("channel"))).toEqual(["C0RANDOM"]);
    const after = (await (
      await m.request("GET", `/api/apps/sync_choices?connection_id=${account.id}`, { as: alice })
    ).json()) as {
      chosen_all: boolean;
      items: { id: string; chosen: boolean }[];
    };
    expect(after.chosen_all).toBe(false);
    expect(after.items.filter((i) => i.chosen).map((i) => i.id)).toEqual(["C0RANDOM"]);
    // What #general already brought in stays.
    expect(await flow.memories(alice)).toHaveLength(2);
    await m.request("POST", "/api/apps/set_sync_choices", {
      as: alice,
      json: { connection_id: account.id, chosen: null },
    });
    await flow.settled(alice, account.id, (await flow.accounts(alice))[0]!.sync.last_sync_at);
  });

  it("waits out Slack's 429 ratelimited answers with Retry-After", async () => {
    peer.rateLimit(2, 1);
    const done = await flow.syncNow(alice, account.id);
    expect(peer.rateLimited).toBe(2);
    expect(done.sync).toMatchObject({ state: "idle", last_error: null });
  });

  it("refreshes a rotated token that is about to expire before using it", async () => {
    // Twelve hours later: the stored token is past its expiry, and Slack no longer takes it.
    await flow.expireStoredToken(account.id, Date.now() - 1000);
    oauth.expireAccessTokens();
    const before = refreshes();
    const done = await flow.syncNow(alice, account.id);
    expect(done.sync).toMatchObject({ state: "idle", last_error: null });
    expect(refreshes()).toBe(before + 1);
  });

  it("asks for Reconnect when the token was revoked (ok:false, token_revoked)", async () => {
    for (const t of oauth.validTokens) peer.revoked.add(t);
    await flow.revoked(alice, account.id, oauth, "Slack");
    expect(await flow.memories(alice)).toHaveLength(2);
  });
});
