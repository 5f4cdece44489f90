import { expect, test } from "@playwright/test";
import { fixtureOrigin, imapPort, imapUser } from "./fixture-site-config.ts";
import { newUser, signUp, themedShots } from "./helpers.ts";
import { MemoryApi } from "./wall-api.ts";

test("connect an RSS feed in settings: refused address, sync into the wall, filter by app, remove", async ({
  page,
  request,
}) => {
  // Connecting, syncing and filtering: more than the default minute on a loaded machine.
  test.setTimeout(180_000);
  const user = newUser("apps");
  await signUp(page, user);
  // The App Integrations tile of the Upload Memories panel leads to where apps are connected.
  await page.getByRole("button", { name: "Add memory" }).first().click();
  await page
    .getByRole("dialog", { name: "Upload your memories" })
    .getByRole("button", { name: "App Integrations" })
    .click();
  await expect(page).toHaveURL(/\/settings#integrations$/);
  await expect(page.getByRole("dialog", { name: "Upload your memories" })).toBeHidden();

  const rss = page.getByRole("listitem", { name: "RSS feeds" });
  await rss.getByRole("button", { name: "Connect" }).click();
  const dialog = page.getByRole("dialog", { name: "Connect RSS feeds" });
  await dialog.getByLabel("Feed URL").fill(`${fixtureOrigin}/articles/sourdough`);
  await dialog.getByRole("button", { name: "Connect" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("This address does not serve an RSS or Atom feed.");

  await dialog.getByLabel("Feed URL").fill(`${fixtureOrigin}/feeds/e2e.xml`);
  await dialog.getByRole("button", { name: "Connect" }).click();
  await expect(dialog).toBeHidden();
  const accounts = page.getByRole("list", { name: "RSS feeds accounts" });
  await expect(accounts).toContainText("e2e journal");
  await expect(accounts).toContainText("Synced just now · 2 memories", { timeout: 30_000 });
  await themedShots(page, "apps-settings", { fullPageDesktop: true });

  await page.goto("/");
  await expect(page.getByText("The Sourdough Starter Handbook").first()).toBeVisible();
  await expect(page.getByText("Backyard Astronomy for Beginners").first()).toBeVisible();

  // The filter bar's app filter (spec 2 §3 Search filters): a note of the user's own is left out
  // when only RSS feeds is chosen, in the list and in search, and combines with the file types.
  const token = await page.evaluate(() => localStorage.getItem("mnemo.token"));
  // Saved with its Markdown (no block conversion: the point here is the filter, not the editor).
  await new MemoryApi(request, token!).call("POST", "/api/pages", {
    title: "Kitchen inventory",
    blocks: [],
    markdown: "Flour, salt and a jar of starter.",
    collections: [],
  });
  await page.reload();
  const cards = page.getByTestId("memory-card");
  await expect(cards).toHaveCount(3);
  // Issue 41: what the feed brought carries the app's badge (logo and name); the user's own note none.
  const sourdough = cards.filter({ hasText: "The Sourdough Starter Handbook" });
  const badge = sourdough.getByTestId("app-badge");
  await expect(badge).toHaveText("From RSS feeds");
  await expect(badge).toHaveAttribute("title", "From RSS feeds");
  await expect(badge.locator("img")).toHaveAttribute("src", "/app-logos/rss.svg");
  await expect
    .poll(() =>
      badge.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
    )
    .toBe(true);
  await expect(
    cards.filter({ hasText: "Backyard Astronomy for Beginners" }).getByTestId("app-badge"),
  ).toHaveText("From RSS feeds");
  await expect(cards.filter({ hasText: "Kitchen inventory" }).getByTestId("app-badge")).toHaveCount(0);
  await sourdough.scrollIntoViewIfNeeded();
  await themedShots(page, "apps-wall-badges");
  // The type filter's kind From apps keeps what any connected app brought.
  await page.getByRole("button", { name: /^File type:/ }).click();
  await page.getByRole("menuitemcheckbox", { name: "From apps" }).click();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "File type: From apps" })).toBeVisible();
  await expect(cards).toHaveCount(2);
  await expect(page.getByText("Kitchen inventory")).toHaveCount(0);
  await page.getByRole("button", { name: /^File type:/ }).click();
  await page.getByRole("menuitem", { name: "Clear" }).click();
  await page.keyboard.press("Escape");
  await expect(cards).toHaveCount(3);
  await page.getByRole("button", { name: "App: All apps" }).click();
  await page.getByRole("menuitemcheckbox", { name: "RSS feeds" }).click();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "App: RSS feeds" })).toBeVisible();
  await expect(cards).toHaveCount(2);
  await expect(page.getByText("Kitchen inventory")).toHaveCount(0);
  const search = page.getByRole("searchbox", { name: "Search memories" });
  await search.fill("starter");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("The Sourdough Starter Handbook");
  await search.fill("");
  await page.getByRole("button", { name: /^File type:/ }).click();
  await page.getByRole("menuitemcheckbox", { name: "Pages", exact: true }).click();
  await page.keyboard.press("Escape");
  await expect(cards).toHaveCount(0);
  await page.getByRole("button", { name: /^File type:/ }).click();
  await page.getByRole("menuitem", { name: "Clear" }).click();
  await page.getByRole("button", { name: "App: RSS feeds" }).click();
  await page.getByRole("menuitem", { name: "Clear" }).click();
  await page.keyboard.press("Escape");
  await expect(cards).toHaveCount(3);

  // App search: what the feed brought in, with a preview of a result.
  await page.goto("/settings#integrations");
  await rss.getByRole("button", { name: "Search RSS feeds" }).click();
  const searchDialog = page.getByRole("dialog", { name: "Search in RSS feeds" });
  await expect(searchDialog).toContainText("Type what you are looking for and press Enter.");
  const searchBox = searchDialog.getByRole("textbox", { name: "Search in RSS feeds" });
  await searchBox.fill("zzqx nothing like this");
  await searchBox.press("Enter");
  await expect(searchDialog).toContainText("No results found.");
  await searchBox.fill("sourdough starter");
  await searchBox.press("Enter");
  const results = searchDialog.getByRole("list", { name: "Results" });
  await results.getByRole("button", { name: /Sourdough Starter Handbook/ }).click();
  const preview = searchDialog.getByRole("region", { name: /Preview of/ });
  await expect(preview).toContainText(/sourdough/i);
  // The search result preview panel shows the content in the candidate preview (spec 2 §2).
  await expect(searchDialog.getByTestId("candidate-preview")).toBeVisible();
  await page.screenshot({ path: "artifacts/e2e/apps-search-1280.png" });
  await searchDialog.getByRole("button", { name: "Results" }).click();
  await expect(results).toBeVisible();
  await page.keyboard.press("Escape");

  // Chat with the app selected: the request searches it (search_type apps, selected_apps_list).
  await page.goto("/chat/new");
  await page.getByRole("button", { name: "Apps" }).click();
  await page.getByRole("menuitem", { name: "RSS feeds" }).click();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Apps" })).toContainText("Apps (1)");
  const asked = page.waitForRequest((r) => r.url().endsWith("/api/qna"));
  const box = page.getByRole("textbox", { name: "Question" });
  await box.fill("How do I feed a sourdough starter?");
  await box.press("Enter");
  const body = (await asked).postDataJSON() as { search_type: string[]; selected_apps_list: string[] };
  expect(body.search_type).toContain("apps");
  expect(body.selected_apps_list).toEqual(["rss"]);
  await expect(page.getByTestId("chat-item").last()).toContainText("Sourdough", { timeout: 30_000 });

  await page.goto("/settings#integrations");
  await accounts.getByRole("button", { name: "Remove" }).click();
  const confirm = page.getByRole("dialog", { name: "Remove e2e journal?" });
  await confirm.getByRole("button", { name: "Remove, keep memories" }).click();
  await expect(page.getByText("e2e journal removed successfully.")).toBeVisible();
  await expect(rss.getByRole("button", { name: "Connect" })).toBeVisible();
  await page.goto("/");
  await expect(page.getByText("The Sourdough Starter Handbook").first()).toBeVisible();
});

