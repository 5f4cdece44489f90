import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { headlessChromiumFlags } from "../apps/server/src/features/screenshots/chromium-flags.ts";
import { fixturePort, meetingSentence, noProviderPorts } from "./fixture-site-config.ts";
import { newUser, shot, signUp, themedShots } from "./helpers.ts";
import { MemoryApi } from "./wall-api.ts";

/**
 * Recording meetings (issue 18) in Chromium with a fake microphone that speaks an espeak-ng
 * sentence. The server transcribes through the fixture's local peer speaking the OpenAI
 * audio/transcriptions API (it answers that same sentence: no speech model runs here).
 */
// One file per worker process: two workers may load this spec at once (one per project).
const wav = path.join(os.tmpdir(), `mnemo-e2e-meeting-${fixturePort}-${process.pid}.wav`);
execFileSync("espeak-ng", ["-w", wav, meetingSentence]);
process.on("exit", () => fs.rmSync(wav, { force: true }));

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      ...headlessChromiumFlags,
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      `--use-file-for-fake-audio-capture=${wav}`,
    ],
  },
});

async function openRecorder(page: Page) {
  await page.getByRole("button", { name: "Add memory" }).first().click();
  const panel = page
    .getByRole("dialog")
    .filter({ has: page.getByRole("button", { name: "Record Meetings" }) });
  await panel.getByRole("button", { name: "Record Meetings" }).click();
  const editor = page.getByRole("dialog").filter({ has: page.getByLabel("Page title") });
  await expect(editor.getByTestId("recorder-start")).toHaveText(/Start recording/);
  return editor;
}

/** Records until the timer shows at least `seconds`. */
async function recordFor(page: Page, seconds: number) {
  await expect(page.getByTestId("recorder")).toHaveAttribute("data-state", "recording");
  await expect
    .poll(
      async () => {
        const [m, s] = ((await page.getByTestId("recorder-timer").textContent()) ?? "0:00")
          .split(":")
          .map(Number);
        return m * 60 + s;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(seconds);
}

const token = (page: Page) => page.evaluate(() => localStorage.getItem("mnemo.token") ?? "");

test("record, pause, resume and stop: the page gets the heading, Summary and Transcription, and chat cites the meeting", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  page.on("pageerror", (e) => console.log("pageerror:", e.message));
  await signUp(page, newUser("recording"));
  const editor = await openRecorder(page);
  await page.screenshot(shot("recording-ready"));

  await editor.getByTestId("recorder-start").click();
  await recordFor(page, 2);
  await expect(editor.getByRole("meter", { name: "Input level" })).toBeVisible();
  await themedShots(page, "recording-recording");
  await editor.getByTestId("recorder-pause").click();
  await expect(page.getByTestId("recorder")).toHaveAttribute("data-state", "paused");
  await expect(editor.getByText("Paused")).toBeVisible();
  await editor.getByTestId("recorder-resume").click();
  await recordFor(page, 4);
  await editor.getByTestId("recorder-stop").click();

  // The transcript lands in the open page: heading, Summary, Transcription (timestamped), recording link.
  const blocks = editor.getByTestId("page-editor-blocks");
  await expect(blocks.getByRole("heading", { name: "Summary" })).toBeVisible({ timeout: 60_000 });
  await expect(blocks.getByRole("heading", { name: "Transcription" })).toBeVisible();
  await expect(
    blocks.getByRole("heading", { name: "The launch of the harbour app moves to…" }),
  ).toBeVisible();
  await expect(blocks).toContainText("[00:00] The launch of the harbour app moves to March.");
  await expect(blocks).toContainText(/\[00:0\d\] Dana owns the payment tests\./);
  await expect(blocks.getByRole("link", { name: /^Meeting recording .*\.webm$/ })).toBeVisible();
  await expect(editor.getByLabel("Page title")).toHaveValue("The launch of the harbour app moves to…");
  await expect(page.getByTestId("recorder")).toHaveAttribute("data-state", "not recording");
  await themedShots(page, "recording-transcribed");
  await editor.getByRole("button", { name: "Save Page" }).click();
  await expect(editor).toBeHidden();

  // Both memories exist: the page and the recording (its own memory, with a player).
  const api = new MemoryApi(request, await token(page));
  const { results: sources } = await api.call<{ results: { id: string; title: string; type: string }[] }>(
    "GET",
    "/api/sources",
  );
  const meetingPage = sources.find((s) => s.type === "page");
  const audio = sources.find((s) => s.type === "file" && /^Meeting recording .*\.webm$/.test(s.title));
  expect(meetingPage?.title).toBe("The launch of the harbour app moves to…");
  expect(audio).toBeTruthy();
  await api.waitIndexed([meetingPage!.id, audio!.id]);

  await page.goto(`/?preview=${audio!.id}`);
  const player = page.getByTestId("preview-audio");
  await expect(player).toBeVisible();
  await expect
    .poll(() => player.evaluate((el: HTMLAudioElement) => el.readyState >= 1 && el.duration > 0))
    .toBe(true);
  await page.screenshot(shot("recording-audio-preview"));
  await page.keyboard.press("Escape");

  // Chat cites the meeting, with the timestamp in the cited passage.
  await page.goto("/chat/new");
  const box = page.getByRole("textbox", { name: "Question" });
  await box.fill("Who owns the payment tests?");
  await box.press("Enter");
  const item = page.getByTestId("chat-item").first();
  await expect(item).toHaveAttribute("data-status", "success", { timeout: 30_000 });
  await expect(item).toContainText("Dana owns the payment tests");
  await expect(
    item.getByTestId("source-card").filter({ hasText: "The launch of the harbour app moves to" }),
  ).toBeVisible();
  await item.locator("[data-citation]").first().click();
  await expect(page.getByTestId("source-preview")).toContainText(/\[00:0\d\] Dana owns the payment tests/);
  await page.screenshot(shot("recording-chat-cites"));
});

test("the chat microphone fills the question box without sending", async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page, newUser("voice"));
  await page.goto("/chat/new");
  await page.getByRole("button", { name: "Record a question" }).click();
  await expect(page.getByTestId("voice-recorder")).toHaveAttribute("data-state", "recording");
  await expect(page.getByTestId("voice-recorder").getByRole("timer")).not.toHaveText(/^0:0[01]$/, {
    timeout: 20_000,
  });
  await page.getByRole("button", { name: "Stop recording and transcribe" }).click();
  await expect(page.getByRole("textbox", { name: "Question" })).toHaveValue(meetingSentence, {
    timeout: 30_000,
  });
  await expect(page.getByTestId("chat-item")).toHaveCount(0);
  await page.screenshot(shot("recording-chat-voice"));
});

