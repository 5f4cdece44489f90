import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { openNav, revealPreviewHeader, themedShots } from "./helpers";
import { MemoryApi } from "./wall-api";

/**
 * Review cards (issue 45): cards made from a typed note, reviewed one at a time with the keyboard
 * (Space shows the answer, 3 grades Good), the graded card leaving the due list (its FSRS schedule
 * advanced), its source opening at the passage, and the Anki CSV with each card's source link.
 */
let seq = 0;
const email = (label: string) => `${label}-${Date.now().toString(36)}${(seq += 1)}@example.com`;

async function typeNote(page: Page, title: string, lines: string[]) {
  await page.getByRole("button", { name: "Add memory" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Upload your memories" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Take Notes" }).click();
  const editor = page.getByRole("dialog").filter({ has: page.getByLabel("Page title") });
  await editor.getByLabel("Page title").fill(title);
  await editor.locator(".bn-editor").click();
  for (const [i, line] of lines.entries()) {
    if (i > 0) await page.keyboard.press("Enter");
    await page.keyboard.type(line);
  }
  await editor.getByRole("button", { name: "Save Page" }).click();
  await expect(editor).toBeHidden();
  await dialog.getByRole("button", { name: "Save Memories" }).click();
  await expect(dialog).toBeHidden();
}

