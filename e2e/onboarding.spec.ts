import { devices, expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { newUser } from "./helpers";
import { MemoryApi } from "./wall-api";

/**
 * A person's first minutes (issue 41): a first-time visitor is not welcomed back and picks a
 * country from a list prefilled from the browser's language; onboarding fits a 390 px phone and
 * keeps its upload list over a reload; toasts stay clear of an open dialog's buttons and fields.
 */

const widths = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;

/** A context of the given width: the desktop, or the phone project's touch screen (Android). */
async function contextAt(
  browser: Browser,
  baseURL: string | undefined,
  width: 1280 | 390,
  opts: { locale?: string; height?: number } = {},
) {
  const phone = width === 390;
  const { locale, height = phone ? 844 : 800 } = opts;
  return browser.newContext({
    ...(phone ? devices["Pixel 7"] : devices["Desktop Chrome"]),
    viewport: { width, height },
    ...(phone ? { screen: { width: 390, height: 844 } } : {}),
    baseURL,
    locale,
  });
}

/** A new account that has given its details: onboarding step 1 is next. */
async function onboardingUser(page: Page, label: string) {
  const api = await MemoryApi.signUpFresh(page.request, newUser(label).email, "Nia Newcomer");
  await api.call("POST", "/api/user/create_user", {
    country: "Ireland",
    company_size: "2-10",
    kind_of_work: "Research",
    referrer: "Friend or colleague",
    role: "Archivist",
  });
  await page.addInitScript((token) => localStorage.setItem("mnemo.token", token), api.token);
  return api;
}

/** Light and dark screenshots of the page as it is now (review artifacts). */
async function shots(page: Page, name: string, width: number) {
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((t) => {
      localStorage.setItem("theme", t);
      document.documentElement.classList.toggle("dark", t === "dark");
    }, theme);
    await page.waitForTimeout(150);
    await page.screenshot({ path: `artifacts/e2e/${name}-${width}-${theme}.png`, fullPage: width === 390 });
  }
  await page.evaluate(() => {
    localStorage.setItem("theme", "light");
    document.documentElement.classList.remove("dark");
  });
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, "the element is on screen").not.toBeNull();
  return box!;
}

test("a first-time visitor is not welcomed back; the country is chosen from a list, prefilled from the browser", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const context = await contextAt(browser, baseURL, 1280, { locale: "en-IE" });
  const page = await context.newPage();
  try {
    await page.goto("/");
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByRole("heading", { name: "Sign in to Mnemo" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Welcome back" })).toHaveCount(0);

    const user = newUser("country");
    await page.getByRole("link", { name: "Create an account" }).click();
    await page.getByLabel("Full name").fill(user.name);
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { name: "Tell us about yourself" })).toBeVisible();
    // A list of countries (a select, named by its label), set to the browser's region.
    const country = page.getByRole("combobox", { name: "Country" });
    await expect(country).toHaveValue("Ireland");
    expect(await country.locator("option").count()).toBeGreaterThan(240);
    await country.selectOption("Portugal");
    await expect(country).toHaveValue("Portugal");
    await shots(page, "details-country", 1280);

    // Signed out and back: now the sign-in screen welcomes them back.
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password", { exact: true }).fill(user.password);
    await page.getByLabel("Password", { exact: true }).press("Enter");
    await expect(country).toHaveValue("Ireland");
    await page.getByLabel("Role").fill("Archivist");
    await page.getByLabel("Company size").selectOption("2-10");
    await page.getByLabel("Kind of work").selectOption("Research");
    await page.getByLabel("How did you hear about Mnemo?").selectOption("Friend or colleague");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByTestId("onboarding-step")).toHaveText("Step 1 of 2 · Upload Memories");
  } finally {
    await context.close();
  }
});

