import { expect, test, type Page } from "@playwright/test";
import { newUser, signUp } from "./helpers";

/**
 * The service worker (apps/web/public/sw.js, production builds): after a first visit the app shell
 * loads with the network off, and a file shared from another app (the manifest's share_target, a
 * multipart POST the worker answers) lands in 'Upload your memories' and is saved.
 */

/** Waits until the service worker controls the page. */
async function controlled(page: Page) {
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker?.controller)), { timeout: 20_000 })
    .toBe(true);
}

// FIXME (issue 17, open): passes alone (1.8 s) but failed once in the full CI run on 3219ff5, where
// the offline reload showed another test's signed-in page; under investigation, so not yet in the
// default run (closing note of 2026-11-24).
test.fixme("after a first visit the app shell loads offline", async ({ page, context }) => {
  await page.goto("/sign-in");
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  await controlled(page);
  // The worker keeps what the first visit loaded before it was in control (told by the page).
  const entry = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLScriptElement>('script[type="module"][src^="/assets/"]')].map((s) =>
      s.getAttribute("src")!,
    ),
  );
  expect(entry.length).toBeGreaterThan(0);
  await expect
    .poll(() =>
      page.evaluate(async (urls) => {
        const names = await caches.keys();
        const hits = await Promise.all(urls.map((u) => caches.match(u)));
        return names.some((n) => n.startsWith("mnemo-shell-")) && hits.every(Boolean);
      }, entry),
    )
    .toBe(true);

  // Nothing from the browser's HTTP cache: only the worker's shell can answer now.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.clearBrowserCache");
  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
    // Another route, never visited, comes from the same shell.
    await page.goto("/sign-up");
    await expect(page.getByRole("button", { name: "Create account" })).toBeVisible();
    // The network really is off: the server cannot be reached from the page.
    const reached = await page.evaluate(() =>
      fetch("/api/health", { cache: "no-store" }).then(
        () => true,
        () => false,
      ),
    );
    expect(reached).toBe(false);
  } finally {
    await context.setOffline(false);
  }
});

test("a file shared from another app is kept by the service worker and saved", async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, newUser("sharefile"));
  await controlled(page);

  // Another app shares a note file with a title: the share_target's multipart POST.
  await page.evaluate(() => {
    const form = document.createElement("form");
    form.id = "share";
    form.method = "POST";
    form.action = "/share-target";
    form.enctype = "multipart/form-data";
    const title = document.createElement("input");
    title.name = "title";
    title.value = "Tide tables";
    const files = document.createElement("input");
    files.type = "file";
    files.name = "files";
    files.id = "share-files";
    form.append(title, files);
    document.body.append(form);
  });
  await page.setInputFiles("#share-files", {
    name: "tide-tables.md",
    mimeType: "text/markdown",
    buffer: Buffer.from("# Tide tables\n\nHigh water at the north pier is at 06:12 and 18:40.\n"),
  });
  await page.evaluate(() => (document.getElementById("share") as HTMLFormElement).submit());

  await expect(page).toHaveURL(/\/\?shared/);
  const dialog = page.getByRole("dialog", { name: "Upload your memories" });
  await expect(dialog).toBeVisible();
  const rows = dialog.getByRole("region", { name: "Upload list" }).getByRole("listitem");
  await expect(rows.filter({ hasText: "tide-tables.md" })).toHaveCount(1);
  const save = dialog.getByRole("button", { name: "Save Memories" });
  await expect(save).toBeEnabled({ timeout: 20_000 });
  await save.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId("memory-card").filter({ hasText: "tide-tables.md" })).toBeVisible({
    timeout: 30_000,
  });
  // The inbox was emptied: landing again shares nothing twice.
  const left = await page.evaluate(
    async () => (await (await caches.open("mnemo-share-inbox")).keys()).length,
  );
  expect(left).toBe(0);
});
