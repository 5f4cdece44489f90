import { expect, type Page } from "@playwright/test";

export const password = "correct horse battery";

let counter = 0;
/** A fresh, unique account for one test. */
export function newUser(label = "user") {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}`;
  return { name: `Ada ${label} Lovelace`, email: `${label}-${id}@example.com`, password };
}

export type TestUser = ReturnType<typeof newUser>;

export function shot(name: string) {
  return { path: `artifacts/e2e/${name}.png`, fullPage: true };
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
 * artifacts/e2e/<name>-<width>-<theme>.png; leaves the page light at 1280 px.
 */
export async function themedShots(
  page: Page,
  name: string,
  opts: { fullPageDesktop?: boolean; settleMs?: number } = {},
) {
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((t) => {
      localStorage.setItem("theme", t);
      document.documentElement.classList.toggle("dark", t === "dark");
    }, theme);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.waitForTimeout(opts.settleMs ?? 150);
      await page.screenshot({
        path: `artifacts/e2e/${name}-${width}-${theme}.png`,
        fullPage: Boolean(opts.fullPageDesktop) && width === 1280,
      });
    }
  }
  await page.evaluate(() => {
    localStorage.setItem("theme", "light");
    document.documentElement.classList.remove("dark");
  });
  await page.setViewportSize({ width: 1280, height: 800 });
}