for (const size of widths)
  test(`onboarding fits the screen at ${size.width} px: step 1, the recommendation cards, the Add Links dialog`, async ({
    browser,
    baseURL,
  }) => {
    const context = await contextAt(browser, baseURL, size.width);
    const page = await context.newPage();
    try {
      await onboardingUser(page, `fit${size.width}`);
      await page.goto("/");
      await expect(page.getByTestId("onboarding-step")).toHaveText("Step 1 of 2 · Upload Memories");
      const cards = page.getByRole("list", { name: "Sample memories" }).getByRole("listitem");
      await expect(cards).toHaveCount(4);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      for (const card of await cards.all()) {
        const box = await boxOf(card);
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(size.width);
      }
      await shots(page, "onboarding-step-1", size.width);

      await page.getByRole("button", { name: "Add Links" }).click();
      const dialog = page.getByRole("dialog", { name: "Add Links" });
      await expect(dialog).toBeVisible();
      await page.waitForTimeout(300); // the opening animation
      const box = await boxOf(dialog);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(size.width);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(size.height);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      await shots(page, "onboarding-add-links", size.width);
    } finally {
      await context.close();
    }
  });

test("onboarding keeps the memories added in step 1 over a reload: listed, Continue enabled, nothing added twice", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const api = await onboardingUser(page, "reload");
  await page.goto("/");
  await page.getByRole("button", { name: "Add sample memories" }).click();
  const rows = page.getByRole("region", { name: "Upload list" }).getByRole("listitem");
  await expect(rows.filter({ hasText: "Added" })).toHaveCount(4, { timeout: 60_000 });

  await page.reload();
  await expect(page.getByTestId("onboarding-step")).toHaveText("Step 1 of 2 · Upload Memories");
  // The list comes back from the server: the same four, Added, and Continue is enabled.
  await expect(rows).toHaveCount(4);
  await expect(rows.filter({ hasText: "Added" })).toHaveCount(4, { timeout: 30_000 });
  for (const title of ["The memex: a machine for the memory", "mnemo-quick-start.pdf"])
    await expect(rows.filter({ hasText: title })).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Continue" })).toBeEnabled();
  // The samples are not offered again (a second add would only fail with "already exists").
  await expect(page.getByRole("button", { name: "Sample memories added" })).toBeDisabled();
  await expect(page.getByText(/already exists/)).toHaveCount(0);
  await shots(page, "onboarding-restored", 1280);
  const { total } = await api.call<{ total: number }>("GET", "/api/sources?page_size=50");
  expect(total).toBe(4);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("onboarding-step")).toHaveText("Step 2 of 2 · Connect Apps");
});

// A laptop's 1280 x 720 (where the add-memory dialog reaches the toasts' corner) and the phone.
for (const size of [{ ...widths[0], height: 720 }, widths[1]])
  test(`at ${size.width} x ${size.height} a toast stays clear of the open dialog's buttons and fields`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const context = await contextAt(browser, baseURL, size.width, { height: size.height });
    const page = await context.newPage();
    try {
      const owner = await MemoryApi.signUp(page.request, newUser(`toast${size.width}`).email, "Tess Toast");
      const note = await owner.createPage("Harbour ledger", "The harbour ledger lists crates of amber tea.");
      await owner.waitIndexed([note]);
      const created = await page.request.put("/api/collection", {
        headers: { authorization: `Bearer ${owner.token}`, Source: "webapp" },
        data: { collection_name: "Harbour" },
      });
      expect(created.status(), await created.text()).toBe(201);
      const { collection_id } = (await created.json()) as { collection_id: string };
      await page.addInitScript((token) => localStorage.setItem("mnemo.token", token), owner.token);
      await page.goto(`/collections/${collection_id}`);
      await page.getByRole("button", { name: "Add memories" }).first().click();
      const upload = page.getByRole("dialog", { name: "Upload your memories" });
      const picker = upload.getByRole("region", { name: "Add memories to this collection" });
      await picker.getByRole("checkbox", { name: /Harbour ledger/ }).check();
      await picker.getByRole("button", { name: "Add memory" }).click();
      const toast = page
        .locator("[data-sonner-toast]")
        .filter({ hasText: "1 memory has been added to Harbour collection." });
      await expect(toast).toBeVisible();
      await page.waitForTimeout(600); // the toast's entrance
      const toastBox = await boxOf(toast);
      const save = upload.getByRole("button", { name: "Save Memories" });
      await save.scrollIntoViewIfNeeded();
      for (const control of [
        save,
        upload.getByRole("button", { name: "Skip" }),
        picker.getByRole("searchbox", { name: "Search your memories" }),
        picker.getByRole("button", { name: /Add memory|Added to memories/ }),
      ]) {
        const box = await boxOf(control);
        expect(overlaps(toastBox, box), `the toast covers ${await control.textContent()}`).toBe(false);
      }
      await shots(page, "toast-over-dialog", size.width);
    } finally {
      await context.close();
    }
  });

