// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { AppSearchResult } from "@mnemo/contracts";
import { connectedAccount, integration } from "@/test/factories";
import { renderScreen, scriptServer } from "@/test/render";
import { AppSearchDialog } from "./app-search-dialog";

const app = (id: string, name: string) => integration(id, name);
const account = connectedAccount;

const result = (app: string, subject: string, fileType: AppSearchResult["misc"]["file_type"], t: number) => ({
  id: `0b6c9a8e-1111-4222-8333-44445555666${t}:${subject}`,
  app,
  key: subject,
  subject,
  text: `About ${subject}`,
  url: null,
  timestamp: 1_700_000_000 + t,
  attachments: [],
  misc: { type: fileType === "email" ? "email" : "file", file_type: fileType },
  reference_number: 1,
});

const answer = (...results: ReturnType<typeof result>[]) => ({
  body: { results: { most_relevant_results: results, other_results: [] } },
});
const searchUrl = (app: string, extra = "") =>
  `GET /api/search_v1/get_queried_data?query=tides&app_name=${app}&is_retry_request=false${extra}`;

beforeEach(() => localStorage.setItem("mnemo.token", "tok"));
afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe("App search modal filters (spec 2 §2 Search filter bar, §3 Search filters)", () => {
  it("asks the server for the chosen file types, adds another connected app, and clears back", async () => {
    const calls = scriptServer({
      "GET /api/user/get_available_applications": {
        body: { applications: [app("gmail", "Gmail"), app("google-drive", "Google Drive")] },
      },
      "GET /api/user/get_connected_applications": {
        body: {
          accounts: [
            account("gmail", "0b6c9a8e-1111-4222-8333-444455556661"),
            account("google-drive", "0b6c9a8e-1111-4222-8333-444455556662"),
          ],
        },
      },
      [searchUrl("gmail")]: answer(result("gmail", "Tide tables by mail", "email", 1)),
      [searchUrl("gmail", "&file_types=pdf")]: answer(),
      [searchUrl("google-drive", "&file_types=pdf")]: answer(
        result("google-drive", "Tide survey.pdf", "pdf", 2),
      ),
      [searchUrl("gmail", "&file_types=pdf&sort=oldest")]: answer(),
      [searchUrl("google-drive", "&file_types=pdf&sort=oldest")]: answer(
        result("google-drive", "Tide survey.pdf", "pdf", 2),
      ),
    });
    renderScreen(<AppSearchDialog app={app("gmail", "Gmail")} onOpenChange={() => {}} />);
    const dialog = await screen.findByRole("dialog", { name: "Search in Gmail" });
    const box = within(dialog).getByRole("textbox", { name: "Search in Gmail" });
    fireEvent.change(box, { target: { value: "tides" } });
    fireEvent.submit(box.closest("form")!);
    const results = await within(dialog).findByRole("list", { name: "Results" });
    expect(within(results).getByRole("button").textContent).toContain("Tide tables by mail");
    expect(within(results).getByRole("button").textContent).toContain("E-mails");

    // File types: PDFs only — the last search runs again, the server picks (none in Gmail).
    fireEvent.keyDown(within(dialog).getByRole("button", { name: "File type: All types" }), { key: "Enter" });
    fireEvent.click(await screen.findByRole("menuitemcheckbox", { name: "PDFs" }));
    expect(await within(dialog).findByText("No results found.")).toBeTruthy();
    expect(calls.map((c) => c.key)).toContain(searchUrl("gmail", "&file_types=pdf"));
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });

    // Apps: Google Drive added — both apps asked, each result named by its app.
    await waitFor(() => expect(within(dialog).getByRole("button", { name: "Apps: Gmail" })).toBeTruthy());
    fireEvent.keyDown(within(dialog).getByRole("button", { name: "Apps: Gmail" }), { key: "Enter" });
    fireEvent.click(await screen.findByRole("menuitemcheckbox", { name: "Google Drive" }));
    const merged = await within(dialog).findByRole("list", { name: "Results" });
    expect(within(merged).getByRole("button").textContent).toContain("Tide survey.pdf");
    expect(within(merged).getByRole("button").textContent).toContain("Google Drive");
    expect(calls.map((c) => c.key)).toContain(searchUrl("google-drive", "&file_types=pdf"));
    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    // The title and the box name both apps searched.
    expect(screen.getByRole("dialog", { name: "Search in Gmail and Google Drive" })).toBe(dialog);
    await waitFor(() =>
      expect(within(dialog).getByRole("textbox", { name: "Search in Gmail and Google Drive" })).toBe(box),
    );

    // The time sort goes to the server too.
    fireEvent.change(within(dialog).getByRole("combobox", { name: "Sort" }), { target: { value: "oldest" } });
    await waitFor(() =>
      expect(calls.map((c) => c.key)).toContain(searchUrl("google-drive", "&file_types=pdf&sort=oldest")),
    );

    // Clear: every connected app, every type.
    fireEvent.keyDown(within(dialog).getByRole("button", { name: "File type: PDFs" }), { key: "Enter" });
    fireEvent.click(await screen.findByRole("menuitem", { name: "Clear" }));
    await waitFor(() => expect(calls.map((c) => c.key)).toContain(searchUrl("gmail", "&sort=oldest")));
    expect(calls.map((c) => c.key)).toContain(searchUrl("google-drive", "&sort=oldest"));
  });
});
