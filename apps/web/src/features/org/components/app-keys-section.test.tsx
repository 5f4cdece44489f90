// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { renderScreen, scriptServer } from "@/test/render";
import { AppKeysSection } from "./app-keys-section";

const orgId = "0b6c9a8e-1111-4222-8333-444455556666";
const keysUrl = `GET /api/org/get_organization_keys?organization_id=${orgId}`;
const post = "POST /api/org/update_organization_keys";
const key = {
  app_name: "github",
  client_id: "cid",
  redirect_url: "https://mnemo.example/cb",
  has_client_secret: true,
  updated_at: "2026-11-24T10:00:00Z",
};

beforeEach(() => localStorage.setItem("mnemo.token", "tok"));
afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe("Organisation → App keys", () => {
  it("saves an app's OAuth client once every field is filled, then empties the form", async () => {
    let saved = false;
    const calls = scriptServer({
      [keysUrl]: () => ({ body: { organization_id: orgId, keys: saved ? [key] : [] } }),
      [post]: () => {
        saved = true;
        return { body: { success: true } };
      },
    });
    renderScreen(<AppKeysSection organizationId={orgId} />);
    await screen.findByText("No app keys yet.");
    const form = screen.getByRole("form", { name: "Set app keys" });
    const field = (label: string) => within(form).getByLabelText(label);
    const save = within(form).getByRole("button", { name: "Save keys" });
    expect(field("App")).toHaveProperty("placeholder", "github");
    expect(field("Client secret")).toHaveProperty("type", "password");

    fireEvent.change(field("App"), { target: { value: "github" } });
    fireEvent.change(field("Client ID"), { target: { value: "cid" } });
    fireEvent.change(field("Client secret"), { target: { value: "s3cret" } });
    expect(save).toHaveProperty("disabled", true);
    fireEvent.change(field("Redirect URL"), { target: { value: "https://mnemo.example/cb" } });
    expect(save).toHaveProperty("disabled", false);

    fireEvent.click(save);
    await screen.findByText("Keys for github saved.");
    expect(await screen.findByText(/cid · https:\/\/mnemo.example\/cb/)).toBeTruthy();
    expect(field("App")).toHaveProperty("value", "");
    await waitFor(() => expect(save).toHaveProperty("disabled", true));
    // The secret travels in the body, never in the address (proxies and browser history keep it).
    const sent = calls.filter((c) => c.key.startsWith("POST "));
    expect(sent.map((c) => c.key)).toEqual([post]);
    expect(sent[0].body).toEqual({
      organization_id: orgId,
      app_name: "github",
      client_id: "cid",
      client_secret: "s3cret",
      redirect_url: "https://mnemo.example/cb",
    });
  });
});