test("cards made from a typed note are reviewed with the keyboard, the schedule advances, and the Anki export links each card's source @phone", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const api = await MemoryApi.signUp(request, email("review"), "Rhea Review");
  await page.addInitScript((token) => localStorage.setItem("mnemo.token", token), api.token);
  await page.goto("/");

  // The Review tab before any card: nothing due, and how to make cards.
  const nav = await openNav(page);
  await nav.getByRole("link", { name: "Review" }).click();
  await expect(page.getByRole("heading", { name: "Review", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Nothing due" })).toBeVisible();
  await expect(page.getByText(/choose Make review cards/)).toBeVisible();
  await themedShots(page, "review-empty");

  await page.goto("/");
  await typeNote(page, "Lighthouses", [
    "The Eddystone Lighthouse was first lit in 1698 on rocks south of Plymouth.",
    "The tower of Ar-Men stands 37 metres above the sea.",
    "the sea is calm today and nobody knows why it is so quiet.",
  ]);
  const card = page.getByTestId("memory-card").filter({ hasText: "Lighthouses" });
  await expect(card).toHaveAttribute("data-status", "success", { timeout: 45_000 });
  const memoryId = (await card.getAttribute("data-source-id"))!;

  // From a selection in the preview: only the selected sentence makes a card.
  await card.getByRole("button", { name: /^Open / }).click();
  const preview = page.getByTestId("source-preview");
  const tower = preview
    .getByTestId("page-pane")
    .getByText("The tower of Ar-Men stands 37 metres above the sea.");
  await tower.click({ clickCount: 3 });
  expect(await page.evaluate(() => window.getSelection()?.toString())).toContain("37 metres");
  // Selecting showed the header (a tap to bring it back would clear the selection on a phone).
  const makeInPreview = preview.getByRole("button", { name: "Make review cards" });
  if (!(await makeInPreview.isVisible())) await revealPreviewHeader(preview);
  await makeInPreview.click();
  await expect(page.getByText("Made 1 review card.", { exact: true })).toBeVisible();
  await revealPreviewHeader(preview);
  await themedShots(page, "review-preview");
  await page.keyboard.press("Escape");
  await expect(preview).toBeHidden();

  // From the card's menu: the other sentence (a date) makes the second card.
  await card.getByRole("button", { name: "Actions for Lighthouses" }).click();
  await page.getByRole("menuitem", { name: "Make review cards" }).click();
  await expect(page.getByText("Made 1 review card. 1 was already made.")).toBeVisible();
  // Again: nothing is made twice, and it says so.
  await card.getByRole("button", { name: "Actions for Lighthouses" }).click();
  await page.getByRole("menuitem", { name: "Make review cards" }).click();
  await expect(page.getByText(/No new cards: the cards of these sentences are already made/)).toBeVisible();

  const nav2 = await openNav(page);
  await expect(nav2.getByTestId("review-due-badge")).toHaveText(/^2/);
  await nav2.getByRole("link", { name: /Review/ }).click();
  await expect(page.getByTestId("review-due-count")).toHaveText("2 cards due");
  const review = page.getByTestId("review-card");
  const front = review.getByTestId("review-front");
  await expect(front).toHaveText("The tower of Ar-Men stands _____ metres above the sea.");
  await expect(review.getByTestId("review-answer")).not.toContainText("37");
  await themedShots(page, "review-question");

  // Space shows the answer; 3 grades it Good.
  await page.keyboard.press("Space");
  await expect(review.getByTestId("review-answer")).toContainText("37");
  await expect(review.getByRole("button", { name: "Good (key 3)" })).toBeVisible();
  await themedShots(page, "review-answer");
  const before = await api.call<{ cards: { id: string; front: string }[] }>("GET", "/api/review/due");
  const first = before.cards.find((c) => c.front.includes("Ar-Men"))!;
  await page.keyboard.press("3");
  await expect(page.getByTestId("review-due-count")).toHaveText("1 card due");
  await expect(front).toHaveText(
    "The Eddystone Lighthouse was first lit in _____ on rocks south of Plymouth.",
  );

  // The graded card left the due list: its schedule moved it past now.
  const after = await api.call<{ due_count: number; cards: { id: string }[]; next_due_at: string }>(
    "GET",
    "/api/review/due",
  );
  expect(after.due_count).toBe(1);
  expect(after.cards.map((c) => c.id)).not.toContain(first.id);
  expect(Date.parse(after.next_due_at)).toBeGreaterThan(Date.now());

  // The card's source opens the memory's preview at its passage.
  await review.getByRole("button", { name: "Open the source passage in Lighthouses" }).click();
  await expect(preview).toBeVisible();
  await expect(preview.getByTestId("page-pane")).toContainText("first lit in 1698");
  // A note's passage is a CSS highlight over the editor (its DOM is never changed).
  const highlighted = () =>
    page.evaluate(() => {
      const h = CSS.highlights.get("mnemo-passage");
      const range = h ? ([...h][0] as Range | undefined) : undefined;
      return range ? range.toString() : null;
    });
  await expect
    .poll(highlighted)
    .toContain("The Eddystone Lighthouse was first lit in 1698 on rocks south of Plymouth.");
  await page.keyboard.press("Escape");
  await expect(preview).toBeHidden();

  // Export for Anki: a CSV with Anki's headers and each card's source link.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export for Anki" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^mnemo-review-cards-.*\.csv$/);
  const csv = fs.readFileSync((await file.path())!, "utf8");
  expect(csv).toContain("#columns:Front,Back,Source,Tags");
  expect(csv).toContain("The Eddystone Lighthouse was first lit in _____ on rocks south of Plymouth.");
  expect(csv).toContain(`?preview=${memoryId}&amp;passage=`);

  // A collection's Make review cards: its memory's cards are made already, and it says so.
  const created = await request.put("/api/collection?collection_name=Coasts", {
    headers: { authorization: `Bearer ${api.token}` },
  });
  expect(created.status()).toBe(201);
  const { collection_id } = (await created.json()) as { collection_id: string };
  await api.call("POST", `/api/collection/add_sources?collection_id=${collection_id}`, {
    documents: [memoryId],
  });
  await page.goto(`/collections/${collection_id}`);
  await page.getByRole("button", { name: "Make review cards" }).click();
  await expect(page.getByText(/No new cards: the cards of these sentences are already made/)).toBeVisible();
  await themedShots(page, "review-collection");

  // Grade the last one with a button: nothing due, and when the next card is.
  await page.goto("/review");
  await expect(front).toContainText("The Eddystone Lighthouse was first lit in _____");
  await page.keyboard.press("Space");
  await review.getByRole("button", { name: "Easy (key 4)" }).click();
  await expect(page.getByRole("heading", { name: "Nothing due" })).toBeVisible();
  await expect(page.getByText(/The next card is due in/)).toBeVisible();
  // Every card stays listed with its next due date.
  await page.getByRole("button", { name: "All cards (2)" }).click();
  await expect(page.getByRole("region", { name: "All cards" }).getByRole("listitem")).toHaveCount(2);
  await themedShots(page, "review-all-cards");
});
