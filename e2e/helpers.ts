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
  await expect(page.getByRole("heading", { name: "No memories yet" })).toBeVisible();
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
