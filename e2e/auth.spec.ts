import { expect, test } from "@playwright/test";
import { newUser, openUserMenu, shot, signIn, signUp, skipFirstRun } from "./helpers";

test("a new user signs up, lands on the empty wall, signs out and back in", async ({ page }) => {
  const user = newUser("journey");

  await page.goto("/");
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL(/\/sign-up$/);

  // Inline validation before anything reaches the server.
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Full name is required.")).toBeVisible();
  await expect(page.getByText("Enter a valid email address.")).toBeVisible();
  await expect(page.getByLabel("Full name")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Password", { exact: true }).fill("short");
  await expect(page.getByText("Password must be at least 8 characters.")).toBeVisible();

  await page.getByLabel("Full name").fill(user.name);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await expect(page.getByText("Full name is required.")).toHaveCount(0);
  await page.screenshot(shot("sign-up"));
  // Keyboard submit.
  await page.getByLabel("Password", { exact: true }).press("Enter");

  await expect(page).toHaveURL(/\/$/);
  // A free account first gives its details (spec 3 §4); onboarding is tested in first-run.spec.ts.
  await expect(page.getByRole("heading", { name: "Tell us about yourself" })).toBeVisible();
  await skipFirstRun(page);
  await expect(page.getByRole("heading", { name: "No memories yet" })).toBeVisible();
  const menu = await openUserMenu(page);
  await expect(menu.getByTestId("user-menu-name")).toHaveText(user.name);
  await expect(menu.getByTestId("user-menu-email")).toHaveText(user.email);
  const token = await page.evaluate(() => localStorage.getItem("mnemo.token"));
  expect(token).toBeTruthy();
  await menu.getByRole("menuitem", { name: "Sign out" }).click();

  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
  // Signing out revoked the token on the server, and the wall needs a new sign-in.
  const me = await page.request.get("/api/user/me", { headers: { authorization: `Bearer ${token}` } });
  expect(me.status()).toBe(401);
  await page.goto("/");
  await expect(page).toHaveURL(/\/sign-in$/);

  await signIn(page, user.email, user.password);
  // Signing in lands on the chat history (spec 1 §2); the wall is one click away.
  await expect(page).toHaveURL(/\/chat$/);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "No memories yet" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: "No memories yet" })).toBeVisible();
});

test("a wrong password shows the server's message", async ({ page }) => {
  const user = newUser("wrongpw");
  await signUp(page, user);
  await (await openUserMenu(page)).getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);

  await signIn(page, user.email, "not the password");
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password.");
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.screenshot(shot("sign-in-wrong-password"));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Email").blur();
  await page.screenshot(shot("sign-in-mobile-dark-system"));
});

test("signing up twice with one email shows the server's message", async ({ page }) => {
  const user = newUser("dup");
  await signUp(page, user);
  await (await openUserMenu(page)).getByRole("menuitem", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in$/);

  await page.goto("/sign-up");
  await page.getByLabel("Full name").fill("Someone Else");
  await page.getByLabel("Email").fill(user.email.toUpperCase());
  await page.getByLabel("Password", { exact: true }).fill("another password");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("alert")).toHaveText("An account with this email already exists.");
  await expect(page).toHaveURL(/\/sign-up$/);
});

test("a session the server no longer knows leads back to sign-in, then to the page asked for", async ({
  page,
}) => {
  const user = newUser("expired");
  await signUp(page, user);
  await page.evaluate(() => localStorage.setItem("mnemo.token", "forged-token"));
  await page.goto("/collections");
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fcollections$/);
  await signIn(page, user.email, user.password, false);
  await expect(page).toHaveURL(/\/collections$/);
  await expect(page.getByRole("heading", { name: "No collections yet" })).toBeVisible();
});
