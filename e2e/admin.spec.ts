import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { fileMessages, orgMessages, planMessages } from "@mnemo/contracts";
import { themedShots } from "./helpers";
import { siteOwner } from "./site-owner";
import { MemoryApi } from "./wall-api";

/**
 * Self-hosted defaults (issue 41): the server's first account (the site owner, signed up by the
 * global setup) runs the Admin page; others get a forbidden state; the upgrade screens say who sets
 * plans and link an administrator to the Admin page; the chosen plan is named once with every plan
 * beside it; Branding is not offered without the top Lifetime plan; a file pick larger than the
 * uploads left today is refused before anything is queued.
 */

let seq = 0;
const email = (label: string) => `${label}-${Date.now().toString(36)}${(seq += 1)}@example.com`;

async function signInOwner(request: APIRequestContext): Promise<string> {
  const res = await request.post("/api/auth/sign-in", {
    data: { email: siteOwner.email, password: siteOwner.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { token } = (await res.json()) as { token: string };
  // Past the first-run screens, as finishing onboarding leaves an account.
  await request.patch("/api/user/metadata", {
    headers: { authorization: `Bearer ${token}` },
    data: { submitUserDetails: true },
  });
  return token;
}

async function open(page: Page, token: string, path: string) {
  await page.addInitScript((t) => localStorage.setItem("mnemo.token", t), token);
  await page.goto(path);
}

test("the site owner sets plans, the default plan and administrators on the Admin page @phone", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await signInOwner(request);
  const member = await MemoryApi.signUp(request, email("member"), "Mia Member");
  const memberEmail = (await member.call<{ email: string }>("GET", "/api/user/me")).email;
  await open(page, token, "/admin");

  await expect(page.getByRole("heading", { name: "Admin", level: 1 })).toBeVisible();
  const rows = page.getByTestId("site-user");
  const ownerRow = rows.filter({ hasText: siteOwner.email });
  await expect(ownerRow).toContainText("Administrator");
  await expect(ownerRow.getByLabel(`Plan of ${siteOwner.email}`)).toHaveValue("ltd_tier_5");
  // The last administrator cannot step down, and the page says why.
  await expect(ownerRow.getByRole("button", { name: "Remove administrator" })).toBeDisabled();
  await expect(ownerRow).toContainText("The last administrator stays");

  // Find the member, set their plan with the keyboard-reachable select.
  await page.getByLabel("Find an account").fill(memberEmail);
  const memberRow = rows.filter({ hasText: memberEmail });
  await expect(memberRow).toHaveCount(1);
  await memberRow.getByLabel(`Plan of ${memberEmail}`).selectOption("pro");
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "is now on the Pro plan" }),
  ).toBeVisible();
  expect((await member.call<{ plan: string }>("GET", "/api/user/plan")).plan).toBe("pro");

  await memberRow.getByRole("button", { name: "Make administrator" }).click();
  await expect(memberRow).toContainText("Administrator");
  await page.getByLabel("Find an account").fill("");
  await expect(ownerRow.getByRole("button", { name: "Remove administrator" })).toBeEnabled();
  await themedShots(page, "admin-page", { fullPageDesktop: true });
  await memberRow.getByRole("button", { name: "Remove administrator" }).click();
  await expect(memberRow.getByRole("button", { name: "Make administrator" })).toBeVisible();

  // The default plan for new accounts, stored over DEFAULT_PLAN.
  await page.getByLabel("Default plan").selectOption("team");
  await expect(page.getByText("Set here (stored in the database")).toBeVisible();
  const later = await MemoryApi.signUp(request, email("later"), "Lee Later");
  expect((await later.call<{ plan: string }>("GET", "/api/user/plan")).plan).toBe("team");
  await page.getByLabel("Default plan").selectOption("free");
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Free plan" })).toBeVisible();

  // Nothing overflows the phone's width.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(page.viewportSize()!.width);
});

