import { expect, test, type Page } from "@playwright/test";
import { themedShots } from "./helpers";
import { MemoryApi } from "./wall-api";

/**
 * Issue 41: an answer saved as a memory keeps its sources and never echoes its original in a later
 * answer; similar questions are grammatical and about the question's topic.
 */
let seq = 0;
const email = (label: string) => `${label}-${Date.now().toString(36)}${(seq += 1)}@example.com`;
const items = (page: Page) => page.getByTestId("chat-item");
const question = "What temperature makes sourdough more sour?";
const keySentence = "A cool dough at 18 to 20 degrees makes sourdough more sour";

async function ask(page: Page, q: string) {
  const box = page.getByRole("textbox", { name: "Question" });
  await box.fill(q);
  await box.press("Enter");
  const item = items(page).last();
  await expect(item).toHaveAttribute("data-status", "success", { timeout: 30_000 });
  return item;
}

async function setUp(page: Page, api: MemoryApi) {
  const ids = {
    bread: await api.createPage(
      "Sourdough notes",
      "Sourdough is leavened by wild yeast and lactic acid bacteria. The German rye loaf is dense and keeps for a week. A cool dough at 18 to 20 degrees makes sourdough more sour, because acetic acid builds up during the long proof.",
    ),
    garden: await api.createPage(
      "Garden",
      "The tomatoes need six hours of sun. The basil grows fast at warm temperatures in the greenhouse.",
    ),
  };
  await api.waitIndexed(Object.values(ids));
  await page.addInitScript((token) => localStorage.setItem("mnemo.token", token), api.token);
  return ids;
}

test("Save as memory keeps the answer's sources; the saved answer never repeats its original @phone", async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const api = await MemoryApi.signUp(request, email("echo"), "Ada Echo");
  const ids = await setUp(page, api);
  await page.goto("/chat/new");
  const first = await ask(page, question);
  await expect(first.getByTestId("answer")).toContainText(keySentence);

  const recorded = page.waitForResponse((r) => r.url().includes("/api/record_saved_answer"));
  await first.getByRole("button", { name: "Save as memory" }).click();
  expect((await recorded).status()).toBe(200);
  await expect(first.getByRole("button", { name: "Saved" })).toBeVisible();
  await expect(first.getByRole("note").filter({ hasText: "Saved to your memories." })).toBeVisible();

  // The saved page reads on its own: linked citations and its sources, linking to the memory.
  const chatId = page.url().split("/").pop();
  const history = await api.call<{ session_data: { saved_source_id: string | null }[] }>(
    "POST",
    `/api/fetch_user_chat_history?chat_id=${chatId}`,
  );
  const echoId = history.session_data[0].saved_source_id!;
  await api.waitIndexed([echoId]);
  await page.goto(`/?preview=${echoId}`);
  const preview = page.getByTestId("source-preview");
  await expect(preview.getByText("Sources", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(preview.getByRole("link", { name: "Sourdough notes" }).first()).toHaveAttribute(
    "href",
    `/?preview=${ids.bread}`,
  );
  await expect(preview.getByText(/\[1\]/).first()).toBeVisible();
  await themedShots(page, "chat-saved-answer-page");

  // Asked again: one sentence, cited once, from the original; the copy is not a source.
  await page.goto("/chat/new");
  const again = await ask(page, question);
  const answer = await again.getByTestId("answer").innerText();
  expect(answer.split(keySentence).length - 1).toBe(1);
  await expect(again.getByTestId("source-card")).toHaveCount(1);
  await expect(again.getByTestId("source-card")).toContainText("Sourdough notes");
  const chips = await again.locator("[data-citation]").allInnerTexts();
  expect(chips.length).toBeGreaterThan(0);
  expect(chips.every((c) => c.trim() === "1")).toBe(true);

  // Similar questions: about the bread, grammatical, never the saved question wrapped in a template.
  const similar = again.getByRole("region", { name: "Similar Questions" });
  await expect(similar).toBeVisible();
  const suggestions = await similar.getByRole("button").allInnerTexts();
  expect(suggestions.length).toBeGreaterThanOrEqual(2);
  for (const s of suggestions) {
    expect(s).not.toMatch(/about The |about German\?|What is What|\? about\?|Garden|tomato/i);
    expect((s.match(/\?/g) ?? []).length).toBeLessThanOrEqual(1);
  }
  await themedShots(page, "chat-echo-again");
});
