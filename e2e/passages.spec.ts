import { expect, test, type Locator, type Page } from "@playwright/test";
import { textPdf } from "../apps/server/src/test/fixtures/text-pdf.ts";
import { fixtureOrigin } from "./fixture-site-config.ts";
import { isNarrow, showAiPanel, themedShots } from "./helpers";
import { MemoryApi } from "./wall-api";

/**
 * Issue 22: a citation opens the cited memory at the passage, highlighted and in view — a PDF at
 * its page, a long web page at a deep section (reader mode), a video's transcript at its second.
 */
let seq = 0;
const email = (label: string) => `${label}-${Date.now().toString(36)}${(seq += 1)}@example.com`;

const PDF_SENTENCE = "The lighthouse keeper polished the Fresnel lens with jeweller's rouge every morning.";
const WEB_SENTENCE = "The tide gauge at the northern pier was calibrated against a brass plumb line in 1887.";

function stationLog(): Buffer {
  const pages = Array.from({ length: 9 }, (_, p) =>
    Array.from(
      { length: 44 },
      (_, l) =>
        `Entry ${l + 1} of day ${p + 1}: weather ${["calm", "windy", "grey"][l % 3]}, stores counted.`,
    ),
  );
  pages[6]!.splice(40, 0, PDF_SENTENCE);
  return textPdf(pages, "Station log");
}

function almanac(): string {
  const topics = ["gulls", "nets", "rope", "paint", "bread", "lamps", "boots", "sails"];
  const sections = Array.from({ length: 40 }, (_, i) => {
    const t = topics[i % topics.length];
    const body = Array.from(
      { length: 6 },
      (_, k) => `Note ${k + 1} on ${t} for week ${i + 1}: the ${t} were checked and logged by the crew.`,
    ).join(" ");
    return `## Week ${i + 1}\n\n${body}${i === 33 ? ` ${WEB_SENTENCE}` : ""}`;
  });
  return `# Harbour almanac\n\n${sections.join("\n\n")}`;
}

/** `seconds` of 8 kHz 8-bit mono silence: a recording long enough to seek in. */
function silenceWav(seconds: number): Buffer {
  const rate = 8000;
  const data = rate * seconds;
  const b = Buffer.alloc(44 + data, 0x80);
  b.write("RIFF", 0, "latin1");
  b.writeUInt32LE(36 + data, 4);
  b.write("WAVEfmt ", 8, "latin1");
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(rate, 24);
  b.writeUInt32LE(rate, 28);
  b.writeUInt16LE(1, 32);
  b.writeUInt16LE(8, 34);
  b.write("data", 36, "latin1");
  b.writeUInt32LE(data, 40);
  return b;
}

async function ask(page: Page, question: string) {
  await page.goto("/chat/new");
  const box = page.getByRole("textbox", { name: "Question" });
  await box.fill(question);
  await box.press("Enter");
  const item = page.getByTestId("chat-item").last();
  const cite = item.locator("[data-citation]").first();
  await expect(cite).toBeVisible({ timeout: 60_000 });
  return cite;
}

/** The highlight is on screen: inside the viewport, not merely in the document. */
async function expectInView(page: Page, mark: Locator) {
  await expect(mark).toBeVisible();
  await expect(mark).toBeInViewport();
  const box = (await mark.boundingBox())!;
  const view = page.viewportSize()!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(view.height);
}

