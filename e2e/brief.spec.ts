import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { openNav, themedShots } from "./helpers";
import { MemoryApi } from "./wall-api";

/**
 * Whole-collection brief and "Find every passage" (issue 45): a collection's Brief lists key
 * points from every memory, its terms and a dated timeline, each citing its memory; a citation
 * opens the memory's preview at its passage. Find every passage lists every matching passage by
 * memory, opens each at its passage, and exports them as Markdown with links.
 */
let seq = 0;
const email = (label: string) => `${label}-${Date.now().toString(36)}${(seq += 1)}@example.com`;

const BRIDGES = [
  "The Forth Bridge carries the railway across the Firth of Forth in Scotland.",
  "The Forth Bridge was opened on 4 March 1890 by the Prince of Wales.",
  "Painting the Forth Bridge became a saying for a task that never ends.",
];
const TUNNELS = [
  "The Channel Tunnel carries the railway under the sea between England and France.",
  "The Channel Tunnel opened in 1994 after six years of digging under the sea.",
];

const highlighted = (page: Page) =>
  page.evaluate(() => {
    const h = CSS.highlights.get("mnemo-passage");
    const range = h ? ([...h][0] as Range | undefined) : undefined;
    return range ? range.toString() : null;
  });

test("a collection's brief cites every memory and opens each citation at its passage; every passage about a subject is found and exported @phone", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const api = await MemoryApi.signUp(request, email("brief"), "Bea Brief");
  const bridges = await api.createPage("Bridges", BRIDGES.join("\n\n"));
  const tunnels = await api.createPage("Tunnels", TUNNELS.join("\n\n"));
  await api.waitIndexed([bridges, tunnels]);
  const made = await request.put("/api/collection", {
    headers: { authorization: `Bearer ${api.token}` },
    data: { collection_name: "Crossings" },
  });
  expect(made.status()).toBe(201);
  const { collection_id: id } = (await made.json()) as { collection_id: string };
  await api.call("POST", `/api/collection/add_sources?collection_id=${id}`, {
    documents: [bridges, tunnels],
  });

  await page.addInitScript((token) => localStorage.setItem("mnemo.token", token), api.token);
  await page.goto(`/collections/${id}`);
  await page.getByRole("tab", { name: "Brief" }).click();
  const brief = page.getByRole("region", { name: "Brief" });
  const points = brief.getByRole("list", { name: "Key points" });
  await expect(points).toBeVisible();
  await expect(brief.getByText("From all 2 memories")).toBeVisible();
  // Key points from both memories, each the memory's own sentence with its chip.
  await expect(points.getByRole("button", { name: "Open Bridges at this passage" }).first()).toBeVisible();
  await expect(points.getByRole("button", { name: "Open Tunnels at this passage" }).first()).toBeVisible();
  const timeline = brief.getByRole("list", { name: "Timeline" });
  await expect(timeline.getByRole("listitem")).toHaveCount(2);
  await expect(timeline.getByRole("listitem").first()).toContainText("4 March 1890");
  await expect(timeline.getByRole("listitem").nth(1)).toContainText("1994");
  await expect(brief.getByRole("list", { name: "Terms" })).toContainText("railway");
  await themedShots(page, "brief-collection", { fullPageDesktop: true });

  // The timeline's first citation opens Bridges at the sentence it cites.
  await timeline.getByRole("button", { name: "Open Bridges at this passage" }).click();
  const preview = page.getByTestId("source-preview");
  await expect(preview).toBeVisible();
  await expect.poll(() => highlighted(page)).toContain(BRIDGES[1]);
  await themedShots(page, "brief-citation");
  await page.keyboard.press("Escape");
  await expect(preview).toBeHidden();

  // Find every passage about the railway: both memories, each passage opening at itself.
  await page.getByRole("tab", { name: "Find every passage" }).click();
  const finder = page.getByRole("region", { name: "Find every passage" });
  await finder.getByLabel("Find every passage about").fill("railway");
  await finder.getByRole("button", { name: "Find" }).click();
  await expect(finder.getByText(/passages? in 2 memories/)).toBeVisible();
  const groups = finder.getByRole("list", { name: "Passages by memory" });
  await expect(groups.getByRole("heading", { name: /Bridges/ })).toBeVisible();
  await expect(groups.getByRole("heading", { name: /Tunnels/ })).toBeVisible();
  await themedShots(page, "brief-passages");
  await groups.getByRole("button", { name: "Open Tunnels at passage 1" }).click();
  await expect(preview).toBeVisible();
  await expect.poll(() => highlighted(page)).toContain("railway");
  await page.keyboard.press("Escape");
  await expect(preview).toBeHidden();

  const download = page.waitForEvent("download");
  await finder.getByRole("button", { name: "Export as Markdown" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("mnemo-passages-railway.md");
  const md = fs.readFileSync((await file.path())!, "utf8");
  expect(md).toContain("## Bridges");
  expect(md).toContain("## Tunnels");
  const link = /\[Open at this passage\]\(([^)]+)\)/.exec(md)![1];
  // The exported link opens the memory at its passage.
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ""));
  await expect(preview).toBeVisible();
  await expect.poll(() => highlighted(page)).toContain("railway");

  // In the collection's chat, "summarise" is answered from the whole collection's brief, and the
  // thoughts say so.
  await page.goto(`/collections/${id}?view=chat`);
  const question = page.getByRole("textbox", { name: "Question" });
  await question.fill("Summarise this collection");
  await question.press("Enter");
  const answer = page.getByTestId("chat-item").first();
  await expect(answer).toHaveAttribute("data-status", "success", { timeout: 30_000 });
  await expect(answer.getByTestId("answer")).toContainText(
    "Key points across 2 memories of this collection:",
  );
  await expect(answer.getByTestId("answer")).toContainText(TUNNELS[0]);
  const thoughts = answer.getByTestId("thoughts");
  if (!(await thoughts.getByText(/Whole collection/).isVisible()))
    await thoughts.getByRole("button").first().click();
  await expect(thoughts).toContainText(
    "Whole collection: the brief's key points (chosen across all 2 memories",
  );
  await themedShots(page, "brief-chat");
});

test("the brief of everything is one's own, from the navigation", async ({ page, request }) => {
  test.setTimeout(120_000);
  const api = await MemoryApi.signUp(request, email("brief-all"), "Evi Everything");
  const id = await api.createPage("Canals", "The canal was dug in 1761 to carry coal to the city.");
  await api.waitIndexed([id]);
  await page.addInitScript((token) => localStorage.setItem("mnemo.token", token), api.token);
  await page.goto("/");
  const nav = await openNav(page);
  await nav.getByRole("link", { name: "Brief" }).click();
  await expect(page.getByRole("heading", { name: "Brief", level: 1 })).toBeVisible();
  const brief = page.getByRole("region", { name: "Brief" });
  await expect(brief.getByText("From all 1 memory")).toBeVisible();
  await expect(brief.getByRole("list", { name: "Key points" })).toContainText(
    "The canal was dug in 1761 to carry coal to the city.",
  );
  await themedShots(page, "brief-everything");
});
