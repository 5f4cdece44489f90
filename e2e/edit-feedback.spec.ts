import { expect, test } from "@playwright/test";
import { revealPreviewHeader } from "./helpers";
import { MemoryApi } from "./wall-api";

let seq = 0;
const email = (label: string) => `${label}-${Date.now().toString(36)}${(seq += 1)}@example.com`;

/**
 * Editing says what happened (issue 41): the Notes tab confirms a save, an empty title says why ✓
 * is disabled, and the picker's "Please select at least one memory." goes once the user searches.
 */
test("the Notes tab confirms a save, an empty title says why, a search clears the picker's error", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const api = await MemoryApi.signUp(request, email("feedback"), "Fay Feedback");
  const note = await api.createPage("Harbour log", "# Harbour log\n\nThe ferry left at dawn.");
  const image = await api.uploadFixture("ocr-text.png", "image/png", "image");
  await api.waitIndexed([note, image]);
  await page.addInitScript((token) => localStorage.setItem("mnemo.token", token), api.token);

  // The Notes tab: Save Changes ends in "Changes saved.", which goes when the text is edited again.
  await page.goto(`/?preview=${image}`);
  const dialog = page.getByTestId("source-preview");
  await expect(dialog.getByTestId("preview-image")).toBeVisible();
  await dialog.getByRole("tab", { name: "Notes" }).click();
  const noteBox = dialog.getByRole("textbox", { name: "Note" });
  await noteBox.fill("Receipt from the chandlery");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog.getByRole("status").filter({ hasText: "Changes saved." })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Save Changes" })).toHaveCount(0);
  await noteBox.fill("Receipt from the chandlery, paid");
  await expect(dialog.getByText("Changes saved.")).toHaveCount(0);

  // An empty title: ✓ is disabled and the header says why.
  await revealPreviewHeader(dialog);
  await dialog.getByRole("button", { name: "Edit title" }).click();
  const titleBox = dialog.getByRole("textbox", { name: "Title" });
  await titleBox.fill("   ");
  await expect(dialog.getByRole("button", { name: "Save title" })).toBeDisabled();
  await expect(dialog.getByRole("alert").filter({ hasText: "A title is required." })).toBeVisible();
  await expect(titleBox).toHaveAccessibleDescription("A title is required.");
  await titleBox.fill("Chandlery receipt");
  await expect(dialog.getByText("A title is required.")).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Save title" })).toBeEnabled();
  await titleBox.press("Escape");

  // The existing-memories picker: the error goes once the user searches.
  const created = await request.put("/api/collection", {
    headers: { authorization: `Bearer ${api.token}` },
    data: { name: "Harbour" },
  });
  expect(created.status()).toBe(201);
  const { collection_id } = (await created.json()) as { collection_id: string };
  await page.goto(`/collections/${encodeURIComponent(collection_id)}`);
  await page.getByRole("button", { name: "Add memories" }).first().click();
  const picker = page
    .getByRole("dialog", { name: "Upload your memories" })
    .getByRole("region", { name: "Add memories to this collection" });
  await picker.getByRole("button", { name: "Add memory" }).click();
  await expect(picker.getByText("Please select at least one memory.")).toBeVisible();
  await picker.getByRole("searchbox", { name: "Search your memories" }).fill("harbour");
  await expect(picker.getByText("Please select at least one memory.")).toBeHidden();
  await expect(picker.getByRole("checkbox", { name: /Harbour log/ })).toBeVisible();
});