test.describe("citations open the source at the passage", () => {
  let api: MemoryApi;
  let pdfId: string;
  let webId: string;
  let videoId: string;

  test.beforeAll(async ({ request }) => {
    api = await MemoryApi.signUp(request, email("passages"), "Passage Reader");
    pdfId = await api.uploadFile("station-log.pdf", stationLog(), "application/pdf");
    const saved = await api.call<{ web_pages: { id: string }[] }>("POST", "/api/upload/web_pages", {
      web_pages: [
        { link: `${fixtureOrigin}/articles/harbour-almanac`, title: "Harbour almanac", content: almanac() },
        {
          link: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
          title: "Knots at sea",
          content:
            "Knots explained.\n\n## Transcript\n\n[00:05] Welcome aboard.\n\n[00:40] First the bowline.\n\n[01:30] The sheet bend joins two ropes of different thickness.\n\n[02:10] Thanks for watching.",
        },
      ],
    });
    [webId, videoId] = saved.web_pages.map((p) => p.id) as [string, string];
    const statuses = await api.waitIndexed([pdfId, webId, videoId]);
    expect(Object.values(statuses)).toEqual(["success", "success", "success"]);
  });

  test.beforeEach(async ({ page }) => {
    await page.addInitScript((token) => localStorage.setItem("mnemo.token", token), api.token);
  });

  test("a PDF citation opens page 7 with the cited sentence highlighted in view", async ({ page }) => {
    const cite = await ask(page, "How was the Fresnel lens polished?");
    await cite.click();
    const preview = page.getByTestId("source-preview");
    await expect(preview.getByTestId("pdf-page-label")).toHaveText("Page 7 of 9");
    const mark = preview.getByTestId("passage-highlight").first();
    await expectInView(page, mark);
    await expect(preview.getByTestId("pdf-passage-view")).toContainText("Fresnel lens");
    expect(new URL(page.url()).searchParams.get("preview")).toBe(pdfId);
    await page.screenshot({ path: "artifacts/e2e/passage-pdf-1280-light.png" });

    // Keyboard: the previous page is reachable, and the whole PDF is one button away.
    await preview.getByRole("button", { name: "Previous page" }).click();
    await expect(preview.getByTestId("pdf-page-label")).toHaveText("Page 6 of 9");
    await expect(preview.getByTestId("passage-highlight")).toHaveCount(0);
  });

  test("a web page citation opens reader mode scrolled to a deep section, highlighted", async ({ page }) => {
    const cite = await ask(page, "How was the tide gauge at the northern pier calibrated?");
    await cite.click();
    const preview = page.getByTestId("source-preview");
    const mark = preview.getByTestId("passage-highlight").first();
    await expectInView(page, mark);
    await expect(mark).toContainText("tide gauge");
    const scrolled = await preview.getByTestId("preview-pane").evaluate((el) => el.scrollTop);
    expect(scrolled).toBeGreaterThan(1000);
    await page.screenshot({ path: "artifacts/e2e/passage-web-1280-light.png" });
  });

  test("in a memory's own chat, a citation jumps to the passage in the open preview @phone", async ({
    page,
  }) => {
    await page.goto(`/?preview=${webId}`);
    const preview = page.getByTestId("source-preview");
    await showAiPanel(preview);
    const panel = preview.getByRole("complementary", { name: "AI panel" });
    // (A question asked before the memory's chat loaded is covered in chat-flow.spec.ts.)
    await expect(panel.getByText("Loading the conversation…")).toHaveCount(0);
    const box = panel.getByRole("textbox", { name: "Question" });
    await box.fill("What was the tide gauge calibrated against?");
    await box.press("Enter");
    const cite = panel.locator("[data-citation]").first();
    await expect(cite).toBeVisible({ timeout: 60_000 });
    await cite.focus();
    await page.keyboard.press("Enter");
    const mark = preview.getByTestId("passage-highlight").first();
    await expectInView(page, mark);
    await expect(mark).toBeFocused();

    // Scrolled away, the same citation clicked again brings the passage back into view.
    const pane = preview.getByTestId("preview-pane");
    await pane.evaluate((el) => el.scrollTo({ top: 0 }));
    await expect(mark).not.toBeInViewport();
    // On a phone the panel is a view over the memory, which the citation showed: back to the chat.
    if (isNarrow(page)) await showAiPanel(preview);
    await cite.click();
    await expectInView(page, preview.getByTestId("passage-highlight").first());
    expect(await pane.evaluate((el) => el.scrollTop)).toBeGreaterThan(1000);
  });

  test("on a phone the cited PDF page fits the screen", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const cite = await ask(page, "How was the Fresnel lens polished?");
    await cite.click();
    const preview = page.getByTestId("source-preview");
    await expect(preview.getByTestId("pdf-page-label")).toHaveText("Page 7 of 9");
    const mark = preview.getByTestId("passage-highlight").first();
    await expectInView(page, mark);
    const pageBox = (await preview.getByTestId("pdf-page").boundingBox())!;
    expect(pageBox.width).toBeLessThanOrEqual(390);
    await themedShots(page, "passage-pdf-phone", { settleMs: 300 });
  });

  test("a note's citation scrolls the page editor to the passage and highlights it", async ({
    page,
    request,
  }) => {
    const paragraphs = Array.from(
      { length: 30 },
      (_, i) => `Paragraph ${i + 1} about the pantry shelves and the jars kept on them.`,
    );
    paragraphs.splice(24, 0, "The quince jam was sealed with beeswax and stored in the cold cellar.");
    const mine = new MemoryApi(request, api.token);
    const note = await mine.createPage("Pantry notes", paragraphs.join("\n\n"));
    await mine.waitIndexed([note]);
    const cite = await ask(page, "How was the quince jam sealed?");
    await cite.click();
    const preview = page.getByTestId("source-preview");
    await expect(preview.getByTestId("page-pane")).toContainText("quince jam was sealed");
    // The editor's DOM is never changed: the passage is a CSS highlight; its box must be on screen.
    const highlighted = async () =>
      page.evaluate(() => {
        const h = CSS.highlights.get("mnemo-passage");
        const range = h ? ([...h][0] as Range | undefined) : undefined;
        if (!range) return null;
        const r = range.getBoundingClientRect();
        return { text: range.toString(), top: r.top, bottom: r.bottom, height: window.innerHeight };
      });
    await expect.poll(highlighted).not.toBeNull();
    const box = (await highlighted())!;
    expect(box.text).toContain("The quince jam was sealed");
    expect(box.top).toBeGreaterThanOrEqual(0);
    expect(box.bottom).toBeLessThanOrEqual(box.height);
    expect(await preview.getByTestId("preview-pane").evaluate((el) => el.scrollTop)).toBeGreaterThan(100);
  });

  test("a transcript citation starts the video at the cited second", async ({ page }) => {
    const cite = await ask(page, "What does the sheet bend join?");
    await cite.click();
    const preview = page.getByTestId("source-preview");
    await expect(preview.getByTestId("video-embed")).toHaveAttribute("src", /embed\/dQw4w9WgXcQ\?start=90$/);
    await expectInView(page, preview.getByTestId("passage-highlight").first());
  });

  test("a meeting transcript citation starts the page's recording at the cited second", async ({
    page,
    request,
  }) => {
    const mine = new MemoryApi(request, api.token);
    const audioId = await mine.uploadFile("harbour-meeting.wav", silenceWav(180), "audio/wav");
    const meeting = await mine.createPage(
      "Harbour meeting",
      [
        "## Harbour meeting",
        "### Summary",
        "The crew met about the moorings.",
        "### Transcription",
        "[00:05] Good morning everyone.",
        "[00:50] The ferry is late again this week.",
        "[02:00] The harbour master wants the mooring chains on berth four replaced with galvanised steel.",
        "[02:40] That is all for today.",
        `Recording: [harbour-meeting.wav](/?preview=${audioId})`,
      ].join("\n\n"),
    );
    await mine.waitIndexed([audioId, meeting]);
    const cite = await ask(page, "What does the harbour master want replaced on berth four?");
    await cite.click();
    const audio = page.getByTestId("source-preview").getByTestId("page-recording").locator("audio");
    const at = () => audio.evaluate((el: HTMLAudioElement) => el.currentTime);
    // The player can only land there when the download answers byte ranges (206).
    await expect.poll(at, { timeout: 15_000 }).toBeGreaterThanOrEqual(119);
    expect(await at()).toBeLessThan(121);
    expect(
      await audio.evaluate((el: HTMLAudioElement) => el.seekable.end(el.seekable.length - 1)),
    ).toBeGreaterThan(170);
  });

  test("a signed-out visitor of a shared chat opens the cited passage, read-only", async ({
    page,
    browser,
    request,
  }) => {
    await ask(page, "How was the tide gauge at the northern pier calibrated?");
    // Shared once the answer is complete: a chat shows its visitors the saved turns only.
    await expect(page.getByTestId("chat-item").last()).toHaveAttribute("data-status", "success", {
      timeout: 60_000,
    });
    await expect(page).toHaveURL(/\/chat\/[^/?]+/);
    const chatId = new URL(page.url()).pathname.split("/").pop()!;
    const { token } = await new MemoryApi(request, api.token).call<{ token: string }>(
      "GET",
      `/api/make_chat_public?chat_id=${chatId}`,
    );
    const context = await browser.newContext();
    try {
      const v = await context.newPage();
      await v.goto(`/chat/${chatId}?shared=true&new=true&token=${encodeURIComponent(token)}`);
      const cite = v.getByTestId("chat-item").first().locator("[data-citation]").first();
      await expect(cite).toBeVisible({ timeout: 30_000 });
      await cite.click();
      const preview = v.getByTestId("public-memory-preview");
      const mark = preview.getByTestId("passage-highlight").first();
      await expectInView(v, mark);
      await expect(mark).toContainText("tide gauge");
      expect(await preview.getByTestId("preview-pane").evaluate((el) => el.scrollTop)).toBeGreaterThan(1000);
      // Read-only: no editor, no memory actions.
      await expect(preview.getByRole("button", { name: /delete/i })).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test("a citation of a deleted memory says so instead of an error page", async ({ page, request }) => {
    const gone = await new MemoryApi(request, api.token).createPage(
      "Short-lived note",
      "The ferry timetable changes in October.",
    );
    const del = await request.delete("/api/sources", {
      headers: { authorization: `Bearer ${api.token}` },
      data: { source_ids: [gone] },
    });
    expect(del.status()).toBe(200);
    const anchor = {
      chunk_id: `${gone}:0`,
      start: 0,
      end: 10,
      heading: "",
      quote: "The ferry timetable changes.",
    };
    await page.goto(`/chat/new?preview=${gone}&passage=${encodeURIComponent(JSON.stringify(anchor))}`);
    const preview = page.getByTestId("source-preview");
    await expect(preview.getByTestId("passage-notice")).toContainText("no longer available", {
      timeout: 20_000,
    });
    await expect(preview.getByText("Something went wrong!")).toHaveCount(0);
  });

  test("a passage that is no longer there opens the memory at its top with a notice", async ({ page }) => {
    const stale = {
      chunk_id: `${webId}:0`,
      start: 0,
      end: 10,
      heading: "",
      quote: "A sentence that was edited away long ago.",
    };
    await page.goto(`/chat/new?preview=${webId}&passage=${encodeURIComponent(JSON.stringify(stale))}`);
    const preview = page.getByTestId("source-preview");
    await expect(preview.getByTestId("passage-notice")).toBeVisible();
    await expect(preview.getByTestId("passage-highlight")).toHaveCount(0);
    expect(await preview.getByTestId("preview-pane").evaluate((el) => el.scrollTop)).toBe(0);
  });
});