test("connect GitHub through its sign-in (OAuth 2 with PKCE) and see its repository synced", async ({
  page,
}) => {
  const user = newUser("github");
  await signUp(page, user);
  await page.goto("/settings#integrations");
  const github = page.getByRole("listitem", { name: "GitHub" });
  await github.getByRole("button", { name: "Connect" }).click();
  // The local OAuth server signs in at once and sends the browser back with code and state.
  await expect(page.getByText("octo-ada connected.")).toBeVisible({ timeout: 20_000 });
  // The callback parameters are read, then removed from the address (spec 3 §2).
  await expect(page).toHaveURL((u) => u.pathname === "/settings" && u.search === "");
  const accounts = page.getByRole("list", { name: "GitHub accounts" });
  await expect(accounts).toContainText("octo-ada");
  await expect(accounts).toContainText("Synced just now · 2 memories", { timeout: 30_000 });
  await page.goto("/");
  await expect(page.getByText("octo-ada/tides README").first()).toBeVisible();
});

test("connect a mailbox (IMAP), find one e-mail in App search, add it to a collection, and get it cited in chat", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const user = newUser("mail");
  await signUp(page, user);
  const token = await page.evaluate(() => localStorage.getItem("mnemo.token"));
  const created = await page.request.put("/api/collection", {
    headers: { authorization: `Bearer ${token}` },
    data: { collection_name: "Harbour life" },
  });
  expect(created.ok()).toBe(true);

  await page.goto("/settings#integrations");
  const mail = page.getByRole("listitem", { name: "Mail", exact: true });
  await mail.getByRole("button", { name: "Connect" }).click();
  const dialog = page.getByRole("dialog", { name: "Connect Mail" });
  await dialog.getByLabel("E-mail address").fill(imapUser.email);
  await dialog.getByLabel("IMAP server").fill("127.0.0.1");
  await dialog.getByLabel("IMAP port (TLS)").fill(String(imapPort));
  await dialog.getByLabel("User name (if not the address)").fill(imapUser.user);
  await dialog.getByLabel("Password or app password").fill("wrong-password");
  await dialog.getByRole("button", { name: "Connect" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("The mail server refused the user name or password.");
  await dialog.getByLabel("Password or app password").fill(imapUser.password);
  await dialog.getByRole("button", { name: "Connect" }).click();
  await expect(dialog).toBeHidden();
  const accounts = page.getByRole("list", { name: "Mail accounts" });
  await expect(accounts).toContainText(imapUser.email);
  await expect(accounts).toContainText("Synced just now · 2 memories", { timeout: 30_000 });

  // App search asks the mailbox itself: one e-mail holds the phrase.
  await mail.getByRole("button", { name: "Search Mail" }).click();
  const searchDialog = page.getByRole("dialog", { name: "Search in Mail" });
  const searchBox = searchDialog.getByRole("textbox", { name: "Search in Mail" });
  await searchBox.fill("walrus convention");
  await searchBox.press("Enter");
  const results = searchDialog.getByRole("list", { name: "Results" });
  await expect(results.getByRole("button")).toHaveCount(1, { timeout: 20_000 });
  await results.getByRole("button", { name: /Walrus convention/ }).click();
  const preview = searchDialog.getByRole("region", { name: /Preview of Walrus convention/ });
  await expect(preview).toContainText("meets at the pier on Thursday");
  await expect(preview).toContainText("Rosa Ranger");
  await page.screenshot({ path: "artifacts/e2e/apps-mail-preview-1280.png" });
  await preview.getByRole("button", { name: "Add memory" }).click();
  await expect(preview.getByRole("button", { name: "Added to memories" })).toBeDisabled();
  await preview.getByRole("button", { name: "Add to collection" }).click();
  const pick = page.getByRole("dialog", { name: "Add to collection" });
  await pick.getByRole("button", { name: /Add memory: Harbour life/ }).click();
  await expect(pick.getByRole("button", { name: /Added to memories: Harbour life/ })).toBeVisible();
  await page.keyboard.press("Escape");
  await page.keyboard.press("Escape");

  // The collection holds the e-mail.
  await page.goto("/collections");
  await page
    .getByRole("link", { name: /Harbour life/ })
    .first()
    .click();
  await expect(page.getByText("Walrus convention").first()).toBeVisible({ timeout: 20_000 });

  // Chat with Mail selected cites the e-mail.
  await page.goto("/chat/new");
  await page.getByRole("button", { name: "Apps" }).click();
  await page.getByRole("menuitem", { name: "Mail", exact: true }).click();
  await page.keyboard.press("Escape");
  const box = page.getByRole("textbox", { name: "Question" });
  await box.fill("When does the walrus convention meet?");
  await box.press("Enter");
  const item = page.getByTestId("chat-item").last();
  await expect(item).toHaveAttribute("data-status", "success", { timeout: 30_000 });
  await expect(item).toContainText("Walrus convention");
});

test("Reconnect a mailbox with its password: the same account, and connecting it again keeps one memory per e-mail", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const user = newUser("mail-reconnect");
  await signUp(page, user);
  await page.goto("/settings#integrations");
  const mail = page.getByRole("listitem", { name: "Mail", exact: true });
  const accounts = page.getByRole("list", { name: "Mail accounts" });
  const connect = async () => {
    await mail.getByRole("button", { name: "Connect" }).click();
    const dialog = page.getByRole("dialog", { name: "Connect Mail" });
    await dialog.getByLabel("E-mail address").fill(imapUser.email);
    await dialog.getByLabel("IMAP server").fill("127.0.0.1");
    await dialog.getByLabel("IMAP port (TLS)").fill(String(imapPort));
    await dialog.getByLabel("User name (if not the address)").fill(imapUser.user);
    await dialog.getByLabel("Password or app password").fill(imapUser.password);
    await dialog.getByRole("button", { name: "Connect" }).click();
    await expect(dialog).toBeHidden();
    await expect(accounts).toContainText("Synced just now · 2 memories", { timeout: 30_000 });
  };
  await connect();

  // Reconnect asks for the password alone and signs the same account in again (issue 43).
  await accounts.getByRole("button", { name: "Reconnect" }).click();
  const again = page.getByRole("dialog", { name: `Reconnect ${imapUser.email}` });
  await expect(again.getByLabel("IMAP server")).toHaveCount(0);
  await again.getByLabel("Password or app password").fill("wrong-password");
  await again.getByRole("button", { name: "Reconnect" }).click();
  await expect(again.getByRole("alert")).toHaveText("The mail server refused the user name or password.");
  await again.getByLabel("Password or app password").fill(imapUser.password);
  await again.getByRole("button", { name: "Reconnect" }).click();
  await expect(page.getByText(`${imapUser.email} reconnected. A sync has started.`)).toBeVisible();
  await expect(accounts.getByRole("listitem")).toHaveCount(1);
  await expect(accounts).toContainText("Synced just now · 2 memories", { timeout: 30_000 });

  // Removed keeping its memories, then connected again: each e-mail is still one memory.
  await accounts.getByRole("button", { name: "Remove" }).click();
  await page
    .getByRole("dialog", { name: `Remove ${imapUser.email}?` })
    .getByRole("button", { name: "Remove, keep memories" })
    .click();
  await expect(page.getByText(`${imapUser.email} removed successfully.`)).toBeVisible();
  await connect();
  await page.goto("/");
  await expect(page.getByText("Garden club", { exact: true }).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Walrus convention", { exact: true })).toHaveCount(1);
  await expect(page.getByText("Garden club", { exact: true })).toHaveCount(1);
});
