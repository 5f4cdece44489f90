// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { connectedAccount, integration } from "@/test/factories";
import { renderScreen, scriptServer } from "@/test/render";
import { IntegrationsSection } from "./integrations-section";

const app = integration;

const slackAccount = connectedAccount("slack", "0b6c9a8e-1111-4222-8333-444455556666", {
  title: "Ada's Workshop (Slack)",
  user_email: null,
  user_name: "ada",
  org_name: "Ada's Workshop",
});

beforeEach(() => localStorage.setItem("mnemo.token", "tok"));
afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe("Settings → Integrations with cloud apps", () => {
  it("shows an unconfigured app as Unavailable with its reason, and lets a Slack account choose its channels", async () => {
    const choicesUrl = `GET /api/apps/sync_choices?connection_id=${slackAccount.id}`;
    const calls = scriptServer({
      "GET /api/user/get_available_applications": {
        body: {
          applications: [
            app("notion", "Notion", {
              unavailable_reason:
                "Not set up on this server: the operator adds a Notion public integration (NOTION_CLIENT_ID and NOTION_CLIENT_SECRET).",
            }),
            app("slack", "Slack", { capabilities: ["sync", "search", "content", "choose"] }),
          ],
        },
      },
      "GET /api/user/get_connected_applications": { body: { accounts: [slackAccount] } },
      [choicesUrl]: {
        body: {
          label: "Channels",
          chosen_all: true,
          items: [
            { id: "C1", name: "#general", detail: "Channel", chosen: true },
            { id: "C2", name: "#design", detail: "Private channel", chosen: true },
          ],
        },
      },
      "POST /api/apps/set_sync_choices": { body: { account: slackAccount } },
    });
    renderScreen(<IntegrationsSection />);

    const notion = await screen.findByRole("listitem", { name: "Notion" });
    expect(within(notion).getByText(/NOTION_CLIENT_ID/)).toBeTruthy();
    expect(
      (within(notion).getByRole("button", { name: "Notion: Unavailable" }) as HTMLButtonElement).disabled,
    ).toBe(true);

    const slack = screen.getByRole("listitem", { name: "Slack" });
    fireEvent.click(within(slack).getByRole("button", { name: "Channels" }));
    const dialog = await screen.findByRole("dialog");
    const general = await within(dialog).findByRole("checkbox", { name: /#general/ });
    expect(
      (within(dialog).getByRole("radio", { name: /All channels I am in/ }) as HTMLInputElement).checked,
    ).toBe(true);
    // Unticking one switches to "only these"; unticking the last one cannot be saved.
    fireEvent.click(general);
    expect(
      (within(dialog).getByRole("radio", { name: /Only the channels/ }) as HTMLInputElement).checked,
    ).toBe(true);
    fireEvent.click(within(dialog).getByRole("checkbox", { name: /#design/ }));
    expect(within(dialog).getByRole("alert").textContent).toMatch(/Tick at least one/);
    expect((within(dialog).getByRole("button", { name: "Save" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole("checkbox", { name: /#design/ }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Saved. Syncing the chosen items now.")).toBeTruthy();
    expect(calls.find((c) => c.key === "POST /api/apps/set_sync_choices")?.body).toEqual({
      connection_id: slackAccount.id,
      chosen: ["C2"],
    });
  });
});
