import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOAuthProvider, type OAuthProvider } from "../../test/oauth-provider.ts";
import { cloudApi } from "./cloud.ts";
import type { Connector, ConnectorDeps, StoredAccount } from "./connectors/types.ts";

/**
 * Two clients of one account (a live search beside a sync) against a provider whose refresh
 * tokens work once (Slack, Microsoft): the second must take the tokens the first stored, not spend
 * its stale copy of the refresh token and send the user to Reconnect.
 */
let provider: OAuthProvider;
beforeAll(async () => {
  provider = await startOAuthProvider({ authorize: "/authorize", token: "/token" });
  provider.singleUseRefresh = true;
});
afterAll(async () => {
  await provider?.close();
});

const connector = (): Connector =>
  ({
    id: "single-use",
    name: "Single Use",
    oauth: {
      unconfigured: () => null,
      endpoints: () => ({
        authorize: `${provider.url}/authorize`,
        token: `${provider.url}/token`,
        clientId: "client",
        clientSecret: "secret",
        scopes: [],
      }),
      identify: async () => ({ externalId: "x", title: "x", config: {} }),
    },
  }) as unknown as Connector;

/** The account row as the database keeps it, read and written by every client. */
function storedAccount(initial: Record<string, string>) {
  const row = { secret: { ...initial } };
  const open = (): StoredAccount => ({
    id: "account-1",
    ownerId: "owner-1",
    config: {},
    cursor: null,
    secret: { ...row.secret },
    saveSecret: async (s) => {
      row.secret = { ...s };
    },
    loadSecret: async () => ({ ...row.secret }),
  });
  return { row, open };
}

describe("cloud tokens shared by clients of one account", () => {
  it("a second client takes the tokens the first refreshed instead of spending a used refresh token", async () => {
    const code = await fetch(`${provider.url}/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: "c",
        client_id: "client",
        redirect_uri: "http://127.0.0.1/cb",
      }),
    });
    const first = (await code.json()) as { access_token: string; refresh_token: string };
    expect(first.refresh_token).toBeTruthy();
    // Both clients read the account while its access token is about to expire.
    const account = storedAccount({
      access_token: first.access_token,
      refresh_token: first.refresh_token,
      expires_at: String(Date.now() + 1000),
    });
    const deps = { settings: {}, fetch } as unknown as ConnectorDeps;
    const sync = cloudApi(connector(), account.open(), deps);
    const search = cloudApi(connector(), account.open(), deps);

    const refreshed = await sync.token();
    expect(provider.grants.filter((g) => g === "refresh_token")).toHaveLength(1);
    expect(account.row.secret.refresh_token).not.toBe(first.refresh_token);
    expect(account.row.secret.access_token).toBe(refreshed);
    // The second client's copy still holds the spent refresh token; it takes the stored tokens.
    expect(await search.token()).toBe(refreshed);
    expect(provider.grants.filter((g) => g === "refresh_token")).toHaveLength(1);
  });
});