test("an invitee sees who shared which collection, signs up, is not asked for a memory, and Finish opens the collection", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The owner shares a collection holding a memory with an address that has no account yet.
  const owner = await MemoryApi.signUp(page.request, newUser("sharer").email, "Olive Sharer");
  const note = await owner.createPage("Reef survey", "# Reef survey\n\nParrotfish graze the coral at dawn.");
  await owner.waitIndexed([note]);
  const created = await page.request.put("/api/collection", {
    headers: { authorization: `Bearer ${owner.token}`, Source: "webapp" },
    data: { collection_name: "Reef log" },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { collection_id: id } = (await created.json()) as { collection_id: string };
  await owner.call("POST", `/api/collection/add_sources?collection_id=${id}`, { documents: [note] });
  const invitee = newUser("invitee");
  const shared = await owner.call<{ invitations: { invitation_url: string }[] }>(
    "POST",
    `/api/collection/${id}/share`,
    { recipient_email_ids: [invitee.email], type_of_access: "read" },
  );
  const link = new URL(shared.invitations[0]!.invitation_url);

  // The link, opened signed out: the page names the collection and who shared it.
  await page.goto(link.pathname + link.search);
  await expect(page).toHaveURL(/\/sign-in\?next=/);
  const invited = 'Olive Sharer invited you to the collection "Reef log".';
  await expect(page.getByRole("status").filter({ hasText: invited })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Welcome back" })).toHaveCount(0);
  await shots(page, "invitation-sign-in", 1280);

  // Sign-up keeps the invitation, and says so too.
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL(/\/sign-up\?next=/);
  await expect(page.getByRole("status").filter({ hasText: invited })).toBeVisible();
  await page.getByLabel("Full name").fill(invitee.name);
  await page.getByLabel("Email").fill(invitee.email);
  await page.getByLabel("Password", { exact: true }).fill(invitee.password);
  await page.getByRole("button", { name: "Create account" }).click();

  // The details are still asked (spec 3 §4)…
  await expect(page.getByRole("heading", { name: "Tell us about yourself" })).toBeVisible();
  await page.getByLabel("Role").fill("Diver");
  await page.getByLabel("Company size").selectOption("Just me");
  await page.getByLabel("Kind of work").selectOption("Research");
  await page.getByLabel("How did you hear about Mnemo?").selectOption("Friend or colleague");
  await page.getByRole("button", { name: "Continue" }).click();

  // …but step 1 asks no memory of someone who joined a collection.
  await expect(page.getByTestId("onboarding-step")).toHaveText("Step 1 of 2 · Upload Memories");
  const next = page.getByRole("button", { name: "Continue" });
  await expect(next).toBeEnabled();
  await expect(page.getByText("Add at least one memory to continue.")).toHaveCount(0);
  await shots(page, "invitation-onboarding-step-1", 1280);
  await next.click();
  await expect(page.getByTestId("onboarding-step")).toHaveText("Step 2 of 2 · Connect Apps");
  await page.getByRole("button", { name: "Finish" }).click();

  // Finish opens the shared collection, with the owner's memory, not the invitee's own wall.
  await expect(page).toHaveURL(new RegExp(`/collections/${id}$`));
  await expect(page.getByTestId("first-run")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Reef log" })).toBeVisible();
  await expect(page.getByTestId("memory-card").filter({ hasText: "Reef survey" })).toBeVisible();
});
