// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanup, screen, within } from "@testing-library/react";
import { connectedAccount, integration } from "@/test/factories";
import { renderScreen, scriptServer } from "@/test/render";
import { IntegrationsSection } from "./integrations-section";

beforeEach(() => localStorage.setItem("mnemo.token", "tok"));
afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe("Settings → Integrations: files that failed to index (issue 43)", () => {
  it("shows an account's problem count on its row", async () => {
    const account = connectedAccount("webdav", "7d1c0f5e-2222-4333-8444-555566667777", {
      title: "Docs (ada)",
      sync: {
        state: "idle",
        last_sync_at: new Date().toISOString(),
        items_synced: 4,
        problems: 3,
        indexing: 0,
        last_error: null,
      },
    });
    scriptServer({
      "GET /api/user/get_available_applications": {
        body: { applications: [integration("webdav", "WebDAV files", { auth_kind: "credentials" })] },
      },
      "GET /api/user/get_connected_applications": { body: { accounts: [account] } },
    });
    renderScreen(<IntegrationsSection />);
    const row = await screen.findByRole("list", { name: "WebDAV files accounts" });
    expect(within(row).getByText("Synced just now with 3 problems · 4 memories")).toBeTruthy();
    // Its sync ledger (what failed and why) is one link away.
    expect(within(row).getByRole("link", { name: "Details for Docs (ada)" }).getAttribute("href")).toBe(
      `/settings/sync#account-${account.id}`,
    );
  });
});
