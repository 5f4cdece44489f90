import { restoreViewport, themedShots } from "./helpers";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { MemoryApi } from "./wall-api";

/**
 * The chat experience end to end, on the offline extractive engine. The server runs with
 * ANSWER_STREAM_DELAY_MS (playwright.config.ts) so an answer streams slowly enough to watch and stop.
 */
let seq = 0;
const email = (label: string) => `${label}-${Date.now().toString(36)}${(seq += 1)}@example.com`;

async function signedIn(page: Page, api: MemoryApi, path: string) {
  await page.addInitScript((token) => localStorage.setItem("mnemo.token", token), api.token);
  await page.goto(path);
}

const shots = (page: Page, name: string) => themedShots(page, name, { settleMs: 200 });

const items = (page: Page) => page.getByTestId("chat-item");

async function ask(page: Page, question: string) {
  const box = page.getByRole("textbox", { name: "Question" });
  await box.fill(question);
  await box.press("Enter");
}

async function publicView(browser: Browser, url: string, token?: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (token) await page.addInitScript((t) => localStorage.setItem("mnemo.token", t), token);
  await page.goto(url);
  return { context, page };
}

test("ask, stream, cite, stop, regenerate, copy, vote, save, history, share, revoke, duplicate", async ({
  page,
  browser,
  request,
  context,
}) => {
  test.setTimeout(180_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  // Vote events reach any listener of the app's `mnemo:track` DOM event (the analytics seam).
  await page.addInitScript(() => {
    const seen: unknown[] = [];
    (window as unknown as { trackedByTest: unknown[] }).trackedByTest = seen;
    window.addEventListener("mnemo:track", (e) => seen.push((e as CustomEvent).detail));
  });
  const alice = await MemoryApi.signUp(request, email("chat-alice"), "Alice Chat");
  const ids = [
    await alice.createPage(
      "Telescope notes",
      "The reflecting telescope has a mirror of 200 millimetres. Its mirror was ground by hand in 1998 by a patient amateur. The mount is equatorial and tracks the stars.",
    ),
    await alice.createPage(
      "Garden",
      "The garden has tomatoes and basil. Tomatoes need six hours of sun each day.",
    ),
    await alice.createPage(
      "Observatory trip",
      "We visited the observatory in May and saw the rings of Saturn through the clouds.",
    ),
  ];
  await alice.waitIndexed(ids);

  // A new chat greets word by word, then the first question replaces the greeting.
  await signedIn(page, alice, "/chat/new");
  await expect(page.getByTestId("greeting")).toHaveText("Hello! How can I help you?", { timeout: 5000 });
  await expect(page.getByRole("textbox", { name: "Question" })).toHaveAttribute(
    "placeholder",
    "Ask your question here...",
  );
  await ask(page, "How big is the telescope mirror?");
  await expect(page.getByTestId("greeting")).toHaveCount(0);
  const first = items(page).first();
  await expect(first).toHaveAttribute("data-status", "streaming");
  await expect(first.getByTestId("thoughts")).toBeVisible();
  await expect(first.getByTestId("source-card").filter({ hasText: "Telescope notes" })).toBeVisible();
  await expect(first).toHaveAttribute("data-status", "success", { timeout: 20_000 });
  await expect(first.getByTestId("answer")).toContainText("200 millimetres");
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  // The model picker shows the model's whole name, on a desktop and on a phone.
  const modelName = page.getByRole("button", { name: "Model", exact: true }).locator("span");
  await expect(modelName).toHaveText("Mnemo extractive (offline)");
  for (const width of [page.viewportSize()!.width, 390]) {
    await page.setViewportSize({ width, height: 844 });
    expect(await modelName.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  }
  await restoreViewport(page);
  await shots(page, "chat-answer");

  // A citation opens the cited memory's preview (URL-addressable).
  await first.locator("[data-citation]").first().click();
  await expect(page.getByTestId("source-preview")).toBeVisible();
  await expect(page).toHaveURL(/preview=/);
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("source-preview")).toHaveCount(0);

  // A second answer stopped mid-stream is cancelled and keeps its partial text.
  await ask(page, "When was the telescope mirror ground and by whom?");
  const second = items(page).nth(1);
  await expect(second).toHaveAttribute("data-status", "streaming", { timeout: 15_000 });
  await expect(second.getByTestId("answer")).not.toBeEmpty();
  await page.getByRole("button", { name: "Stop response" }).click();
  await expect(second).toHaveAttribute("data-status", "cancelled");
  const partial = (await second.getByTestId("answer").innerText()).trim();
  expect(partial.length).toBeGreaterThan(0);
  // Once the server has stored the turn as cancelled no more chunks can come: the text stays.
  const stoppedChat = page.url().split("/").pop()!;
  await expect
    .poll(
      async () =>
        (
          await alice.call<{ session_data: { status: string }[] }>(
            "POST",
            `/api/fetch_user_chat_history?chat_id=${stoppedChat}`,
          )
        ).session_data[1]?.status,
    )
    .toBe("cancelled");
  expect((await second.getByTestId("answer").innerText()).trim()).toBe(partial);
  await expect(second.getByText("Stopped. The answer so far is kept.")).toBeVisible();

  // Regenerate the first answer with a model from the picker.
  await first.getByRole("button", { name: "Regenerate" }).click();
  await page.getByRole("menuitem").first().click();
  await expect(items(page).first()).toHaveAttribute("data-status", "success", { timeout: 20_000 });
  await expect(items(page).first().getByTestId("answer")).toContainText("200 millimetres");

  // Copy markdown (2 s confirmation) and vote up.
  const regenerated = items(page).first();
  await regenerated.getByRole("button", { name: "Copy" }).click();
  await page.getByRole("menuitem", { name: "Copy markdown" }).click();
  await expect(regenerated.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain("200 millimetres");
  await regenerated.getByRole("button", { name: "Good answer" }).click();
  await expect(regenerated.getByRole("button", { name: "Good answer" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  const events = await page.evaluate(
    () =>
      (window as unknown as { trackedByTest: { name: string; props: { query: string } }[] }).trackedByTest,
  );
  expect(events).toContainEqual({ name: "UpvoteQna", props: { query: "How big is the telescope mirror?" } });
  const chatId = page.url().split("/").pop()!;
  await expect
    .poll(async () =>
      (
        await alice.call<{ session_data: { vote: number | null }[] }>(
          "POST",
          `/api/fetch_user_chat_history?chat_id=${chatId}`,
        )
      ).session_data.some((t) => t.vote === 1),
    )
    .toBe(true);

  // Save the answer as a memory: saving → saved, and it shows on the wall.
  await regenerated.getByRole("button", { name: "Save as memory" }).click();
  await expect(regenerated.getByRole("button", { name: "Saved" })).toBeVisible();

  // Reload: the chat is in history with its saved answers and sources.
  await page.goto("/chat");
  await expect(
    page.getByTestId("chat-list").getByRole("link", { name: /How big is the telescope mirror\?/ }),
  ).toBeVisible();
  await page
    .getByTestId("chat-list")
    .getByRole("link", { name: /How big is the telescope mirror\?/ })
    .click();
  await expect(items(page).first().getByTestId("answer")).toContainText("200 millimetres");
  await expect(items(page).first().getByTestId("source-card").first()).toBeVisible();
  await page.goto("/");
  await expect(
    page.getByTestId("memory-card").filter({ hasText: "How big is the telescope mirror?" }),
  ).toBeVisible({ timeout: 20_000 });

  // Make it public and open the link logged out: login prompts, no Regenerate.
  await page.goto(`/chat/${chatId}`);
  await page.getByRole("button", { name: "Share" }).click();
  await page.getByRole("button", { name: "Make public and get link" }).click();
  const link = await page.getByLabel("Public link").inputValue();
  // The spec's shared-chat address (spec 1 §2).
  expect(link).toContain(`/chat/${chatId}?shared=true&new=true&token=`);
  await shots(page, "chat-share-dialog");
  await page.getByRole("button", { name: "Done" }).click();

  const visitor = await publicView(browser, link);
  const v = visitor.page;
  await expect(items(v).first().getByTestId("answer")).toContainText("200 millimetres");
  await expect(v.getByRole("button", { name: "Regenerate" })).toHaveCount(0);
  await items(v).first().getByRole("button", { name: "Good answer" }).click();
  await expect(v.getByRole("dialog", { name: "Sign in to continue" })).toBeVisible();
  await v.keyboard.press("Escape");
  await items(v).first().getByRole("button", { name: "Save as memory" }).click();
  await expect(v.getByRole("dialog", { name: "Sign in to continue" })).toBeVisible();
  await v.keyboard.press("Escape");
  // A signed-out visitor's follow-up asks them to sign in (spec 1 §5) and sends nothing.
  const turns = await items(v).count();
  await ask(v, "What kind of mount does the telescope have?");
  await expect(v.getByRole("dialog", { name: "Sign in to continue" })).toBeVisible();
  await v.keyboard.press("Escape");
  await expect(items(v)).toHaveCount(turns);
  await shots(v, "chat-public");
  // The old public address still opens the chat, at the spec's address.
  const old = `/public/chat/${chatId}?token=${new URL(link).searchParams.get("token")}`;
  await v.goto(old);
  await expect(v).toHaveURL(new RegExp(`/chat/${chatId}\\?shared=true&new=true&token=`));
  await expect(items(v).first().getByTestId("answer")).toContainText("200 millimetres");

  // Revoke: the link stops working on the next request.
  await page.getByRole("button", { name: "Share" }).click();
  await page.getByRole("button", { name: "Revoke public access" }).click();
  await expect(page.getByText("Public access revoked")).toBeVisible();
  await page.keyboard.press("Escape");
  await v.reload();
  await expect(v.getByRole("alert").filter({ hasText: "No data returned" })).toBeVisible();
  await visitor.context.close();

  // Public again; a second account duplicates it into its own history.
  await page.getByRole("button", { name: "Share" }).click();
  await page.getByRole("button", { name: "Make public and get link" }).click();
  const link2 = await page.getByLabel("Public link").inputValue();
  expect(link2).not.toBe(link);
  const bob = await MemoryApi.signUp(request, email("chat-bob"), "Bob Chat");
  // The revoked link stays dead after sharing again, even for a signed-in viewer.
  const oldView = await publicView(browser, link, bob.token);
  await expect(oldView.page.getByRole("alert").filter({ hasText: "No data returned" })).toBeVisible();
  await oldView.context.close();
  const bobView = await publicView(browser, link2, bob.token);
  // A signed-in visitor may ask a follow-up; it is answered from the memories the chat cites.
  await ask(bobView.page, "What kind of mount does the telescope have?");
  await expect(items(bobView.page).last()).toHaveAttribute("data-status", "success", { timeout: 20_000 });
  await expect(items(bobView.page).last().getByTestId("answer")).toContainText("equatorial");
  await bobView.page.getByRole("button", { name: "Duplicate to my chats" }).click();
  await expect(bobView.page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  expect(bobView.page.url()).not.toContain(chatId);
  await expect(items(bobView.page).first().getByTestId("answer")).toContainText("200 millimetres");
  await bobView.context.close();
});

test("a saved memory with script and javascript: links renders inert in an answer", async ({
  page,
  request,
}) => {
  const carol = await MemoryApi.signUp(request, email("chat-carol"), "Carol Chat");
  const id = await carol.createPage(
    "Hostile note",
    "The hostile note says <script>window.__pwned = 1</script> and links to [click me](javascript:window.__pwned=2) about the lighthouse keeper.",
  );
  await carol.waitIndexed([id]);
  await signedIn(page, carol, "/chat/new");
  await ask(page, "What does the hostile note say about the lighthouse keeper?");
  await expect(items(page).first()).toHaveAttribute("data-status", "success", { timeout: 20_000 });
  await expect(page.locator("[data-testid=answer] script")).toHaveCount(0);
  const hrefs = await page
    .locator("[data-testid=answer] a")
    .evaluateAll((as) => as.map((a) => a.getAttribute("href") ?? ""));
  expect(hrefs.some((h) => h.toLowerCase().startsWith("javascript:"))).toBe(false);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});
