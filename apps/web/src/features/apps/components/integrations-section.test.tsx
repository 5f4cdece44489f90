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

describe("Settings → Integrations: Reconnect", () => {
  const mailApp = app("mail", "Mail", {
    auth_kind: "credentials",
    credential_fields: [
      {
        name: "imap_host",
        label: "IMAP server",
        kind: "text",
        required: true,
        placeholder: "",
        secret: false,
      },
      { name: "username", label: "User name", kind: "text", required: true, placeholder: "", secret: false },
      {
        name: "password",
        label: "Password or app password",
        kind: "password",
        required: true,
        placeholder: "",
        secret: true,
      },
    ],
  });
  const mailAccount = connectedAccount("mail", "5a0c3c1e-2222-4333-8444-555566667777", {
    needs_reauth: true,
    needsReAuth: true,
  });

  it("asks only for the new password and re-authenticates the same account, never removing it", async () => {
    let tries = 0;
    const calls = scriptServer({
      "GET /api/user/get_available_applications": { body: { applications: [mailApp] } },
      "GET /api/user/get_connected_applications": { body: { accounts: [mailAccount] } },
      "POST /api/apps/reconnect": () =>
        ++tries === 1
          ? {
              status: 400,
              body: { error: "validation", message: "The mail server refused the user name or password." },
            }
          : { body: { account: { ...mailAccount, needs_reauth: false, needsReAuth: false } } },
    });
    renderScreen(<IntegrationsSection />);

    const row = await screen.findByRole("listitem", { name: "Mail" });
    expect(within(row).getByText("Sign-in expired. Reconnect to keep syncing.")).toBeTruthy();
    fireEvent.click(within(row).getByRole("button", { name: "Reconnect" }));
    const dialog = await screen.findByRole("dialog", { name: "Reconnect ada@example.org" });
    // The server and user name are the account's own: only the secret is asked again.
    expect(within(dialog).queryByLabelText("IMAP server")).toBeNull();
    const password = within(dialog).getByLabelText("Password or app password");

    fireEvent.change(password, { target: { value: "wrong" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reconnect" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      "The mail server refused the user name or password.",
    );

    fireEvent.change(password, { target: { value: "new-secret" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reconnect" }));
    expect(await screen.findByText("ada@example.org reconnected. A sync has started.")).toBeTruthy();
    expect(calls.filter((c) => c.key === "POST /api/apps/reconnect").map((c) => c.body)).toEqual([
      { connection_id: mailAccount.id, credentials: { password: "wrong" } },
      { connection_id: mailAccount.id, credentials: { password: "new-secret" } },
    ]);
    // The account is never removed and connected anew (that orphaned its memories, issue 43).
    expect(calls.some((c) => /deactivate|delete_integrated_id|store_integrated_id/.test(c.key))).toBe(false);
  });
});
