import { expect, test, type Locator, type Page } from "@playwright/test";
import { restoreViewport, showAiPanel } from "./helpers";
import { MemoryApi } from "./wall-api";

/** Chat flows a new user trips over (issue 13): New chat from inside a chat, following the stream. */
let seq = 0;
const email = (label: string) => `${label}-${Date.now().toString(36)}${(seq += 1)}@example.com`;
const items = (scope: Page | Locator) => scope.getByTestId("chat-item");

async function ask(page: Page, question: string) {
  const box = page.getByRole("textbox", { name: "Question" });
  await box.fill(question);
  await box.press("Enter");
}

async function signedInWithNotes(page: Page, request: Parameters<typeof MemoryApi.signUp>[0], label: string) {
  const api = await MemoryApi.signUp(request, email(label), "Chat Flow");
  const telescope = await api.createPage(
    "Telescope notes",
    "The reflecting telescope has a mirror of 200 millimetres. Its mirror was ground by hand in 1998 by a patient amateur. The mount is equatorial and tracks the stars across the night sky. The eyepiece gives a magnification of 120 times. The tube is painted white to stay cool.",
  );
  const trip = await api.createPage(
    "Observatory trip",
    "We visited the observatory in May and saw the rings of Saturn through the clouds. The dome opened at dusk. The astronomer showed us the moons of Jupiter and a double star.",
  );
  await api.waitIndexed([telescope, trip]);
  await page.addInitScript((token) => localStorage.setItem("mnemo.token", token), api.token);
  return { api, telescope };
}

test("New chat from inside an open chat starts a new conversation @phone", async ({ page, request }) => {
  test.setTimeout(90_000);
  await signedInWithNotes(page, request, "newchat");
  await page.goto("/chat/new");
  await ask(page, "How big is the telescope mirror?");
  await expect(items(page).first()).toHaveAttribute("data-status", "success", { timeout: 20_000 });
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  const first = page.url();

  await page.getByRole("link", { name: "New chat" }).click();
  await expect(page.getByTestId("greeting")).toBeVisible();
  await expect(items(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/chat\/new$/);

  await ask(page, "What did we see at the observatory?");
  await expect(items(page)).toHaveCount(1);
  await expect(items(page).first()).toHaveAttribute("data-status", "success", { timeout: 20_000 });
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  expect(page.url()).not.toBe(first);
  await page.getByRole("link", { name: "History" }).click();
  await expect(page.getByRole("link", { name: /How big is the telescope mirror/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /What did we see at the observatory/ })).toBeVisible();
});

const distanceFromBottom = (page: Page) =>
  page
    .getByTestId("chat-scroll")
    .evaluate((el) => Math.round(el.scrollHeight - el.scrollTop - el.clientHeight));

test("the chat follows a streaming answer unless the reader scrolled up @phone", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInWithNotes(page, request, "follow");
  await page.goto("/chat/new");
  const questions = [
    "How big is the telescope mirror?",
    "What did we see at the observatory?",
    "What does the telescope mount do?",
  ];
  for (const [i, q] of questions.entries()) {
    await ask(page, q);
    await expect(items(page).nth(i)).toHaveAttribute("data-status", "success", { timeout: 20_000 });
    // The finished answer, its actions and follow-up questions are in view, not below the input.
    await expect.poll(() => distanceFromBottom(page)).toBeLessThanOrEqual(48);
  }
  await expect(page.getByRole("button", { name: "Jump to latest" })).toHaveCount(0);

  // Scrolled up while an answer streams: the view stays put and offers a way back.
  await ask(page, "When was the telescope mirror ground?");
  await expect(items(page).nth(3)).toHaveAttribute("data-status", "streaming", { timeout: 15_000 });
  await page.getByTestId("chat-scroll").evaluate((el) => el.scrollTo({ top: 0 }));
  const jump = page.getByRole("button", { name: "Jump to latest" });
  await expect(jump).toBeVisible();
  await expect(items(page).nth(3)).toHaveAttribute("data-status", "success", { timeout: 20_000 });
  expect(await page.getByTestId("chat-scroll").evaluate((el) => el.scrollTop)).toBe(0);
  await jump.click();
  await expect.poll(() => distanceFromBottom(page)).toBeLessThanOrEqual(48);
  await expect(jump).toHaveCount(0);
});

