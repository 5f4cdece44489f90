import { expect, request as playwrightRequest, test, type Page } from "@playwright/test";
import { openNav, themedShots } from "./helpers";
import { agentsServerPort, inboxOrigin, mcpPeerPort } from "./fixture-site-config";
import { MemoryApi } from "./wall-api";

/**
 * Issue 16 "Done when": against a Mnemo configured with the scripted tool-calling model (a local
 * server speaking OpenAI's streaming chat-completions protocol, e2e/agents-fixture.ts) and an SMTP
 * peer (smtp-server), the research agent streams two search steps and cites its answer; the search
 * agent drafts an e-mail, Modify changes its subject, Execute sends exactly that e-mail.
 */
const agentsOrigin = `http://127.0.0.1:${agentsServerPort}`;
test.use({ baseURL: agentsOrigin });

const items = (page: Page) => page.getByTestId("chat-item");

async function ask(page: Page, question: string) {
  const box = page.getByRole("textbox", { name: "Question" });
  await box.fill(question);
  await box.press("Enter");
}

async function pick(page: Page, name: string) {
  await page.getByRole("button", { name: /^Model/ }).click();
  await page.getByRole("menuitem", { name, exact: true }).click();
}

test("research agent cites two search steps; search agent e-mails after Modify and Execute", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = `agents-${Date.now().toString(36)}@example.com`;
  const api = await MemoryApi.signUp(request, email, "Ada Agents");
  await api.waitIndexed([
    await api.createPage("Telescope notes", "The reflecting telescope has a mirror of 200 millimetres wide."),
  ]);
  await page.addInitScript((token) => localStorage.setItem("mnemo.token", token), api.token);
  await page.goto("/chat/new");

  await pick(page, "Research agent");
  await ask(page, "How wide is the telescope mirror?");
  const first = items(page).first();
  // The two search steps stream as tool-call cards in the Thoughts panel.
  const cards = first.getByTestId("tool-call-card");
  await expect(cards.filter({ hasText: "Search memories: “telescope mirror”" })).toBeVisible();
  await expect(cards.filter({ hasText: "Search memories: “mirror size”" })).toBeVisible();
  await expect(first).toHaveAttribute("data-status", "success", { timeout: 30_000 });
  await expect(first.getByTestId("answer")).toContainText("The telescope mirror is 200 millimetres wide");
  // The citation [1] opens the memory it cites.
  await expect(first.getByTestId("answer").getByRole("button", { name: /1/ })).toBeVisible();
  await expect(first).toContainText("Telescope notes");
  // The panel closes 1 s after thinking ends; reopened, it keeps both cards.
  const thoughts = first.getByRole("button", { name: "Thoughts" });
  await expect(thoughts).toHaveAttribute("aria-expanded", "false");
  await thoughts.click();
  await expect(cards).toHaveCount(2);
  await themedShots(page, "agents-research", { settleMs: 200 });

  await pick(page, "Search agent");
  await ask(page, "Email a summary of my telescope notes to ada@example.com");
  const second = items(page).nth(1);
  await expect(second).toHaveAttribute("data-status", "success", { timeout: 30_000 });
  const card = second.getByTestId("email-tool-call");
  await expect(card.getByTestId("email-to")).toHaveText("ada@example.com");
  await expect(card.getByTestId("email-subject")).toHaveText("Telescope summary");

  // Modify: an empty prompt is refused with the spec's message; Enter submits.
  await card.getByRole("button", { name: "Modify" }).click();
  const box = page.getByRole("textbox", { name: "Your modifications" });
  await box.press("Enter");
  await expect(page.getByRole("alert")).toHaveText("Please enter your modifications");
  await box.fill('Change the subject to "Mirror size"');
  await box.press("Enter");
  const third = items(page).nth(2);
  await expect(third).toHaveAttribute("data-status", "success", { timeout: 30_000 });
  const modified = third.getByTestId("email-tool-call");
  await expect(modified.getByTestId("email-subject")).toHaveText("Mirror size");
  await themedShots(page, "agents-email", { settleMs: 200 });

  const inbox = await playwrightRequest.newContext();
  const mailsTo = async () =>
    (
      (await (await inbox.get(`${inboxOrigin}/mails`)).json()) as {
        to: string;
        subject: string;
        text: string;
      }[]
    ).filter((m) => m.to === "ada@example.com");
  const before = (await mailsTo()).length;
  expect(before).toBe(0);
  await modified.getByRole("button", { name: "Execute" }).click();
  await expect(modified.getByRole("status")).toHaveText("Email sent successfully");
  await expect.poll(async () => (await mailsTo()).length).toBe(1);
  const [mail] = await mailsTo();
  expect(mail.subject).toBe("Mirror size");
  expect(mail.text).toBe("The telescope mirror is 200 millimetres wide.");
  await inbox.dispose();

  // Reopened, the research answer's Thoughts show the same two cards, each with its outcome.
  await expect(page).toHaveURL(/\/chat\/[0-9a-f-]{36}$/);
  await page.reload();
  const reopened = items(page).first();
  await reopened.getByRole("button", { name: "Thoughts" }).click();
  const again = reopened.getByTestId("tool-call-card");
  await expect(again).toHaveCount(2);
  await expect(again.filter({ hasText: "Search memories: “telescope mirror”" })).toBeVisible();
  await expect(again.filter({ hasText: "Search memories: “mirror size”" })).toBeVisible();
  await expect(again.getByLabel("Done")).toHaveCount(2);
});

