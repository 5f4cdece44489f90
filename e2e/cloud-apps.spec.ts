import { expect, test } from "@playwright/test";
import { newUser, signUp } from "./helpers.ts";

test("connect Google Drive through Google's sign-in, find a Doc in App search, and get it cited in chat", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const user = newUser("gdrive");
  await signUp(page, user);
  await page.goto("/settings#integrations");
  const drive = page.getByRole("listitem", { name: "Google Drive" });
  await drive.getByRole("button", { name: "Connect" }).click();
  // The local OAuth server (Google's paths) signs in at once and sends the browser back.
  await expect(page.getByText("ada@example.org connected.")).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL((u) => u.pathname === "/settings" && u.search === "");
  const accounts = page.getByRole("list", { name: "Google Drive accounts" });
  await expect(accounts).toContainText("ada@example.org");
  // The Doc, the Sheet, the Slides, the PDF in the shared drive and the DOCX.
  await expect(accounts).toContainText("Synced just now · 5 memories", { timeout: 60_000 });

  // Gmail too, for the App search modal's apps filter: one message.
  const gmail = page.getByRole("listitem", { name: "Gmail" });
  await gmail.getByRole("button", { name: "Connect" }).click();
  const mailAccounts = page.getByRole("list", { name: "Gmail accounts" });
  await expect(mailAccounts).toContainText("Synced just now · 1 memory", { timeout: 60_000 });

  // App search asks Drive itself (its full-text search) and previews the Doc.
  await drive.getByRole("button", { name: "Search Google Drive" }).click();
  const searchDialog = page.getByRole("dialog", { name: "Search in Google Drive" });
  const searchBox = searchDialog.getByRole("textbox", { name: "Search in Google Drive" });
  await searchBox.fill("neap tides");
  await searchBox.press("Enter");
  const results = searchDialog.getByRole("list", { name: "Results" });
  await expect(results.getByRole("button")).toHaveCount(1, { timeout: 20_000 });
  await results.getByRole("button", { name: /Tide notes/ }).click();
  const preview = searchDialog.getByRole("region", { name: /Preview of Tide notes/ });
  await expect(preview).toContainText("neap tides fall at the quarters");
  await page.screenshot({ path: "artifacts/e2e/cloud-apps-drive-preview-1280.png" });
  await searchDialog.getByRole("button", { name: "Results" }).click();

  // The search filter bar (spec 2 §2, §3): file types and apps, each with Clear, asked of the server.
  await searchDialog.getByRole("button", { name: "Apps: Google Drive" }).click();
  await page.getByRole("menuitemcheckbox", { name: "Gmail" }).click();
  await page.keyboard.press("Escape");
  await expect(results.getByRole("button")).toHaveCount(2, { timeout: 20_000 });
  await expect(results.getByRole("button", { name: /Neap tide warning/ })).toContainText("Gmail");
  await expect(results.getByRole("button", { name: /Tide notes/ })).toContainText("Google Drive");
  await searchDialog.getByRole("button", { name: "File type: All types" }).click();
  await page.getByRole("menuitemcheckbox", { name: "E-mails" }).click();
  await page.keyboard.press("Escape");
  await expect(results.getByRole("button")).toHaveCount(1, { timeout: 20_000 });
  await expect(results.getByRole("button")).toContainText("Neap tide warning");
  await page.screenshot({ path: "artifacts/e2e/cloud-apps-search-filters-1280.png" });
  await searchDialog.getByRole("button", { name: "File type: E-mails" }).click();
  await page.getByRole("menuitemcheckbox", { name: "PDFs" }).click();
  await page.getByRole("menuitemcheckbox", { name: "E-mails" }).click();
  await page.keyboard.press("Escape");
  await expect(searchDialog).toContainText("No results found.", { timeout: 20_000 });
  await searchDialog.getByRole("button", { name: "File type: PDFs" }).click();
  // Clear closes the menu.
  await page.getByRole("menuitem", { name: "Clear" }).click();
  await expect(results.getByRole("button")).toHaveCount(2, { timeout: 20_000 });
  await page.keyboard.press("Escape");

  // Chat with Google Drive selected cites the Doc.
  await page.goto("/chat/new");
  await page.getByRole("button", { name: "Apps" }).click();
  await page.getByRole("menuitem", { name: "Google Drive" }).click();
  await page.keyboard.press("Escape");
  const asked = page.waitForRequest((r) => r.url().endsWith("/api/qna"));
  const box = page.getByRole("textbox", { name: "Question" });
  await box.fill("When do neap tides fall?");
  await box.press("Enter");
  const body = (await asked).postDataJSON() as { selected_apps_list: string[] };
  expect(body.selected_apps_list).toEqual(["google-drive"]);
  const item = page.getByTestId("chat-item").last();
  await expect(item).toHaveAttribute("data-status", "success", { timeout: 30_000 });
  await expect(item).toContainText("Tide notes");
});
