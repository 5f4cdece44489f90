import { describe, expect, it } from "vitest";
import type { ConnectedAccount, Integration } from "@mnemo/contracts";
import { anySyncing, rowState, syncStatus } from "./rows";

const app = (o: Partial<Integration> = {}): Integration => ({
  applications_id: "rss",
  application_name: "RSS feeds",
  app_logo_url: "/app-logos/rss.svg",
  status: "Active",
  rank: 1,
  is_truto_application: false,
  domains: [],
  description: "",
  auth_kind: "none",
  capabilities: ["sync"],
  credential_fields: [],
  unavailable_reason: null,
  ...o,
});
const account = (sync: Partial<ConnectedAccount["sync"]> = {}): ConnectedAccount => ({
  id: "a1",
  app_name: "rss",
  title: "Tides",
  isMcp: false,
  needsReAuth: false,
  needs_reauth: false,
  user_email: null,
  user_name: null,
  org_name: null,
  org_url: null,
  created_at: "2026-11-24T00:00:00.000Z",
  sync: {
    state: "idle",
    last_sync_at: null,
    items_synced: 0,
    problems: 0,
    indexing: 0,
    last_error: null,
    ...sync,
  },
});

describe("integration rows", () => {
  it("is Unavailable with a reason, Connected with an account, Connect otherwise", () => {
    expect(rowState(app({ status: "Coming Soon", unavailable_reason: "Not yet." }), [])).toBe("Unavailable");
    expect(rowState(app({ status: "Under Maintenance" }), [])).toBe("Unavailable");
    expect(rowState(app(), [account()])).toBe("Connected");
    expect(rowState(app(), [])).toBe("Connect");
  });

  it("words the sync status of an account", () => {
    const now = Date.parse("2026-11-24T01:00:00Z");
    expect(syncStatus(account({ state: "running" }), now)).toEqual({ text: "Syncing…", tone: "busy" });
    expect(syncStatus(account({ last_sync_at: "2026-11-24T00:55:00Z", items_synced: 3 }), now).text).toBe(
      "Synced 5 minutes ago · 3 memories",
    );
    expect(
      syncStatus(account({ state: "error", last_error: "The feed answered with status 500." }), now),
    ).toEqual({
      text: "Last sync failed: The feed answered with status 500.",
      tone: "error",
    });
    expect(
      syncStatus(account({ last_sync_at: "2026-11-24T00:55:00Z", items_synced: 6, problems: 3 }), now),
    ).toEqual({ text: "Synced 5 minutes ago with 3 problems · 6 memories", tone: "error" });
    expect(
      syncStatus(account({ last_sync_at: "2026-11-24T00:55:00Z", items_synced: 1, problems: 1 }), now).text,
    ).toBe("Synced 5 minutes ago with 1 problem · 1 memory");
    expect(anySyncing([account({ state: "queued" })])).toBe(true);
    expect(anySyncing([account()])).toBe(false);
    // Synced, still indexing: the row's problem count is not final yet.
    expect(anySyncing([account({ indexing: 2 })])).toBe(true);
  });
});
