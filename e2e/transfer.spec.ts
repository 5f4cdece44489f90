import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { newUser, restoreViewport, signUp } from "./helpers";

/** The section alone at 1280 and 390 px, light and dark (artifacts/e2e/<name>-<width>-<theme>.png). */
async function sectionShots(page: Page, section: Locator, name: string) {
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((t) => document.documentElement.classList.toggle("dark", t === "dark"), theme);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await section.screenshot({ path: `artifacts/e2e/${name}-${width}-${theme}.png` });
    }
  }
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
  await restoreViewport(page);
}

const fixtures = path.join(import.meta.dirname, "../apps/server/src/features/transfer/fixtures");

test("Settings → Import and export: preview a bookmarks file, import it, see it on the wall, export", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, newUser("transfer"));
  await page.goto("/settings#import-export");
  const section = page.getByRole("region", { name: "Import and export" });
  await expect(section).toBeVisible();
  await section.getByLabel("File").setInputFiles(path.join(fixtures, "chrome-bookmarks.html"));
  await section.getByRole("button", { name: "Preview" }).click();
  const run = section.getByTestId("import-run");
  await expect(run).toContainText("5 links, 3 new collections to import.");
  await expect(run).toContainText("Rust ownership & borrowing");
  await expect(run.getByText("1 item will not be imported")).toBeVisible();
  await sectionShots(page, section, "settings-import-preview");
  await run.getByRole("button", { name: "Import 5 items" }).click();
  await expect(run).toContainText(
    "Imported 5 memories into 3 new collections; skipped 0 duplicates; 1 failed.",
  );
  await expect(run.getByText("1 item not imported")).toBeVisible();
  await expect(run.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
  await sectionShots(page, section, "settings-import-done");

  const download = page.waitForEvent("download");
  await section.getByRole("button", { name: "Export everything" }).click();
  expect((await download).suggestedFilename()).toMatch(/^mnemo-export-\d{4}-\d{2}-\d{2}\.zip$/);

  await page.goto("/");
  await expect(page.getByText("Sourdough bread").first()).toBeVisible();

  // One collection, from its page's actions.
  const token = await page.evaluate(() => localStorage.getItem("mnemo.token"));
  const list = await page.request.get("/api/collection", { headers: { authorization: `Bearer ${token}` } });
  const { collections } = (await list.json()) as {
    collections: { collection_id: string; collection_name: string }[];
  };
  const recipes = collections.find((c) => c.collection_name === "Recipes")!;
  await page.goto(`/collections/${recipes.collection_id}`);
  await page.getByRole("button", { name: "Collection actions" }).click();
  const one = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: "Export as zip" }).click();
  expect((await one).suggestedFilename()).toMatch(/^mnemo-collection-\d{4}-\d{2}-\d{2}\.zip$/);
});