test("Account #mcps: add an MCP server by URL with a token, see its tools, disable and remove it", async ({
  page,
  request,
}) => {
  const api = await MemoryApi.signUp(request, `mcp-${Date.now().toString(36)}@example.com`, "Ada Mcp");
  await page.addInitScript((token) => localStorage.setItem("mnemo.token", token), api.token);
  await page.goto("/account#mcps");
  const section = page.locator("#mcps");
  await expect(section).toContainText("No MCP servers yet.");
  await section.getByLabel("Server URL (streamable HTTP)").fill(`http://127.0.0.1:${mcpPeerPort}/mcp`);
  await section.getByLabel("Name (optional)").fill("Stars");
  await section.getByLabel(/Bearer token/).fill("e2e-mcp-token");
  await section.getByRole("button", { name: "Add and test" }).click();
  const server = section.getByTestId("mcp-server");
  await expect(server.getByRole("list", { name: "Tools of Stars" })).toContainText(
    "star_lookup — Looks up facts about a star by name.",
  );
  await themedShots(page, "agents-mcps", { settleMs: 200 });
  await server.getByRole("button", { name: "Disable" }).click();
  await expect(server).toContainText("Disabled: agents do not use it.");
  await server.getByRole("button", { name: "Remove Stars" }).click();
  await expect(section).toContainText("No MCP servers yet.");
});

test("a memory an agent saves (echo memory) is on the wall at once, without a reload", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const api = await MemoryApi.signUp(request, `echo-${Date.now().toString(36)}@example.com`, "Ada Echo");
  await page.addInitScript((token) => localStorage.setItem("mnemo.token", token), api.token);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "No memories yet" })).toBeVisible();
  await (await openNav(page)).getByRole("link", { name: "Chats" }).click();
  await page.getByRole("link", { name: "New chat" }).first().click();
  await pick(page, "Search agent");
  await ask(page, "Remember that the car is on level 3 of the station car park");
  const item = items(page).first();
  await expect(item).toHaveAttribute("data-status", "success", { timeout: 30_000 });
  await expect(item.getByRole("note")).toHaveText("Saved to your memories.");
  // Back on the wall in the same tab: the list the wall loaded before shows the new memory.
  await (await openNav(page)).getByRole("link", { name: "Memories" }).click();
  await expect(page.getByText("Parking spot").first()).toBeVisible({ timeout: 15_000 });
  // The chat's history keeps the mark: reopened after a reload, the answer still says so.
  await page.goBack();
  await page.reload();
  await expect(items(page).first().getByRole("note")).toHaveText("Saved to your memories.");
});
