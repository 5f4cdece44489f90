import { expect, test, type Page } from "@playwright/test";
import { creativeUnavailable } from "@mnemo/contracts/llm";
import { themedShots } from "./helpers";
import { MemoryApi } from "./wall-api";

/**
 * Issue 41: Creative mode is unavailable, with its reason, without a generative model (as Web is
 * without a provider); the share dialog says what a public link gives and offers Revoke only while
 * the chat is public. The e2e server has no generative model (playwright.config.ts).
 */
let seq = 0;
const email = (label: string) => `${label}-${Date.now().toString(36)}${(seq += 1)}@example.com`;
const items = (page: Page) => page.getByTestId("chat-item");

async function signedIn(page: Page, api: MemoryApi, modes: string[] = []) {
  await page.addInitScript(
    ([token, m]) => {
      localStorage.setItem("mnemo.token", token);
      localStorage.setItem("searchModes", m);
    },
    [api.token, JSON.stringify(modes)] as const,
  );
}

async function ask(page: Page, q: string) {
  const box = page.getByRole("textbox", { name: "Question" });
  await box.fill(q);
  await box.press("Enter");
  await expect(items(page).last()).toHaveAttribute("data-status", "success", { timeout: 30_000 });
}

test("Creative is disabled with its reason when no generative model is configured @phone", async ({
  page,
  request,
}) => {
  const api = await MemoryApi.signUp(request, email("creative"), "Cora Creative");
  const id = await api.createPage("Kettle notes", "The kettle boils water in ninety seconds.");
  await api.waitIndexed([id]);
  // A Creative mode stored earlier (e.g. on a server that had a model) is not sent either.
  await signedIn(page, api, ["creative"]);
  await page.goto("/chat/new");
  const creative = page.getByRole("button", { name: `Creative (unavailable: ${creativeUnavailable})` });
  await expect(creative).toBeVisible();
  await expect(creative).toBeDisabled();
  await expect(page.getByRole("button", { name: "Creative", exact: true })).toHaveCount(0);
  await page.getByTestId("creative-unavailable").hover();
  await expect(page.getByRole("tooltip")).toContainText(creativeUnavailable);
  await themedShots(page, "chat-creative-unavailable");

  const sent = page.waitForRequest((r) => r.url().endsWith("/api/qna") && r.method() === "POST");
  await ask(page, "How fast does the kettle boil?");
  expect(((await sent).postDataJSON() as { search_type: string[] }).search_type).not.toContain("creative");
  await expect(items(page).last().getByTestId("answer")).toContainText("ninety seconds");
});

test("the share dialog says what a public link gives; Revoke shows only while the chat is public", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const api = await MemoryApi.signUp(request, email("share"), "Sam Share");
  const id = await api.createPage("Kettle notes", "The kettle boils water in ninety seconds.");
  await api.waitIndexed([id]);
  await signedIn(page, api);
  await page.goto("/chat/new");
  await ask(page, "How fast does the kettle boil?");
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);

  await page.getByRole("button", { name: "Share" }).click();
  const dialog = page.getByRole("dialog", { name: "Share this chat" });
  // A visitor must sign in to ask a follow-up (spec 1 §5): the dialog does not promise otherwise.
  await expect(dialog).toContainText("Anyone with the link can read the questions and answers");
  await expect(dialog).toContainText("People signed in to Mnemo can also ask follow-ups");
  await expect(dialog).not.toContainText("Anyone with the link can read the questions and answers, and ask");
  await expect(dialog.getByRole("button", { name: "Revoke public access" })).toHaveCount(0);
  await themedShots(page, "chat-share-private");

  await dialog.getByRole("button", { name: "Make public and get link" }).click();
  const link = await dialog.getByLabel("Public link").inputValue();
  await expect(dialog.getByRole("button", { name: "Revoke public access" })).toBeVisible();
  await themedShots(page, "chat-share-public");

  // Reopened after a reload, a public chat shows its link and Revoke.
  await page.reload();
  await page.getByRole("button", { name: "Share" }).click();
  await expect(dialog.getByLabel("Public link")).toHaveValue(link);
  await dialog.getByRole("button", { name: "Revoke public access" }).click();
  await expect(page.getByText("Public access revoked")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Revoke public access" })).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Make public and get link" })).toBeVisible();
  // Revoked stays revoked: the link is dead, and reopening does not share it again.
  await page.reload();
  await page.getByRole("button", { name: "Share" }).click();
  await expect(dialog.getByRole("button", { name: "Make public and get link" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Revoke public access" })).toHaveCount(0);
  const chatId = new URL(link).pathname.split("/").pop();
  const token = new URL(link).searchParams.get("token")!;
  const res = await request.get(`/api/public_chat/get_public_chat_history?token=${token}&chat_id=${chatId}`);
  expect(res.status()).toBe(404);
});
