import { expect, test, type Page } from "@playwright/test";
import { MemoryApi } from "./wall-api";

/**
 * Answers over a real Markdown note (issue 42): wikilinks, an embed, a callout, a table and
 * emphasis come back as clean prose with citation chips, and the note's source card shows the
 * passage the answer cites.
 */
let seq = 0;
const email = (label: string) => `${label}-${Date.now().toString(36)}${(seq += 1)}@example.com`;
const items = (page: Page) => page.getByTestId("chat-item");
const raw = /\[\[|\]\]|\[!|\*\*|\|---|```|^---|tags:/m;

const note = [
  "---",
  "tags: [obsidian, help]",
  "---",
  "# Core plugins",
  "",
  "A [[Core plugins|core plugin]] ships with Obsidian and can be turned on in **Settings**.",
  "![[plugins-screenshot.png]]",
  "",
  "> [!info]+ Where to find them",
  "> Open Settings and choose the Core plugins tab to switch a plugin on.",
  "",
  "| Plugin | What it does |",
  "|---|---|",
  "| Daily notes | Opens a note for today's date |",
  "| Templates | Inserts a ==template== into the current note |",
  "",
].join("\n");

async function ask(page: Page, question: string) {
  await page.goto("/chat/new");
  const box = page.getByRole("textbox", { name: "Question" });
  await box.fill(question);
  await box.press("Enter");
  const first = items(page).first();
  const answer = first.getByTestId("answer");
  await expect(answer.getByRole("button", { name: /1/ }).first()).toBeVisible({ timeout: 20_000 });
  return { first, answer };
}

test("an answer over a Markdown note reads as prose with chips, its card showing the cited passage", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const api = await MemoryApi.signUp(request, email("notes"), "Nora Notes");
  const id = await api.uploadFile("Core plugins.md", Buffer.from(note), "text/markdown");
  await api.waitIndexed([id]);
  await page.addInitScript((token) => localStorage.setItem("mnemo.token", token), api.token);

  // A table row is answered as "column: value" text, never as a half row with pipes.
  const table = await ask(page, "Which plugin opens a note for today's date?");
  await expect(table.answer).toContainText(
    "Plugin: Daily notes; What it does: Opens a note for today's date",
  );
  expect(await table.answer.innerText()).not.toMatch(raw);
  const card = table.first.getByTestId("source-card").filter({ hasText: "Core plugins" }).first();
  await expect(card).toContainText("Opens a note for today's date");
  expect(await card.innerText()).not.toMatch(raw);

  // A callout's body and a wikilink's label are prose; the callout marker is never quoted.
  const callout = await ask(page, "Where do I switch a core plugin on in Settings?");
  await expect(callout.answer).toContainText("choose the Core plugins tab");
  const text = await callout.answer.innerText();
  expect(text).not.toMatch(raw);
  expect(text).not.toContain("info]");
  const calloutCard = callout.first.getByTestId("source-card").filter({ hasText: "Core plugins" }).first();
  await expect(calloutCard).toContainText("choose the Core plugins tab");
});