test("others get a forbidden Admin page; the upgrade screen names the plan once, lists all, says who sets plans", async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  const user = await MemoryApi.signUp(request, email("upgrade"), "Uma Upgrade");
  await open(page, user.token, "/admin");
  await expect(page.getByRole("heading", { name: "This page is for site administrators" })).toBeVisible();
  await expect(page.getByTestId("site-user")).toHaveCount(0);
  await themedShots(page, "admin-forbidden");

  await page.goto("/upgrade-plan?plan=team&mode=lifetime");
  const chosen = page.getByRole("heading", { name: "Lifetime deal" });
  await expect(chosen).toBeVisible();
  await expect(page.getByText("Lifetime · Lifetime")).toHaveCount(0);
  // Every plan stays in view beside the chosen one, the Lifetime tab open.
  await expect(page.getByRole("tab", { name: /Monthly/ })).toBeVisible();
  await expect(page.getByTestId("plan-card-lifetime")).toBeVisible();
  await page.getByRole("tab", { name: /Monthly/ }).click();
  await expect(page.getByTestId("plan-card-pro")).toBeVisible();
  await expect(page.getByTestId("plan-card-team")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: planMessages.plansSetByAdmin })).toBeVisible();
  await expect(page.getByRole("link", { name: "Open the Admin page" })).toHaveCount(0);
  await page.goto("/upgrade-plan?plan=pro&mode=yearly");
  await expect(page.getByRole("heading", { name: "Pro · Yearly" })).toBeVisible();
  await themedShots(page, "upgrade-chosen", { fullPageDesktop: true });

  // The site administrator is sent to the Admin page instead of a dead end.
  const ownerPage = await browser.newPage();
  await open(ownerPage, await signInOwner(request), "/upgrade-plan?plan=team&mode=monthly");
  await expect(ownerPage.getByRole("status").filter({ hasText: planMessages.plansSetByYou })).toBeVisible();
  await ownerPage.getByRole("link", { name: "Open the Admin page" }).click();
  await expect(ownerPage).toHaveURL(/\/admin$/);
  await expect(ownerPage.getByRole("heading", { name: "Admin", level: 1 })).toBeVisible();
  await ownerPage.close();
});

test("Branding is not offered to an organisation whose owner is not on the top Lifetime plan", async ({
  page,
  request,
}) => {
  const user = await MemoryApi.signUp(request, email("brand"), "Bo Brand");
  const created = await request.post("/api/org/create", {
    headers: { authorization: `Bearer ${user.token}` },
    data: { name: `Brand test ${Date.now().toString(36)}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const org = (await created.json()) as { id: string };
  await open(page, user.token, `/org/${org.id}/admin`);
  const branding = page.locator("section#branding");
  await expect(branding).toBeVisible();
  await expect(branding.getByTestId("branding-unavailable")).toHaveText(
    new RegExp(orgMessages.whiteLabelPlanOnly.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
  );
  await expect(branding).not.toContainText("ltd_tier_5");
  await expect(branding.getByRole("button", { name: "Save branding" })).toHaveCount(0);
});

test("a pick larger than the uploads left today is refused before anything is queued", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const user = await MemoryApi.signUp(request, email("quota"), "Quinn Quota");
  for (let i = 0; i < 3; i++)
    await user.uploadFile(`earlier-${i}.txt`, Buffer.from(`Earlier upload ${i}.`), "text/plain");
  await open(page, user.token, "/");
  await page.getByRole("button", { name: "Add memory" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Upload your memories" });
  const files = Array.from({ length: 10 }, (_, i) => ({
    name: `pick-${i}.txt`,
    mimeType: "text/plain",
    buffer: Buffer.from(`Picked file ${i}.`),
  }));
  await dialog.getByTestId("upload-file-input").setInputFiles(files);
  await expect(dialog).toContainText(
    fileMessages.batchOverUploadLimit({ picked: 10, left: 7, limit: 10, plan: "Free" }),
  );
  // Nothing was queued: no row for any picked file.
  await expect(dialog.getByText("pick-0.txt")).toHaveCount(0);
  await themedShots(page, "upload-over-quota");
});
