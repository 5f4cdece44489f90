import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Events, OAuth2Server } from "oauth2-mock-server";
import type { ApplicationsResponse, ConnectedAccount, SourceList } from "@mnemo/contracts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { startGitHubPeer, type GitHubPeer } from "../../test/fixtures/github/peer.ts";
import { waitUntil } from "../../test/wait.ts";

/**
 * The GitHub connector end to end: OAuth 2 with PKCE against a real OAuth 2 server
 * (oauth2-mock-server, GitHub's endpoint paths) and a local peer of GitHub's REST API.
 */
describe.each(testDatabases())("GitHub connector over OAuth (%s)", (kind) => {
  let m: TestMnemo;
  let oauth: OAuth2Server;
  let peer: GitHubPeer;
  let alice: TestUser;
  let bob: TestUser;
  const day = (d: number) => new Date(Date.UTC(2026, 10, d)).toISOString();

  beforeAll(async () => {
    oauth = new OAuth2Server(undefined, undefined, {
      endpoints: { authorize: "/login/oauth/authorize", token: "/login/oauth/access_token" },
    });
    await oauth.issuer.keys.generate("RS256");
    await oauth.start(0, "127.0.0.1");
    peer = await startGitHubPeer();
    // The API accepts exactly the tokens the OAuth server issued.
    oauth.service.on(Events.BeforeResponse, (response: { body: unknown }) => {
      const token = (response.body as { access_token?: string }).access_token;
      if (token) peer.validTokens.add(token);
    });
    peer.repos = [
      {
        name: "tides",
        readme: "# Tides\n\nSpring tides come with the full and new moon; neap tides at the quarters.",
        updated_at: day(1),
        issues: [
          {
            number: 1,
            title: "Tide table is off by an hour",
            body: "Daylight saving shifts the table.",
            state: "open",
            updated_at: day(1),
          },
          {
            number: 2,
            title: "Add lunar phase column",
            body: "Show the moon phase next to each tide.",
            state: "open",
            updated_at: day(1),
            pull: true,
          },
        ],
      },
    ];
    m = await createTestMnemo(kind, {
      GITHUB_CLIENT_ID: "mnemo-test-client",
      GITHUB_CLIENT_SECRET: "mnemo-test-secret",
      GITHUB_URL: oauth.issuer.url!,
      GITHUB_API_URL: peer.url,
      PUBLIC_URL: "http://mnemo.test",
    });
    alice = await m.buildUser();
    bob = await m.buildUser();
  }, 60_000);
  afterAll(async () => {
    await m?.close();
    await peer?.close();
    await oauth?.stop();
  });

  const accounts = async (as: TestUser) =>
    (
      (await (await m.request("GET", "/api/user/get_connected_applications", { as })).json()) as {
        accounts: ConnectedAccount[];
      }
    ).accounts;
  const githubMemories = async (as: TestUser) =>
    (
      (await (await m.request("GET", "/api/sources?page_size=100", { as })).json()) as SourceList
    ).results.filter((s) => s.app === "github");

  /** The browser's round trip: our link → the provider's sign-in → back to settings with code and state. */
  async function signInAtGitHub(as: TestUser, reconnect?: string) {
    const res = await m.request(
      "GET",
      "/api/t/get_connection_link?app_name=github&is_desktop_app_request=false" +
        (reconnect ? `&connection_id=${reconnect}` : ""),
      { as },
    );
    expect(res.status).toBe(200);
    const { link } = (await res.json()) as { link: string };
    const authorize = new URL(link);
    expect(authorize.origin + authorize.pathname).toBe(`${oauth.issuer.url}/login/oauth/authorize`);
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("redirect_uri")).toBe("http://mnemo.test/settings?app=github");
    const back = await fetch(link, { redirect: "manual" });
    const callback = new URL(back.headers.get("location")!);
    return { code: callback.searchParams.get("code")!, state: callback.searchParams.get("state")! };
  }

  it("connects through the provider's sign-in with state and PKCE; a state is single use and the user's own", async () => {
    const { code, state } = await signInAtGitHub(alice);
    // Bob cannot finish Alice's connection.
    const stolen = await m.request(
      "POST",
      `/api/auth/oauth_callback?app_name=github&auth_code=${code}&state=${state}`,
      { as: bob },
    );
    expect(stolen.status).toBe(400);
    expect(((await stolen.json()) as { message: string }).message).toBe(
      "Connection failed. The token seems to be invalid. Please try again.",
    );

    const again = await signInAtGitHub(alice);
    const res = await m.request(
      "POST",
      `/api/auth/oauth_callback?app_name=github&auth_code=${again.code}&state=${again.state}`,
      { as: alice },
    );
    expect(res.status).toBe(200);
    const body = (await res.json()) as { account: ConnectedAccount; redirect_uri: string };
    expect(body.account).toMatchObject({ app_name: "github", title: "octo-ada", user_name: "Ada Octo" });
    expect(body.redirect_uri).toBe("/settings#integrations");
    expect(JSON.stringify(await accounts(alice))).not.toContain("access_token");

    const replay = await m.request(
      "POST",
      `/api/auth/oauth_callback?app_name=github&auth_code=${again.code}&state=${again.state}`,
      { as: alice },
    );
    expect(replay.status).toBe(400);
  });

  it("syncs READMEs, issues and pull requests, then re-indexes only what changed", async () => {
    const [account] = await accounts(alice);
    await waitUntil("first GitHub sync", async () => {
      const a = (await accounts(alice)).find((x) => x.id === account!.id);
      return a?.sync.state === "idle" && a.sync.items_synced === 3 && a;
    });
    const memories = await githubMemories(alice);
    expect(memories.map((s) => s.title).sort()).toEqual([
      "octo-ada/tides README",
      "octo-ada/tides#1 Tide table is off by an hour",
      "octo-ada/tides#2 Add lunar phase column",
    ]);
    // The search index takes the new chunks in a moment after the memories read "success".
    await waitUntil("the README found by app search", async () => {
      const res = await m.request(
        "GET",
        "/api/search_v1/get_queried_data?query=neap+quarters&app_name=github",
        {
          as: alice,
        },
      );
      const found = (await res.json()) as { results: { most_relevant_results: { subject: string }[] } };
      return found.results.most_relevant_results[0]?.subject === "octo-ada/tides README";
    });

    // One issue edited since the last sync: exactly one memory is re-indexed, none added.
    const issue = peer.repos[0]!.issues[0]!;
    issue.body = "Daylight saving shifts the table; fixed by using UTC offsets.";
    issue.updated_at = new Date(Date.now() + 60_000).toISOString();
    await m.request("POST", `/api/apps/sync_now?connection_id=${account!.id}`, { as: alice });
    await waitUntil("second GitHub sync", async () => {
      const a = (await accounts(alice)).find((x) => x.id === account!.id);
      return a?.sync.state === "idle" && a.sync.items_synced === 4 && a;
    });
    expect(await githubMemories(alice)).toHaveLength(3);
    const content = await m.request(
      "GET",
      `/api/sources/${memories.find((s) => s.title.includes("#1"))!.id}/content`,
      {
        as: alice,
      },
    );
    expect(JSON.stringify(await content.json())).toContain("UTC offsets");
  });

  it("marks the account for Reconnect when GitHub refuses its token", async () => {
    const [account] = await accounts(alice);
    peer.validTokens.clear();
    await m.request("POST", `/api/apps/sync_now?connection_id=${account!.id}`, { as: alice });
    const after = await waitUntil("refused sync", async () => {
      const a = (await accounts(alice)).find((x) => x.id === account!.id);
      return a?.sync.state === "error" && a;
    });
    expect(after).toMatchObject({ needs_reauth: true, needsReAuth: true });
    expect(after.sync.last_error).toBe("GitHub refused the sign-in. Reconnect the account.");
  });

  it("Reconnect signs the same account in again at the plan's limit: same id, new tokens, same memories", async () => {
    const [account] = await accounts(alice);
    // A new account of the app is over the free plan's one per app…
    const more = await m.request("GET", "/api/t/get_connection_link?app_name=github", { as: alice });
    expect(more.status).toBe(403);
    // …but Reconnect needs no room, and a stranger cannot reconnect Alice's account.
    const stranger = await m.request(
      "GET",
      `/api/t/get_connection_link?app_name=github&connection_id=${account!.id}`,
      { as: bob },
    );
    expect(stranger.status).toBe(404);
    const { code, state } = await signInAtGitHub(alice, account!.id);
    const res = await m.request(
      "POST",
      `/api/auth/oauth_callback?app_name=github&auth_code=${code}&state=${state}`,
      { as: alice },
    );
    expect(res.status).toBe(200);
    expect(((await res.json()) as { account: ConnectedAccount }).account.id).toBe(account!.id);
    const done = await waitUntil("the reconnected account synced", async () => {
      const list = await accounts(alice);
      const a = list.find((x) => x.id === account!.id);
      return list.length === 1 && a?.sync.state === "idle" && a;
    });
    expect(done).toMatchObject({ needs_reauth: false, sync: { last_error: null } });
    expect(await githubMemories(alice)).toHaveLength(3);
  });
});

describe("GitHub without an OAuth app configured", () => {
  it("is listed as unavailable with the reason, and cannot be connected", async () => {
    const m = await createTestMnemo("pglite");
    try {
      const { applications } = (await (
        await m.request("GET", "/api/findr/applications")
      ).json()) as ApplicationsResponse;
      expect(applications.find((a) => a.applications_id === "github")?.unavailable_reason).toMatch(
        /GITHUB_CLIENT_ID/,
      );
      const user = await m.buildUser();
      const res = await m.request("GET", "/api/t/get_connection_link?app_name=github", { as: user });
      expect(res.status).toBe(409);
    } finally {
      await m.close();
    }
  });
});
