import { expect, test, type Page, type Request } from "@playwright/test";
import { openUserMenu } from "./helpers";
import { MemoryApi } from "./wall-api";

/**
 * Sign-out leaves nothing of the user behind (issue 13 item 2): no poll, stream or timer keeps
 * calling the API, and no toast or card keeps showing the user's text on the sign-in screen.
 */
let seq = 0;
const email = (label: string) => `${label}-${Date.now().toString(36)}${(seq += 1)}@example.com`;

async function takeNote(page: Page, title: string, body: string) {
  await page.getByRole("button", { name: "Add memory" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Upload your memories" });
  await dialog.getByRole("button", { name: "Take Notes" }).click();
  const editor = page.getByRole("dialog").filter({ has: page.getByLabel("Page title") });
  await editor.getByLabel("Page title").fill(title);
  await editor.locator(".bn-editor").click();
  await page.keyboard.type(body);
  await editor.getByRole("button", { name: "Save Page" }).click();
  await expect(editor).toBeHidden();
  await dialog.getByRole("button", { name: "Save Memories" }).click();
  await expect(dialog).toBeHidden();
}

test("sign-out stops the indexing poll and closes toasts that quote the user's memories", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const api = await MemoryApi.signUp(request, email("signout"), "Sam Signout");
  await api.waitIndexed([
    await api.createPage(
      "The Sourdough Starter Handbook",
      "A sourdough starter is flour and water fermented by wild yeast. Feed the sourdough starter daily.",
    ),
  ]);
  // The live stream is down (its events would settle the notes at once): the tracker falls back
  // to polling, which is what this test stops.
  await page.route("**/api/events", (route) => route.abort());
  // Fake timers that still flow, so the test can later run every pending timer at once.
  await page.clock.install();
  await page.addInitScript((token) => localStorage.setItem("mnemo.token", token), api.token);
  await page.goto("/");

  // One related note: its proactive memory toast quotes both memories' titles.
  await takeNote(
    page,
    "Sourdough starter feeding",
    "Feed the sourdough starter with flour and water; a bubbly starter makes sourdough bread rise.",
  );
  const proactive = page.getByText(/connect with "The Sourdough Starter Handbook"/);
  await expect(proactive).toBeVisible({ timeout: 60_000 });
  // It takes the background-upload toast's place (the upload is done): on a phone the two would
  // stack at the bottom centre.
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "Uploading memories in the background" }),
  ).toHaveCount(0);
  // The toast never covers the page's primary controls (on a phone it sits above the bottom strip).
  const toastBox = (await page.locator("[data-sonner-toast]").filter({ has: proactive }).boundingBox())!;
  const addBox = (await page.getByRole("button", { name: "Add memory" }).first().boundingBox())!;
  const apart = (a: typeof toastBox, b: typeof toastBox) =>
    a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
  expect(apart(toastBox, addBox)).toBe(true);
  await page.screenshot({ path: `artifacts/e2e/proactive-toast-${page.viewportSize()!.width}-light.png` });

  // A second note that never finishes indexing keeps the upload tracker polling.
  let polls = 0;
  await page.route("**/api/upload/verify_indexing", async (route) => {
    polls += 1;
    const items = route.request().postDataJSON() as { type: string; id: string }[];
    await route.fulfill({
      json: items.map((i) => ({ id: i.id, type: i.type, indexing_status: "in_progress" })),
    });
  });
  await takeNote(page, "Rye bread notes", "Rye flour makes a dense loaf with a sour crumb.");
  await expect.poll(() => polls, { timeout: 30_000 }).toBeGreaterThan(0);
  await expect(page.getByRole("region", { name: "Upload notifications" })).toContainText("Adding 1 memory");

  // Sign out; from then on, record every request the page makes.
  const after: Request[] = [];
  let signedOut = false;
  page.on("request", (r) => {
    if (signedOut) after.push(r);
  });
  await (await openUserMenu(page)).getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  signedOut = true;

  // Run every timer due in the next two minutes (polls every 3 s, refresh schedules up to 60 s).
  await page.clock.runFor(120_000);
  // A request made after those timers marks the end of the window: earlier ones are seen by now.
  const sentinel = page.waitForRequest("**/sign-out-sentinel");
  await page.evaluate(() => void fetch("/sign-out-sentinel").catch(() => undefined));
  await sentinel;

  const calls = after.filter((r) => new URL(r.url()).pathname.startsWith("/api/"));
  expect(calls.map((r) => r.url())).toEqual([]);
  const withOldToken = [];
  for (const r of after)
    if ((await r.allHeaders()).authorization?.includes(api.token)) withOldToken.push(r.url());
  expect(withOldToken).toEqual([]);
  await expect(proactive).toHaveCount(0);
  await expect(page.getByText("Rye bread notes")).toHaveCount(0);
  await expect(page.getByText("Sourdough")).toHaveCount(0);
});
