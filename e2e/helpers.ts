import { expect, test, type Locator, type Page } from "@playwright/test";

export const password = "correct horse battery";

let counter = 0;
/** A fresh, unique account for one test. */
export function newUser(label = "user") {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return { name: `Ada ${label} Lovelace`, email: `${label}-${id}@example.com`, password };
}

export type TestUser = ReturnType<typeof newUser>;

/** True in the phone project (playwright.config.ts): a 390 px touch screen. */
export function phoneProject(): boolean {
  return test.info().project.name === "phone";
}

/** True while the page is narrower than the desktop layout (the sidebar shows from 1024 px). */
export function isNarrow(page: Page): boolean {
  return (page.viewportSize()?.width ?? 1280) < 1024;
}

/**
 * Presses and holds a touch on the element's centre (a phone's long press), through the browser's
 * own touch input.
 */
export async function longPress(page: Page, target: Locator, ms = 700) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error("longPress: the element is not visible");
  const touchPoints = [{ x: box.x + box.width / 2, y: box.y + box.height / 2 }];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints });
  await page.waitForTimeout(ms);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

/** Back to the project's own screen size after a test looked at another width. */
export async function restoreViewport(page: Page) {
  await page.setViewportSize(test.info().project.use.viewport ?? { width: 1280, height: 800 });
}

/** A full-page screenshot to artifacts/e2e/<name>.png (<name>-phone.png in the phone project). */
export function shot(name: string) {
  return { path: `artifacts/e2e/${name}${phoneProject() ? "-phone" : ""}.png`, fullPage: true };
}

/**
 * The main navigation the way a user reaches it: the sidebar on a desktop, the drawer behind
 * "Open navigation" on a narrower screen (a link chosen there closes the drawer).
 */
export async function openNav(page: Page): Promise<Locator> {
  if (!isNarrow(page)) return page.getByRole("complementary", { name: "Sidebar" });
  await page.getByRole("button", { name: "Open navigation" }).click();
  const drawer = page.getByRole("dialog").filter({ has: page.getByRole("navigation", { name: "Main" }) });
  await expect(drawer).toBeVisible();
  return drawer;
}

export async function signUp(page: Page, user: TestUser) {
  await page.goto("/sign-up");
  await page.getByLabel("Full name").fill(user.name);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await skipFirstRun(page);
  await expect(page.getByRole("heading", { name: "No memories yet" })).toBeVisible();
}

/**
 * A new account starts with the first-run screens (details, onboarding; spec 3 §4). Tests about
 * other things mark it done through the API, as finishing onboarding does, and reload.
 */
export async function skipFirstRun(page: Page) {
  await expect(page.getByTestId("first-run")).toBeVisible();
  const token = await page.evaluate(() => localStorage.getItem("mnemo.token"));
  const res = await page.request.patch("/api/user/metadata", {
    headers: { authorization: `Bearer ${token}` },
    data: { submitUserDetails: true },
  });
  expect(res.status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId("first-run")).toHaveCount(0);
}

/** Signs in on the current sign-in screen (opened when `open` is true). */
export async function signIn(page: Page, email: string, pw: string, open = true) {
  if (open) await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(pw);
  await page.getByLabel("Password", { exact: true }).press("Enter");
}

export async function openUserMenu(page: Page) {
  await page.getByRole("button", { name: "Open user menu" }).filter({ visible: true }).first().click();
  return page.getByRole("menu");
}

/**
 * Screenshots of the current screen at 1280 and 390 px, light and dark, to
 * artifacts/e2e/<name>-<width>-<theme>.png; leaves the page light at 1280 px. The desktop project
 * takes both widths; the phone project (same screens, same files) takes none, to keep CI short.
 */
export async function themedShots(
  page: Page,
  name: string,
  opts: { fullPageDesktop?: boolean; settleMs?: number } = {},
) {
  if (phoneProject()) return;
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((t) => {
      localStorage.setItem("theme", t);
      document.documentElement.classList.toggle("dark", t === "dark");
    }, theme);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.waitForTimeout(opts.settleMs ?? 150);
      // Review artifacts, not assertions: a capture Chromium never completes (seen once in CI: a
      // headless screenshot that waited for a frame until the test's time ran out) is skipped.
      await page
        .screenshot({
          path: `artifacts/e2e/${name}-${width}-${theme}.png`,
          fullPage: Boolean(opts.fullPageDesktop) && width === 1280,
          timeout: 20_000,
        })
        .catch((err: Error) => console.warn(`screenshot ${name}-${width}-${theme} skipped: ${err.message}`));
    }
  }
  await page.evaluate(() => {
    localStorage.setItem("theme", "light");
    document.documentElement.classList.remove("dark");
  });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * Selects a memory card as its user would: the checkbox a pointer reveals on hover, or on a touch
 * screen (no hover) a long press on the card, after which every card shows its checkbox.
 */
export async function selectCard(page: Page, card: Locator) {
  const checkbox = card.getByRole("checkbox");
  const touch = await page.evaluate(() => window.matchMedia("(hover: none)").matches);
  if (touch && !(await checkbox.isVisible())) {
    await longPress(page, card.getByRole("button", { name: /^Open / }));
  } else {
    if (!touch) await card.hover();
    await checkbox.click();
  }
  await expect(checkbox).toHaveAttribute("aria-checked", "true");
}

/**
 * Shows a memory preview's AI panel (its chat): beside the content on a desktop, where it starts
 * open; on a phone it is a separate view behind the header's "AI panel" button.
 */
export async function showAiPanel(preview: Locator) {
  const toggle = preview.getByRole("button", { name: "AI panel" });
  // Right after a resize (review screenshots at 390 px, then back to desktop size) the panel's
  // open state follows the width a frame later: a click read against the stale state would close
  // the panel the resize just opened. Read, click only when closed, and check again until open.
  await expect(async () => {
    if ((await toggle.getAttribute("aria-pressed")) !== "true") {
      await revealPreviewHeader(preview);
      await toggle.click();
    }
    await expect(toggle).toHaveAttribute("aria-pressed", "true", { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/**
 * Brings back a preview's auto-hidden header as a user does: a pointer moving over the preview, or
 * on a touch screen a tap on its left margin, half-way down (clear of the chat input and buttons).
 */
export async function revealPreviewHeader(preview: Locator) {
  const page = preview.page();
  const box = (await preview.boundingBox())!;
  const x = box.x + 6;
  const y = box.y + box.height / 2;
  if (await page.evaluate(() => window.matchMedia("(hover: none)").matches)) {
    await page.touchscreen.tap(x, y);
  } else {
    await page.mouse.move(x, y);
    await page.mouse.move(x + 10, y - 10);
  }
}
