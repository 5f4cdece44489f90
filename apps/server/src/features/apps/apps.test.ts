import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  AppSearchResponse,
  ApplicationsResponse,
  ConnectedAccount,
  GetContentResponse,
  SourceList,
} from "@mnemo/contracts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { startFixtureSite, type FixtureSite } from "../../test/fixtures/sites/server.ts";
import { waitUntil } from "../../test/wait.ts";
import { waitIndexed } from "../../core/ingest/test/helpers.ts";
import { readNdjson } from "../../test/ndjson.ts";
import { buildCollection, buildSource } from "../../test/factories.ts";

describe.each(testDatabases())("connected apps: platform and the RSS connector (%s)", (kind) => {
  let m: TestMnemo;
  let site: FixtureSite;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    site = await startFixtureSite();
    site.feeds.set("tides", [
      { id: "tides-1", title: "Sourdough at sea", path: "/articles/sourdough", summary: "Baking aboard." },
      { id: "tides-2", title: "Stars over the harbour", path: "/articles/astronomy", summary: "Night sky." },
    ]);
    site.feeds.set("garden", [
      { id: "g-1", title: "Beds", path: "/articles/gardening", summary: "Raised beds." },
    ]);
    m = await createTestMnemo(kind, { FETCH_ALLOW_HOSTS: "127.0.0.1", FETCH_EXTRA_CA: site.caPath });
    alice = await m.buildUser();
    bob = await m.buildUser();
  }, 60_000);
  afterAll(async () => {
    await m?.close();
    await site?.close();
  });

  const accounts = async (as: TestUser) => {
    const res = await m.request("GET", "/api/user/get_connected_applications", { as });
    expect(res.status).toBe(200);
    return ((await res.json()) as { accounts: ConnectedAccount[] }).accounts;
  };
  const connect = (as: TestUser, feed: string) =>
    m.request("POST", "/api/t/store_integrated_id", {
      as,
      json: { app_name: "rss", credentials: { feed_url: feed } },
    });
  const rssMemories = async (as: TestUser) => {
    const res = await m.request("GET", "/api/sources?page_size=100", { as });
    return ((await res.json()) as SourceList).results.filter((s) => s.app === "rss");
  };
  const synced = (as: TestUser, id: string, items: number) =>
    waitUntil(`account ${id} synced ${items} items`, async () => {
      const a = (await accounts(as)).find((x) => x.id === id);
      return a?.sync.state === "idle" && a.sync.items_synced === items && a;
    });

  it("lists every app without a token: what can be connected, and why the rest cannot", async () => {
    const res = await m.request("GET", "/api/findr/applications");
    expect(res.status).toBe(200);
    const { applications } = (await res.json()) as ApplicationsResponse;
    const rss = applications.find((a) => a.applications_id === "rss");
    expect(rss).toMatchObject({ status: "Active", unavailable_reason: null, auth_kind: "none" });
    expect(rss?.credential_fields.map((f) => f.name)).toEqual(["feed_url"]);
    const mail = applications.find((a) => a.applications_id === "mail");
    expect(mail).toMatchObject({ status: "Active", unavailable_reason: null, auth_kind: "credentials" });
    // An app this server is not set up for says why, and cannot be connected.
    const github = applications.find((a) => a.applications_id === "github");
    expect(github?.unavailable_reason).toMatch(/^Not set up on this server/);
    const refused = await m.request("POST", "/api/t/store_integrated_id", {
      as: alice,
      json: { app_name: "github", credentials: {} },
    });
    expect(refused.status).toBe(409);
  });

  it("refuses an address that is not a feed, or not allowed, and stores nothing", async () => {
    const notFeed = await connect(alice, `${site.origin}/articles/sourdough`);
    expect(notFeed.status).toBe(400);
    expect(((await notFeed.json()) as { message: string }).message).toBe(
      "This address does not serve an RSS or Atom feed.",
    );
    const insecure = await connect(alice, "http://example.com/feed.xml");
    expect(insecure.status).toBe(400);
    const local = await connect(alice, "https://10.0.0.1/feed.xml");
    expect(((await local.json()) as { message: string }).message).toBe(
      "This address cannot be reached from Mnemo.",
    );
    expect(await accounts(alice)).toEqual([]);
  });

  it("connects a feed, syncs its entries into indexed memories, then only what is new", async () => {
    const res = await connect(alice, `${site.origin}/feeds/tides.xml`);
    expect(res.status).toBe(201);
    const { account } = (await res.json()) as { account: ConnectedAccount };
    expect(account).toMatchObject({
      app_name: "rss",
      title: "tides journal",
      isMcp: false,
      needsReAuth: false,
    });

    await synced(alice, account.id, 2);
    const first = await rssMemories(alice);
    expect(first.map((s) => s.url).sort()).toEqual(
      [`${site.origin}/articles/astronomy`, `${site.origin}/articles/sourdough`].sort(),
    );
    const rows = await waitIndexed(
      m,
      alice,
      first.map((s) => ({ id: s.id, type: s.type })),
    );
    expect(rows.map((r) => r.indexing_status)).toEqual(["success", "success"]);
    const hits = await m.ctx.search.search(
      m.ctx.database.db,
      { actorId: alice.id, actorEmail: alice.email },
      "sourdough starter",
      3,
    );
    expect(first.map((s) => s.id)).toContain(hits[0]?.sourceId);

    // Nothing changed: the conditional GET answers 304 and nothing is saved twice.
    const before = site.stats.requests.length;
    expect(
      (await m.request("POST", `/api/apps/sync_now?connection_id=${account.id}`, { as: alice })).status,
    ).toBe(200);
    await waitUntil("the unchanged feed re-read", () => site.stats.requests.length > before);
    await synced(alice, account.id, 2);
    expect(await rssMemories(alice)).toHaveLength(2);

    // One new entry: exactly one new memory.
    site.feeds.get("tides")!.push({
      id: "tides-3",
      title: "Tide pools",
      path: "/articles/gardening",
      summary: "Low tide.",
    });
    await m.request("POST", `/api/apps/sync_now?connection_id=${account.id}`, { as: alice });
    const after = await synced(alice, account.id, 3);
    expect(after.sync.last_error).toBeNull();
    expect(await rssMemories(alice)).toHaveLength(3);
  });

  it("applies the free plan's account limit with the spec's message", async () => {
    const second = await connect(alice, `${site.origin}/feeds/garden.xml`);
    expect(second.status).toBe(403);
    expect(((await second.json()) as { message: string }).message).toBe(
      "Maximum RSS feeds accounts connected. Upgrade to Pro to add 4 more accounts.",
    );
  });

  it("never shows or lets another user touch an account", async () => {
    const [account] = await accounts(alice);
    expect(await accounts(bob)).toEqual([]);
    const remove = await m.request(
      "GET",
      `/api/user/deactivate_user_application?app_name=rss&connection_id=${account!.id}`,
      { as: bob },
    );
    expect(remove.status).toBe(404);
    expect(
      (await m.request("POST", `/api/apps/sync_now?connection_id=${account!.id}`, { as: bob })).status,
    ).toBe(404);
    expect(await rssMemories(bob)).toEqual([]);
    for (const path of [
      "/api/user/get_connected_applications",
      `/api/apps/sync_now?connection_id=${account!.id}`,
    ]) {
      const res = await m.request(path.startsWith("/api/apps") ? "POST" : "GET", path);
      expect(res.status).toBe(401);
    }
  });

  it("searches what an app brought in, previews a result, and refuses others", async () => {
    const res = await m.request(
      "GET",
      "/api/search_v1/get_queried_data?query=sourdough+starter&app_name=rss",
      {
        as: alice,
      },
    );
    expect(res.status).toBe(200);
    const { results } = (await res.json()) as AppSearchResponse;
    expect(results.most_relevant_results[0]).toMatchObject({
      app: "rss",
      url: `${site.origin}/articles/sourdough`,
      reference_number: 1,
    });
    const latest = (await (
      await m.request("GET", "/api/search_v1/get_queried_data?app_name=rss&get_last_n_results=2", {
        as: alice,
      })
    ).json()) as AppSearchResponse;
    expect([...latest.results.most_relevant_results, ...latest.results.other_results]).toHaveLength(2);

    const preview = await m.request("POST", "/api/get_content", {
      as: alice,
      json: { responses: results.most_relevant_results, search_query: "sourdough", previewed_result_rank: 0 },
    });
    expect(preview.status).toBe(200);
    expect(((await preview.json()) as GetContentResponse).content.markdown).toMatch(/sourdough/i);

    // Bob has no RSS account: nothing to search, and Alice's result is not his to preview.
    const none = await m.request("GET", "/api/search_v1/get_queried_data?query=sourdough&app_name=rss", {
      as: bob,
    });
    expect(none.status).toBe(400);
    expect(((await none.json()) as { message: string }).message).toBe("You haven't connected any apps yet.");
    const stolen = await m.request("POST", "/api/get_content", {
      as: bob,
      json: { responses: results.most_relevant_results, previewed_result_rank: 0 },
    });
    expect(stolen.status).toBe(404);
  });

  it("answers from a selected app in chat, and counts the app search only when it ran", async () => {
    // A collection about something else: its chat finds the feed's article only in Apps mode.
    const note = await buildSource(m, alice, {
      title: "Tide pools",
      markdown: "Anemones live in tide pools.",
    });
    const collectionId = await buildCollection(m, alice, { sources: [note] });
    const ask = async (extra: Record<string, unknown>) => {
      const res = await m.request("POST", "/api/qna", {
        as: alice,
        json: { question: "How do I feed a sourdough starter?", collection_id: collectionId, ...extra },
      });
      expect(res.status).toBe(200);
      const lines = await readNdjson(res);
      const urls = lines.flatMap((l) => l.sources?.results ?? []).map((r) => r.url);
      const types = lines.find((l) => l.final_results_search_types)?.final_results_search_types;
      const notSearched = lines.find((l) => l.apps_not_searched)?.apps_not_searched ?? [];
      return { urls, types, notSearched };
    };
    const stats = async () =>
      (
        (await (await m.request("GET", "/api/user/stats?needDailyStats=true", { as: alice })).json()) as {
          daily: { apps: { count: number } };
        }
      ).daily.apps.count;
    const before = await stats();
    const without = await ask({});
    expect(without.urls).not.toContain(`${site.origin}/articles/sourdough`);
    const withApps = await ask({ search_type: ["apps"], selected_apps_list: ["rss"] });
    expect(withApps.urls).toContain(`${site.origin}/articles/sourdough`);
    expect(withApps.types).toContain("apps");
    expect(await stats()).toBe(before + 1);
    // A selected app that is not connected is not searched and not counted.
    const notConnected = await ask({ search_type: ["apps"], selected_apps_list: ["github"] });
    expect(notConnected.urls).not.toContain(`${site.origin}/articles/sourdough`);
    // …and the answer says so.
    expect(notConnected.notSearched).toEqual(["GitHub"]);
    expect(withApps.notSearched).toEqual([]);
    expect(await stats()).toBe(before + 1);
  });

  it("removes an account keeping its memories, or deleting them when asked", async () => {
    const [account] = await accounts(alice);
    const kept = await m.request(
      "POST",
      `/api/t/delete_integrated_id?integrated_id=${account!.id}&app_name=rss`,
      { as: alice },
    );
    expect(kept.status).toBe(200);
    expect(await kept.json()).toEqual({ removed: true, deleted_memories: 0 });
    expect(await accounts(alice)).toEqual([]);
    expect(await rssMemories(alice)).toHaveLength(3);

    // Bob connects the garden feed and removes it with its memories.
    const res = await connect(bob, `${site.origin}/feeds/garden.xml`);
    const { account: garden } = (await res.json()) as { account: ConnectedAccount };
    await synced(bob, garden.id, 1);
    const gone = await m.request(
      "GET",
      `/api/user/deactivate_user_application?app_name=rss&connection_id=${garden.id}&delete_memories=true`,
      { as: bob },
    );
    expect(await gone.json()).toEqual({ removed: true, deleted_memories: 1 });
    expect(await rssMemories(bob)).toEqual([]);
  });
});