test("at desktop size the chat follows answers that arrive in large steps", async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInWithNotes(page, request, "follow-wide");
  await page.goto("/chat/new");
  for (const [i, q] of [
    "How big is the telescope mirror?",
    "What did we see at the observatory?",
  ].entries()) {
    await ask(page, q);
    await expect(items(page).nth(i)).toHaveAttribute("data-status", "success", { timeout: 20_000 });
    await expect.poll(() => distanceFromBottom(page)).toBeLessThanOrEqual(48);
    await expect(page.getByRole("button", { name: "Jump to latest" })).toHaveCount(0);
    // Thoughts close 1 s after thinking ends, also when the answer ended within that second.
    await expect(items(page).nth(i).getByRole("button", { name: "Thoughts" })).toHaveAttribute(
      "aria-expanded",
      "false",
    );
  }
});

test("a long question collapses to four lines with Expand and Hide, on a wide screen too", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signedInWithNotes(page, request, "longq");
  await page.goto("/chat/new");
  const words = "Tell me everything about the reflecting telescope, its mirror and its mount".split(" ");
  const question = Array.from({ length: 90 }, (_, i) => words[i % words.length]).join(" ") + "?";
  await ask(page, question);
  const bubble = page.getByTestId("query-bubble");
  const expand = bubble.getByRole("button", { name: "Expand" });
  await expect(expand).toBeVisible();
  const collapsed = await bubble.locator("p").evaluate((el) => el.clientHeight);
  await expand.click();
  await expect(bubble.getByRole("button", { name: "Hide" })).toBeVisible();
  expect(await bubble.locator("p").evaluate((el) => el.clientHeight)).toBeGreaterThan(collapsed);
});

test("a stopped answer, a vote and Saved read the same when the chat is reopened @phone", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await signedInWithNotes(page, request, "reopen");
  await page.goto("/chat/new");
  await ask(page, "When was the telescope mirror ground and by whom?");
  const first = items(page).first();
  await expect(first).toHaveAttribute("data-status", "streaming", { timeout: 15_000 });
  await expect(first.getByTestId("answer")).not.toBeEmpty();
  await page.getByRole("button", { name: "Stop response" }).click();
  await expect(first).toHaveAttribute("data-status", "cancelled");
  const shown = (await first.getByTestId("answer").innerText()).trim();
  expect(shown.length).toBeGreaterThan(0);

  await ask(page, "What did we see at the observatory?");
  const second = items(page).nth(1);
  await expect(second).toHaveAttribute("data-status", "success", { timeout: 20_000 });
  await second.getByRole("button", { name: "Good answer" }).click();
  await second.getByRole("button", { name: "Save as memory" }).click();
  await expect(second.getByRole("button", { name: "Saved" })).toBeVisible();

  // Reopened: the stopped answer reads as it did at Stop, the vote and Saved are still there.
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await expect
    .poll(async () => {
      await page.reload();
      await expect(items(page)).toHaveCount(2);
      return [
        (await items(page).first().getByTestId("answer").innerText()).trim(),
        await items(page).nth(1).getByRole("button", { name: "Good answer" }).getAttribute("aria-pressed"),
        await items(page).nth(1).getByRole("button", { name: "Saved" }).count(),
      ];
    })
    .toEqual([shown, "true", 1]);
  await expect(items(page).first()).toHaveAttribute("data-status", "cancelled");
});

