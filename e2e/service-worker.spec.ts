import { expect, test, type Browser, type Page } from "@playwright/test";
import { newUser, openUserMenu, signUp } from "./helpers";

/**
 * The service worker (apps/web/public/sw.js, production builds): after a first visit the app shell
 * loads with the network off, and a file shared from another app (the manifest's share_target, a
 * multipart POST the worker answers) lands in 'Upload your memories' and is saved. The shell holds
 * nothing of a user, and signing out empties a share nobody landed yet.
 *
 * Each test runs in a browser context of its own and leaves it with no worker and no caches, so no
 * worker or cache outlives the test that made it.
 */

/** Waits until the service worker controls the page. */
async function controlled(page: Page) {
  await expect
    .poll(() => page.evaluate(() => Boolean(navigator.serviceWorker?.controller)), { timeout: 30_000 })
    .toBe(true);
}

/** A fresh context and page; `run` gets the page, and the worker and caches go with the context. */
async function inOwnContext(browser: Browser, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await run(page);
  } finally {
    await context.setOffline(false);
    await page
      .evaluate(async () => {
        for (const r of await navigator.serviceWorker.getRegistrations()) await r.unregister();
        for (const k of await caches.keys()) await caches.delete(k);
      })
      .catch(() => undefined);
    await context.close();
  }
}

test("after a first visit the app shell loads offline", async ({ browser }) => {
  await inOwnContext(browser, async (page) => {
    await page.goto("/sign-in");
    await expect(page.getByRole("heading", { name: "Sign in to Mnemo" })).toBeVisible();
    // A signed-out visitor in a context of its own: nothing of any user in it.
    expect(await page.evaluate(() => localStorage.getItem("mnemo.token"))).toBeNull();
    await controlled(page);
    // The worker keeps what the first visit loaded before it was in control (told by the page):
    // the entry script and every chunk and style sheet the sign-in screen loaded. A user who
    // goes offline before the worker has them all gets a blank page, so wait for every one.
    const entry = await page.evaluate(() => [
      ...new Set(
        performance
          .getEntriesByType("resource")
          .map((e) => new URL(e.name).pathname)
          .filter((p) => p.startsWith("/assets/")),
      ),
    ]);
    expect(entry.some((p) => p.endsWith(".js"))).toBe(true);
    await expect
      .poll(
        () =>
          page.evaluate(async (urls) => {
            const names = await caches.keys();
            const hits = await Promise.all(["/", ...urls].map((u) => caches.match(u)));
            return names.some((n) => n.startsWith("mnemo-shell-")) && hits.every(Boolean);
          }, entry),
        { timeout: 30_000 },
      )
      .toBe(true);
    // The shell it keeps is the app's own page, marked by the server, the same for everyone.
    const shellMark = await page.evaluate(async () =>
      (await caches.match("/"))?.headers.get("x-mnemo-shell"),
    );
    expect(shellMark).toBe("1");

    // Nothing from the browser's HTTP cache: only the worker's shell can answer now.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.clearBrowserCache");
    await page.context().setOffline(true);
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await expect(page.getByRole("heading", { name: "Sign in to Mnemo" })).toBeVisible();
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
  });
});

test("signing out empties a share nobody landed yet and keeps the offline shell", async ({ browser }) => {
  test.setTimeout(90_000);
  await inOwnContext(browser, async (page) => {
    await signUp(page, newUser("inbox"));
    await controlled(page);
    // Another app shared a private note; the user signs out before it was landed.
    await page.evaluate(async () => {
      const inbox = await caches.open("mnemo-share-inbox");
      await inbox.put(
        "/share-inbox/meta",
        new Response(JSON.stringify({ title: "Diary", text: "Private words", url: "", files: [] }), {
          headers: { "content-type": "application/json" },
        }),
      );
    });
    await (await openUserMenu(page)).getByRole("menuitem", { name: "Sign out" }).click();
    await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
    await expect
      .poll(() => page.evaluate(async () => (await caches.keys()).includes("mnemo-share-inbox")))
      .toBe(false);
    // The shell stays: it holds nothing of the user, and the sign-in screen still loads offline.
    expect(await page.evaluate(async () => Boolean(await caches.match("/")))).toBe(true);
  });
});

test("a file shared from another app is kept by the service worker and saved", async ({ browser }) => {
  test.setTimeout(120_000);
  await inOwnContext(browser, (page) => shareAFile(page));
});

async function shareAFile(page: Page) {
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
}
