import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { newUser, restoreViewport, signUp, themedShots } from "./helpers.ts";
import { MemoryApi } from "./wall-api.ts";
import { webdavInfoPath, webdavUser, type WebDavInfo } from "./webdav-config.ts";

const files = path.join(import.meta.dirname, "../apps/server/src/test/fixtures/files");

test("Settings → Sync and indexing: a WebDAV folder's coverage, each failed file's reason, runs, and Retry all failed after the fix", async ({
  page,
}) => {
  test.setTimeout(180_000);
  // The folder this test syncs, on the fixture's real WebDAV server (e2e/webdav-fixture.ts).
  const dav = JSON.parse(fs.readFileSync(webdavInfoPath, "utf8")) as WebDavInfo;
  const folder = `Ledger-${test.info().project.name}-${Date.now().toString(36)}`;
  const dir = path.join(dav.dir, folder);
  fs.mkdirSync(dir);
  fs.writeFileSync(path.join(dir, "Broken.pdf"), "%PDF-1.4\nthis is not a PDF body\n%%EOF\n");
  fs.writeFileSync(path.join(dir, "Empty.txt"), "");
  fs.writeFileSync(
    path.join(dir, "Tides.md"),
    "# Tides\n\nSpring tides come with the full and new moon; neap tides at the quarters.\n",
  );

  await signUp(page, newUser("ledger"));
  await page.goto("/settings#integrations");
  await page.getByRole("listitem", { name: "WebDAV files" }).getByRole("button", { name: "Connect" }).click();
  const dialog = page.getByRole("dialog", { name: "Connect WebDAV files" });
  await dialog.getByLabel("WebDAV address").fill(dav.url);
  await dialog.getByLabel("Folder").fill(`/${folder}`);
  await dialog.getByLabel("User name").fill(webdavUser.user);
  await dialog.getByLabel("Password or app password").fill(webdavUser.password);
  await dialog.getByRole("button", { name: "Connect" }).click();
  await expect(dialog).toBeHidden();
  const title = `${folder} (${webdavUser.user})`;
  const row = page.getByRole("list", { name: "WebDAV files accounts" });
  await expect(row).toContainText("Synced just now", { timeout: 30_000 });

  // Settings → Sync and indexing.
  await page.getByRole("link", { name: "Open sync and indexing" }).click();
  await expect(page).toHaveURL(/\/settings\/sync$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sync and indexing" })).toBeVisible();
  const ledger = page.getByRole("region", { name: title });
  // Files index after the sync saved them: the page follows until every one is indexed or failed.
  await expect(ledger.getByTestId("coverage")).toHaveText("1 of 3 indexed, 2 failed", { timeout: 30_000 });
  const failed = ledger.getByRole("list", { name: `Failed memories of ${title}` });
  const broken = failed.getByRole("listitem").filter({ hasText: "Broken.pdf" });
  const empty = failed.getByRole("listitem").filter({ hasText: "Empty.txt" });
  await expect(broken).toContainText("This PDF could not be read: the file is damaged.");
  await expect(empty).toContainText("This file is empty.");
  await expect(failed.getByRole("listitem")).toHaveCount(2);
  await expect(ledger.getByRole("heading", { name: "Failed memories (2)" })).toBeVisible();

  // The account's row counts the two files that did not index, and its Details lead back here.
  await page.getByRole("link", { name: "Settings", exact: true }).first().click();
  await expect(row).toContainText("Synced just now with 2 problems", { timeout: 30_000 });
  await row.getByRole("link", { name: `Details for ${title}` }).click();
  await expect(page).toHaveURL(/\/settings\/sync#account-/);
  await expect(ledger.getByTestId("coverage")).toHaveText("1 of 3 indexed, 2 failed");

  // The first run: synced with the two problems, its memories each with its state.
  const runs = ledger.getByRole("list", { name: `Sync runs of ${title}` });
  const firstRun = runs.getByRole("button").last();
  await expect(firstRun).toContainText("Synced with 2 problems");
  await expect(firstRun).toContainText("3 added, 0 unchanged, 0 removed, 2 failed");
  await expect(firstRun).toHaveAttribute("aria-expanded", "false");
  // Keyboard: the run opens with Enter.
  await firstRun.focus();
  await page.keyboard.press("Enter");
  await expect(firstRun).toHaveAttribute("aria-expanded", "true");
  const items = runs.getByRole("list", { name: "Memories of this run" });
  await expect(items.getByRole("listitem").filter({ hasText: "Tides" })).toContainText("Indexed");
  await expect(items.getByRole("listitem").filter({ hasText: "Broken.pdf" })).toContainText(
    "Failed: This PDF could not be read: the file is damaged.",
  );
  await themedShots(page, "sync-ledger", { fullPageDesktop: true });

  // A phone's width: nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(ledger.getByRole("button", { name: "Retry all failed" })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    )
    .toBeLessThanOrEqual(0);
  await restoreViewport(page);

  // The PDF is fixed on the server: Retry all failed reads it afresh and it indexes.
  fs.copyFileSync(path.join(files, "multipage.pdf"), path.join(dir, "Broken.pdf"));
  await ledger.getByRole("button", { name: "Retry all failed" }).click();
  await expect(page.getByText("Retrying 2 memories. A sync has started.")).toBeVisible();
  await expect(ledger.getByTestId("coverage")).toHaveText("2 of 3 indexed, 1 failed", { timeout: 30_000 });
  await expect(failed.getByRole("listitem")).toHaveCount(1);
  await expect(failed.getByRole("listitem").filter({ hasText: "Broken.pdf" })).toHaveCount(0);
  await expect(empty).toContainText("This file is empty.");
  await expect(ledger.getByRole("heading", { name: "Failed memories (1)" })).toBeVisible();
  await expect(ledger.getByText("Syncing and indexing…")).toHaveCount(0);
  // The newest run is listed first.
  await expect.poll(() => runs.getByRole("button").count()).toBeGreaterThanOrEqual(2);
  await page.screenshot({ path: "artifacts/e2e/sync-ledger-after-retry-1280.png", fullPage: true });

  // Re-index all, after its confirmation: all three are read again; the empty file fails again.
  await ledger.getByRole("button", { name: `Re-index all of ${title}` }).click();
  const confirm = page.getByRole("dialog", { name: `Re-index all of ${title}?` });
  await expect(confirm).toContainText("reads all 3 of its memories again");
  await confirm.getByRole("button", { name: "Re-index all" }).click();
  await expect(page.getByText("Re-indexing 3 memories.")).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(ledger.getByTestId("coverage")).toHaveText("2 of 3 indexed, 1 failed", { timeout: 30_000 });
  await expect(ledger.getByText("Syncing and indexing…")).toHaveCount(0);
  await expect(empty).toContainText("This file is empty.");

  // Back on the account's row, the problem count follows.
  await page.getByRole("link", { name: "Settings", exact: true }).first().click();
  await expect(row).toContainText("with 1 problem ", { timeout: 30_000 });
});

test("Settings → Sync and indexing: an uploaded corrupt PDF under Uploads with its reason, coverage, Latest and Retry", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newUser("ledger-up"));
  const token = await page.evaluate(() => localStorage.getItem("mnemo.token"));
  const api = new MemoryApi(page.request, token ?? "");
  // A body of its own each run (no upload is taken for another's copy).
  const run = `${test.info().project.name}-${Date.now().toString(36)}`;
  const id = await api.uploadFile(
    "Ledger-broken.pdf",
    Buffer.from(`%PDF-1.4\nnot a pdf ${run}\n%%EOF\n`),
    "application/pdf",
  );
  const reason = "Something went wrong. Retry uploading the document.";

  await page.goto("/settings/sync");
  await expect(page.getByRole("heading", { level: 1, name: "Sync and indexing" })).toBeVisible();
  const uploads = page.getByRole("region", { name: "Uploads" });
  // Indexing ends in a failure; the page follows it until then.
  await expect(uploads.getByTestId("coverage")).toHaveText("0 of 1 indexed, 1 failed", { timeout: 30_000 });
  await expect(uploads.getByText("Indexing…")).toHaveCount(0);
  const failed = uploads.getByRole("list", { name: "Failed memories of Uploads" });
  await expect(failed.getByRole("listitem")).toHaveCount(1);
  await expect(failed.getByRole("listitem")).toContainText("Ledger-broken.pdf");
  await expect(failed.getByRole("listitem")).toContainText(reason);
  await expect(uploads.getByRole("heading", { name: "Failed memories (1)" })).toBeVisible();
  await expect(uploads.getByRole("button", { name: "Retry all failed" })).toBeVisible();
  // Nothing was imported; no connected app either.
  await expect(page.getByRole("region", { name: "Imports" })).toContainText("Nothing imported yet.");
  await expect(page.getByRole("heading", { name: "No connected apps yet" })).toBeVisible();

  // The latest uploads, opened from the keyboard.
  const latest = uploads.getByRole("button", { name: "Latest (1)" });
  await expect(latest).toHaveAttribute("aria-expanded", "false");
  await latest.focus();
  await page.keyboard.press("Enter");
  await expect(latest).toHaveAttribute("aria-expanded", "true");
  await expect(uploads.getByRole("list", { name: "Latest memories of Uploads" })).toHaveText(
    `Ledger-broken.pdfFailed: ${reason}`,
  );
  await themedShots(page, "sync-ledger-uploads", { fullPageDesktop: true });

  // A phone's width: nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(uploads.getByRole("button", { name: "Retry Ledger-broken.pdf" })).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    )
    .toBeLessThanOrEqual(0);
  await restoreViewport(page);

  // Retry reads it again: still not a PDF, so it fails again with the same reason.
  await uploads.getByRole("button", { name: "Retry Ledger-broken.pdf" }).click();
  await expect(page.getByText("Retrying 1 memory.")).toBeVisible();
  expect((await api.waitIndexed([id]))[id]).toBe("errored");
  await expect(uploads.getByTestId("coverage")).toHaveText("0 of 1 indexed, 1 failed", { timeout: 30_000 });
  await expect(uploads.getByText("Indexing…")).toHaveCount(0);
  await expect(failed.getByRole("listitem")).toContainText(reason);
});