test("reloading mid-recording keeps what was recorded as a memory", async ({ page, request }) => {
  test.setTimeout(90_000);
  await signUp(page, newUser("reload"));
  const editor = await openRecorder(page);
  await editor.getByTestId("recorder-start").click();
  await recordFor(page, 3);
  await page.reload();
  // Kept, then transcribed into a page of its own as stopping would have done (spec 3 §4).
  await expect(
    page.getByText(
      "A recording from your last visit was saved to your memories and transcribed into a new page.",
    ),
  ).toBeVisible({ timeout: 60_000 });
  const api = new MemoryApi(request, await token(page));
  const { results: sources } = await api.call<{ results: { id: string; title: string; type: string }[] }>(
    "GET",
    "/api/sources",
  );
  const kept = sources.find((s) => /^Meeting recording .*\.webm$/.test(s.title));
  expect(kept).toBeTruthy();
  expect(await api.waitIndexed([kept!.id])).toEqual({ [kept!.id]: "success" });
  const notes = sources.find((s) => s.type === "page");
  expect(notes?.title).toBe("The launch of the harbour app moves to…");
  const saved = await api.call<{ markdown: string }>("GET", `/api/pages/${notes!.id}`);
  expect(saved.markdown).toContain("Transcription");
  expect(saved.markdown).toContain("The launch of the harbour app moves to March.");
  expect(saved.markdown).toContain(`/?preview=${kept!.id}`);
});

test.describe("without a transcription provider", () => {
  let server: ChildProcess | undefined;
  let dataDir = "";
  let origin = "";

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    const noProviderPort = noProviderPorts[test.info().project.name];
    origin = `http://127.0.0.1:${noProviderPort}`;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mnemo-e2e-noprovider-"));
    const env: Record<string, string> = {};
    for (const k of ["PATH", "HOME", "TMPDIR", "LANG", "TZ", "WEB_DIST", "CHROMIUM_PATH"])
      if (process.env[k] !== undefined) env[k] = process.env[k]!;
    Object.assign(env, {
      PORT: String(noProviderPort),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      RATE_LIMIT_EXEMPT: "127.0.0.1,::1,::ffff:127.0.0.1",
    });
    server = spawn(
      "node_modules/.bin/node",
      [
        "--experimental-transform-types",
        "--disable-warning=ExperimentalWarning",
        "--max-semi-space-size=1",
        "apps/server/src/app/main.ts",
        "serve",
      ],
      { env, stdio: "ignore" },
    );
    await expect
      .poll(
        async () => {
          try {
            return (await fetch(`${origin}/api/health`)).status;
          } catch {
            return 0;
          }
        },
        { timeout: 110_000 },
      )
      .toBe(200);
  });

  test.afterAll(async () => {
    if (server?.pid) {
      const exited = new Promise((r) => server!.once("exit", r));
      server.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("the recording is kept; the recorder (not the note) says that transcription is not configured", async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ baseURL: origin });
    const page = await context.newPage();
    await signUp(page, newUser("noprovider"));
    const editor = await openRecorder(page);
    await editor.getByTestId("recorder-start").click();
    await recordFor(page, 2);
    await editor.getByTestId("recorder-stop").click();
    const blocks = editor.getByTestId("page-editor-blocks");
    await expect(blocks.getByRole("link", { name: /^Meeting recording .*\.webm$/ })).toBeVisible({
      timeout: 60_000,
    });
    // The operator's note is shown by the recorder, never written into the user's note (issue 41).
    await expect(
      editor
        .getByRole("status")
        .filter({ hasText: "Transcription is not configured on this server. Your recording is saved" }),
    ).toBeVisible();
    await expect(blocks).not.toContainText("TRANSCRIPTION_BASE_URL");
    await expect(blocks).not.toContainText("Dana");
    await page.screenshot(shot("recording-not-configured"));
    await editor.getByRole("button", { name: "Save Page" }).click();
    await expect(editor).toBeHidden();
    const api = new MemoryApi(context.request, await token(page));
    const { results: sources } = await api.call<{ results: { id: string; title: string; type: string }[] }>(
      "GET",
      "/api/sources",
    );
    const audio = sources.find((s) => s.type === "file" && /^Meeting recording/.test(s.title));
    expect(audio).toBeTruthy();
    expect(await api.waitIndexed([audio!.id])).toEqual({ [audio!.id]: "success" });
    await context.close();
  });
});
