import { expect, test, type Locator, type Page } from "@playwright/test";
import { fixtureOrigin } from "./fixture-site-config";
import { restoreViewport } from "./helpers";
import { MemoryApi } from "./wall-api";

// The framed web site comes from the fixture site, whose test-only CA the browser does not know.
test.use({ ignoreHTTPSErrors: true });

/**
 * Readable sources (issue 13 item 10): chat source cards show a PDF's words, not its Markdown
 * (`## Page 1 …`), and a .txt preview keeps the file's line breaks.
 */
let seq = 0;
const email = (label: string) => `${label}-${Date.now().toString(36)}${(seq += 1)}@example.com`;

/**
 * Signs in with `token` on a clock the test drives and opens memory `id`'s preview at desktop and
 * phone width in turn, handing `check` the preview dialog at each.
 */
async function eachPreviewWidth(
  page: Page,
  token: string,
  id: string,
  check: (dialog: Locator, width: number, height: number) => Promise<void>,
) {
  await page.clock.install();
  await page.addInitScript((t) => localStorage.setItem("mnemo.token", t), token);
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`/?preview=${id}`);
    await check(page.getByTestId("source-preview"), width, height);
  }
}

test("source card snippets read as text and a .txt preview keeps its lines", async ({ page, request }) => {
  test.setTimeout(90_000);
  const api = await MemoryApi.signUp(request, email("readable"), "Rhea Reader");
  const txt = await api.uploadFixture("sample.txt", "text/plain");
  const pdf = await api.uploadFixture("multipage.pdf", "application/pdf");
  await api.waitIndexed([txt, pdf]);
  await page.addInitScript((token) => localStorage.setItem("mnemo.token", token), api.token);

  await page.goto(`/?preview=${txt}`);
  const text = page.getByTestId("source-preview").getByTestId("text-view");
  await expect(text).toContainText("Beacon Point");
  expect(await text.innerText()).toContain(
    "The lamp at Beacon Point was cleaned on the third of March.\nKeeper Ingrid Solberg",
  );

  await page.goto("/chat/new");
  const box = page.getByRole("textbox", { name: "Question" });
  await box.fill("What does the Northern Rail Annual Report say about the viaduct and the depot?");
  await box.press("Enter");
  const card = page.getByTestId("source-card").filter({ hasText: "multipage.pdf" }).first();
  await expect(card).toBeVisible({ timeout: 20_000 });
  const snippet = await card.innerText();
  expect(snippet).not.toMatch(/#|\*\*|\|/);
});

test("opening the page editor logs no viewport warning", async ({ page, request }) => {
  const api = await MemoryApi.signUp(request, email("editor"), "Eda Editor");
  const messages: string[] = [];
  page.on("console", (m) => messages.push(m.text()));
  await page.addInitScript((token) => localStorage.setItem("mnemo.token", token), api.token);
  await page.goto("/");
  await page.getByRole("button", { name: "Add memory" }).first().click();
  await page
    .getByRole("dialog", { name: "Upload your memories" })
    .getByRole("button", { name: "Take Notes" })
    .click();
  const editor = page.getByRole("dialog").filter({ has: page.getByLabel("Page title") });
  await expect(editor.locator(".bn-editor")).toBeVisible();
  expect(messages.filter((m) => m.includes("interactive-widget"))).toEqual([]);
});

test("over a PDF the preview header stays, since the PDF viewer swallows pointer moves", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const api = await MemoryApi.signUp(request, email("pdfhead"), "Pia Pdf");
  const pdf = await api.uploadFixture("multipage.pdf", "application/pdf");
  await api.waitIndexed([pdf]);
  await eachPreviewWidth(page, api.token, pdf, async (dialog, width, height) => {
    await expect(dialog.getByTestId("pdf-viewer")).toBeVisible();
    const header = dialog.getByTestId("preview-header");
    await page.mouse.move(width / 2, height / 2);
    await page.clock.runFor(10_000);
    await expect(header).toHaveAttribute("data-visible", "true");
    await expect(dialog.getByRole("button", { name: "Close", exact: true })).toBeVisible();
  });
});

test("the PDF viewer names the file and downloads it under its own name (issue 41)", async ({
  page,
  request,
}) => {
  const api = await MemoryApi.signUp(request, email("pdfname"), "Nina Name");
  const pdf = await api.uploadFixture("multipage.pdf", "application/pdf");
  await api.waitIndexed([pdf]);
  await page.addInitScript((token) => localStorage.setItem("mnemo.token", token), api.token);
  await page.goto(`/?preview=${pdf}`);
  const dialog = page.getByTestId("source-preview");
  await expect(dialog.getByTestId("pdf-viewer")).toHaveAttribute("title", "PDF: multipage.pdf");
  await expect(dialog.getByTestId("pdf-file-name")).toHaveText("multipage.pdf");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    dialog.getByRole("link", { name: "Download multipage.pdf" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("multipage.pdf");
});

test("over a framed web site the preview header stays: taps on a phone never reach the app @phone", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const api = await MemoryApi.signUp(request, email("framehead"), "Fran Frame");
  const link = await api.saveLink(`${fixtureOrigin}/articles/astronomy`);
  await api.waitIndexed([link]);
  await eachPreviewWidth(page, api.token, link, async (dialog, width) => {
    await expect(dialog.locator("iframe")).toBeVisible();
    const header = dialog.getByTestId("preview-header");
    await page.clock.runFor(10_000);
    await expect(header).toHaveAttribute("data-visible", "true");
    await page.screenshot({ path: `artifacts/e2e/preview-frame-header-${width}-light.png` });
    // Its buttons are there: Reader mode shows the page's text.
    await dialog.getByRole("button", { name: "Reader mode" }).click();
    await expect(dialog.getByTestId("markdown-view")).toBeVisible();
  });
  await restoreViewport(page);
});
