import { expect, test, type Page } from "@playwright/test";
import { newUser, openNav, openUserMenu, phoneProject, shot, signUp } from "./helpers";

async function chooseTheme(page: Page, theme: "Light" | "Dark" | "System") {
  const menu = await openUserMenu(page);
  await menu.getByRole("menuitemradio", { name: theme }).click();
  await expect(menu).toBeHidden();
}

test("the wall in light and dark, desktop and phone widths", async ({ page }) => {
  await signUp(page, newUser("looks"));

  await chooseTheme(page, "Light");
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  await page.screenshot(shot("wall-desktop-light"));

  await chooseTheme(page, "Dark");
  await expect(page.locator("html")).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect(page.getByRole("heading", { name: "No memories yet" })).toBeVisible();
  await page.screenshot(shot("wall-desktop-dark"));

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole("complementary", { name: "Sidebar" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Open navigation" })).toBeVisible();
  await page.screenshot(shot("wall-mobile-dark"));

  await chooseTheme(page, "Light");
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  await page.screenshot(shot("wall-mobile-light"));

  await page.getByRole("button", { name: "Open navigation" }).click();
  const drawer = page.getByRole("dialog");
  await expect(drawer.getByRole("link", { name: "Chats" })).toBeVisible();
  await page.screenshot(shot("nav-drawer-mobile-light"));
  await drawer.getByRole("link", { name: "Chats" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page).toHaveURL(/\/chat$/);
  await expect(page.getByRole("heading", { name: "No chats yet" })).toBeVisible();
});

test("navigation reaches every screen with an honest empty state", async ({ page }) => {
  await signUp(page, newUser("nav"));

  await (await openNav(page)).getByRole("link", { name: "Chats" }).click();
  await expect(page.getByRole("heading", { name: "No chats yet" })).toBeVisible();
  await (await openNav(page)).getByRole("link", { name: "Collections" }).click();
  await expect(page.getByRole("heading", { name: "No collections yet" })).toBeVisible();
  await (await openNav(page)).getByRole("link", { name: "Settings" }).click();
  await expect(page.getByRole("region", { name: "App integrations" })).toBeVisible();
  await (await openNav(page)).getByRole("link", { name: "Memories" }).click();
  await expect(page.getByRole("heading", { name: "No memories yet" })).toBeVisible();

  // Memory tabs live in ?tab=.
  const tabs = page.getByRole("navigation", { name: "Memory views" });
  await tabs.getByRole("link", { name: "Mind map" }).click();
  await expect(page).toHaveURL(/\?tab=mindmap$/);
  await expect(page.getByRole("heading", { name: "Your mind map is empty" })).toBeVisible();
  await page.goto("/?tab=canvas");
  await expect(page.getByRole("heading", { name: "No canvases yet" })).toBeVisible();
  await expect(tabs.getByRole("link", { name: "Canvas" })).toHaveAttribute("aria-current", "page");
  await page.goto("/?tab=pages");
  await expect(page.getByRole("heading", { name: "No pages yet" })).toBeVisible();
  await page.goto("/?tab=shared");
  await expect(page.getByRole("heading", { name: "Nothing shared yet" })).toBeVisible();
  await page.goto("/?tab=bogus");
  await expect(page.getByRole("heading", { name: "No memories yet" })).toBeVisible();

  // The empty wall's action opens the add-memory dialog.
  await page.getByRole("button", { name: "Add your first memory" }).click();
  await expect(page.getByRole("dialog", { name: "Upload your memories" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();

  // Spec 1 §4: a chat whose history cannot be loaded starts a fresh session.
  await page.goto("/chat/abc");
  await expect(page.getByPlaceholder("Ask your question here...")).toBeVisible();
  await expect(page.getByText("Hello! How can I help you?")).toBeVisible();
  await page.goto("/collections/abc");
  await expect(page.getByRole("heading", { name: "Collection not found" })).toBeVisible();
  await page.goto("/nowhere");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});

test("contact support names whom to ask and links the docs (issue 41)", async ({ page }) => {
  await signUp(page, newUser("support"));
  // No SUPPORT_CONTACT on the e2e server: the dialog names its first site administrator.
  await page.goto("/dashboard?support=true");
  const dialog = page.getByRole("dialog", { name: "Contact support" });
  await expect(dialog).toContainText("Ask Site Owner, the site administrator.");
  const docs = dialog.getByRole("link", { name: "Read the documentation" });
  await expect(docs).toHaveAttribute("href", "/api/docs");
  const [tab] = await Promise.all([page.context().waitForEvent("page"), docs.click()]);
  await expect(tab.locator("body")).toContainText("## Configuration");
  await expect(tab.locator("body")).toContainText("SUPPORT_CONTACT");
  await tab.close();
  await page.screenshot(shot("support-dialog"));
  await page.keyboard.press("Escape");

  // With SUPPORT_CONTACT an e-mail address, the dialog gives a mailto: link to it.
  await page.route("**/api/site/support", (route) =>
    route.fulfill({
      json: {
        contact: { kind: "email", value: "help@example.org" },
        admin_name: "Site Owner",
        docs_url: "https://docs.example.org/mnemo",
      },
    }),
  );
  await page.goto("/");
  await page.goto("/dashboard?support=true");
  await expect(dialog.getByRole("link", { name: "help@example.org" })).toHaveAttribute(
    "href",
    "mailto:help@example.org",
  );
  await expect(dialog).not.toContainText("the site administrator");
  await expect(dialog.getByRole("link", { name: "Read the documentation" })).toHaveAttribute(
    "href",
    "https://docs.example.org/mnemo",
  );
});

test("dashboard query parameters open plans and support; account holds #mcps", async ({ page }) => {
  const user = newUser("dash");
  await signUp(page, user);

  await page.goto("/dashboard?showPlans=true");
  const plans = page.getByRole("dialog", { name: "Plans" });
  await expect(plans).toContainText("You are on the Free plan.");
  await expect(plans.getByRole("tab", { name: /Yearly/ })).toContainText("-40%");
  await page.screenshot(shot("plans-dialog"));
  await plans.getByRole("button", { name: "Close" }).first().click();
  await expect(plans).toBeHidden();
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/?support=true");
  await expect(page.getByRole("dialog", { name: "Contact support" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\/$/);

  await page.goto("/account#mcps");
  await expect(page.locator("#mcps")).toBeInViewport();
  await expect(page.locator("#mcps")).toContainText("No MCP servers yet.");
  await expect(page.locator("#main").getByText(user.email)).toBeVisible();
  await page.screenshot(shot("account"));
});

test("the profile name can be changed; a blank name is refused inline", async ({ page }) => {
  await signUp(page, newUser("rename"));
  await page.goto("/account");
  const name = page.getByLabel("Full name");
  await name.fill("   ");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText("Full name is required.")).toBeVisible();
  await name.fill("Grace Hopper");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText("Name saved.")).toBeVisible();
  await page.reload();
  const menu = await openUserMenu(page);
  await expect(menu.getByTestId("user-menu-name")).toHaveText("Grace Hopper");
});

test("the sidebar remembers whether it is collapsed", async ({ page }) => {
  // Desktop only: under 1024 px there is no sidebar to collapse, the drawer takes its place.
  test.skip(phoneProject(), "the collapsible sidebar exists only on a desktop-width screen");
  await signUp(page, newUser("collapse"));
  const sidebar = page.getByRole("complementary", { name: "Sidebar" });
  await expect(sidebar).toHaveAttribute("data-expanded", "true");
  await sidebar.getByRole("button", { name: "Collapse sidebar" }).click();
  await expect(sidebar).toHaveAttribute("data-expanded", "false");
  await page.reload();
  await expect(sidebar).toHaveAttribute("data-expanded", "false");
  // Icon-only items keep their full hit area and still mark the current page.
  const memories = sidebar.getByRole("link", { name: "Memories" });
  await expect(memories).toHaveAttribute("aria-current", "page");
  expect((await memories.boundingBox())?.height).toBeGreaterThanOrEqual(32);
  await page.screenshot(shot("wall-desktop-collapsed"));
  await sidebar.getByRole("button", { name: "Expand sidebar" }).click();
  await expect(sidebar).toHaveAttribute("data-expanded", "true");
});