test("a question asked while a memory's chat is still loading waits for it and joins that chat @phone", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { telescope } = await signedInWithNotes(page, request, "panel-early");
  // A slow connection: the memory's earlier conversation arrives only after the question is asked.
  let asked = false;
  const held: (() => void)[] = [];
  await page.route("**/api/fetch_chats", async (route) => {
    const response = await route.fetch();
    if (!asked) await new Promise<void>((r) => held.push(r));
    await route.fulfill({ response });
  });
  const arrive = () => {
    asked = true;
    held.splice(0).forEach((r) => r());
  };
  const preview = page.getByTestId("source-preview");
  const panel = preview.getByRole("complementary", { name: "AI panel" });
  const questions = ["How big is the telescope mirror?", "When was the telescope mirror ground?"];
  for (const [i, q] of questions.entries()) {
    asked = false;
    await page.goto(`/?preview=${telescope}`);
    await showAiPanel(preview);
    await expect(panel.getByText("Loading the conversation…")).toBeVisible();
    await ask(page, q);
    // The question shows at once and is answered after the earlier exchange, in the same chat.
    await expect(items(panel).last()).toContainText(q);
    arrive();
    await expect(panel.getByText("Loading the conversation…")).toHaveCount(0);
    await expect(items(panel)).toHaveCount(i + 1);
    await expect(items(panel).nth(i)).toContainText(q);
    await expect(items(panel).nth(i)).toHaveAttribute("data-status", "success", { timeout: 20_000 });
    await expect(items(panel).nth(i).getByTestId("answer")).toContainText(i ? "1998" : "200");
  }
  await page.unroute("**/api/fetch_chats");
  await page.reload();
  await showAiPanel(preview);
  await expect(items(panel)).toHaveCount(2);
  await expect(items(panel).nth(1)).toContainText(questions[1]!);
});

test("a window resize keeps the chat at the latest answer; only the reader scrolling up offers Jump @phone", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // The desktop project's window and the phone project's screen, and that phone with its keyboard up.
  const wide = { width: 1280, height: 720 };
  const narrow = { width: 390, height: 844 };
  const keyboard = { width: 390, height: 480 };
  const sizes = page.viewportSize()!.width >= 1024 ? [narrow, keyboard, wide] : [wide, keyboard, narrow];
  await signedInWithNotes(page, request, "resize");
  await page.goto("/chat/new");
  const questions = [
    "How big is the telescope mirror?",
    "What did we see at the observatory?",
    "What does the telescope mount do?",
  ];
  const jump = page.getByRole("button", { name: "Jump to latest" });
  const atLatest = async (i: number) => {
    await expect.poll(() => distanceFromBottom(page)).toBeLessThanOrEqual(48);
    await expect(jump).toHaveCount(0);
    await expect(items(page).nth(i).getByRole("button", { name: "Copy" })).toBeInViewport();
  };
  for (const [i, q] of questions.entries()) {
    await ask(page, q);
    await expect(items(page).nth(i)).toHaveAttribute("data-status", "streaming", { timeout: 15_000 });
    // While the answer streams and after it ended, the window changes size (a rotation, a resized
    // window, the phone's keyboard): the view stays at the end, no Jump is offered.
    await page.setViewportSize(sizes[i % 3]!);
    await expect(items(page).nth(i)).toHaveAttribute("data-status", "success", { timeout: 20_000 });
    await atLatest(i);
    for (const size of sizes) {
      await page.setViewportSize(size);
      await atLatest(i);
    }
  }
  // A long question grows the composer, which takes room from the transcript: the latest answer
  // stays in view.
  const box = page.getByRole("textbox", { name: "Question" });
  const before = (await box.boundingBox())!.height;
  await box.fill(Array.from({ length: 7 }, (_, i) => `Line ${i + 1} of a long question`).join("\n"));
  await expect.poll(async () => (await box.boundingBox())!.height).toBeGreaterThan(before + 60);
  await atLatest(questions.length - 1);
  await restoreViewport(page);
});
