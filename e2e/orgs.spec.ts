import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, request as playwrightRequest, test, type Browser } from "@playwright/test";
import { orgMessages } from "@mnemo/contracts";
import { skipFirstRun } from "./helpers";
import { MemoryApi } from "./wall-api";
import {
  fixtureOrigin,
  inboxOrigin,
  oidcOrigin,
  orgsByProject,
  orgsOrigin,
  orgsServerPort,
} from "./fixture-site-config";

/**
 * Organisations (issue 20) on the orgs server (e2e/fixture-site-config.ts): SMTP through the
 * agents fixture's peer, everyone on ltd_tier_5, and a real OpenID Provider (oidc-provider).
 * An owner creates an organisation, shares a collection with it, invites a colleague by e-mail,
 * sets the white-label name and icon and single sign-on; the colleague joins from the mailed
 * link, sees the shared collection and the organisation's branding, and cannot open the admin
 * screens; a person of the organisation's domain signs in through the provider and becomes a
 * member just in time.
 */
test.use({ baseURL: orgsOrigin });

const root = path.join(import.meta.dirname, "..");

/**
 * `mnemo set-admin <email> on` against the running orgs server (it holds its data dir): the
 * operator's command. SSO_TRUSTED_DOMAINS names each organisation by slug, and a named slug binds
 * only to an organisation a site administrator owns (issue 46).
 */
function makeSiteAdmin(email: string) {
  const run = spawnSync(
    path.join(root, "node_modules/.bin/node"),
    [
      "--experimental-transform-types",
      "--disable-warning=ExperimentalWarning",
      "apps/server/src/app/main.ts",
      "set-admin",
      email,
      "on",
    ],
    {
      cwd: root,
      encoding: "utf8",
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        DATA_DIR: `${process.env.E2E_DATA_DIR ?? ""}-orgs`,
        PORT: String(orgsServerPort),
        HOST: "127.0.0.1",
        LOG_LEVEL: "warn",
      },
    },
  );
  expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
}

async function signedInPage(browser: Browser, token?: string) {
  const context = await browser.newContext({ baseURL: orgsOrigin, ignoreHTTPSErrors: true });
  const page = await context.newPage();
  if (token) await page.addInitScript((t) => localStorage.setItem("mnemo.token", t), token);
  return page;
}

test("an owner's organisation: invitation by e-mail, shared collection, white-label and single sign-on", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // Each project creates its own organisation on the one orgs server (a name exists only once).
  const org = orgsByProject[test.info().project.name as keyof typeof orgsByProject];
  const { domain: ssoDomain, person: ssoPerson } = org;
  const id = Date.now().toString(36);
  const api = await playwrightRequest.newContext({ baseURL: orgsOrigin });
  const memberEmail = `peter-${id}@example.com`;
  const owner = await MemoryApi.signUp(api, `bill-${id}@example.com`, "Bill Lumbergh");
  // The organisation's name is a slug the operator trusts for single sign-on: reserved for a site
  // administrator (the operator promotes the owner, as a real operator would).
  makeSiteAdmin(`bill-${id}@example.com`);
  const member = await MemoryApi.signUp(api, memberEmail, "Peter Gibbons");
  const created = await api.put("/api/collection", {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { collection_name: "TPS reports" },
  });
  expect(created.status(), await created.text()).toBe(201);

  // The owner creates the organisation and shares the collection with it.
  const ownerPage = await signedInPage(browser, owner.token);
  await ownerPage.goto("/org");
  await ownerPage.getByLabel("Organisation name").fill(org.name);
  await ownerPage.getByRole("button", { name: "Create organisation" }).click();
  const orgRow = ownerPage.getByTestId("organization").filter({ hasText: org.name });
  await expect(orgRow).toContainText("Owner");
  await orgRow.getByLabel("Collection", { exact: true }).selectOption({ label: "TPS reports" });
  await orgRow.getByRole("button", { name: "Share with organisation" }).click();
  await expect(ownerPage.getByText(`Shared with ${org.name}.`)).toBeVisible();

  // Admin screens: invite (mailed through SMTP), branding, single sign-on.
  await orgRow.getByRole("link", { name: "Manage" }).click();
  await expect(ownerPage.getByRole("heading", { name: `${org.name} admin` })).toBeVisible();
  const orgId = ownerPage.url().split("/org/")[1]!.split("/")[0]!;
  await ownerPage.getByLabel("E-mail", { exact: true }).fill(memberEmail);
  await ownerPage.getByRole("button", { name: "Invite" }).click();
  await expect(ownerPage.getByText(`Invitation sent to ${memberEmail}.`)).toBeVisible();
  await expect(ownerPage.getByText(`${memberEmail} · member`)).toBeVisible();

  const inbox = await playwrightRequest.newContext();
  const mailTo = async () =>
    (
      (await (await inbox.get(`${inboxOrigin}/mails`)).json()) as {
        to: string;
        subject: string;
        text: string;
      }[]
    ).find((m) => m.to === memberEmail && m.subject.includes(org.name));
  await expect.poll(async () => !!(await mailTo())).toBe(true);
  const link = (await mailTo())!.text.match(/http:\/\/\S+\/org\/invitation\/\S+/)?.[0];
  expect(link).toBeTruthy();
  await inbox.dispose();

  await ownerPage.getByLabel("App name").fill(`${org.name} Brain`);
  await ownerPage.getByLabel("Icon URL").fill(`${fixtureOrigin}/icon.png`);
  await ownerPage.getByRole("button", { name: "Save branding" }).click();
  await expect(ownerPage.getByText("Branding saved.")).toBeVisible();
  await expect(ownerPage.getByTestId("brand-name").filter({ visible: true })).toHaveText(`${org.name} Brain`);

  await ownerPage.getByLabel("Issuer URL").fill(oidcOrigin);
  await ownerPage.getByLabel("E-mail domain").fill(ssoDomain);
  await ownerPage.getByLabel("Client ID").last().fill("mnemo-sso");
  await ownerPage.getByLabel("Client secret").last().fill("mnemo-sso-client-secret-for-tests");
  await ownerPage.getByRole("button", { name: "Save single sign-on" }).click();
  await expect(ownerPage.getByTestId("sso-status")).toContainText("Domain verified");

  // The colleague joins from the mailed link.
  const memberPage = await signedInPage(browser, member.token);
  await memberPage.goto(link!);
  await memberPage.getByRole("button", { name: `Join ${org.name}` }).click();
  await expect(memberPage.getByTestId("organization").filter({ hasText: org.name })).toContainText("Member");
  await expect(memberPage.getByTestId("organization").getByRole("link", { name: "Manage" })).toHaveCount(0);

  // The shell, title, favicon and manifest carry the organisation's brand.
  await memberPage.reload();
  await expect(memberPage.getByTestId("brand-name").filter({ visible: true })).toHaveText(
    `${org.name} Brain`,
  );
  await expect(memberPage.getByTestId("brand-icon").filter({ visible: true })).toHaveAttribute(
    "src",
    /^data:image\/png;base64,/,
  );
  await expect(memberPage).toHaveTitle(`${org.name} Brain`);
  await expect(memberPage.locator('link[rel="icon"]')).toHaveAttribute("href", /^data:image\/png;base64,/);
  await expect(memberPage.locator('link[rel="manifest"]')).toHaveAttribute("href", /^blob:/);

  // The organisation's collection is there; the admin screens are not.
  await memberPage.goto("/collections");
  await expect(memberPage.getByText("TPS reports")).toBeVisible();
  await memberPage.goto(`/org/${orgId}/admin`);
  await expect(memberPage.getByRole("alert")).toHaveText(orgMessages.adminScreenDenied);
  await expect(memberPage.getByRole("heading", { name: "Members" })).toHaveCount(0);
  const denied = await api.get(`/api/org/get_org_members?organization_id=${orgId}`, {
    headers: { authorization: `Bearer ${member.token}` },
  });
  expect(denied.status()).toBe(403);

  // A second organisation: the member chooses the active one in the user menu; the brand, the
  // shared collections and the admin link follow, and the choice survives a reload.
  await memberPage.goto("/org");
  await memberPage.getByLabel("Organisation name").fill("Chotchkies");
  await memberPage.getByRole("button", { name: "Create organisation" }).click();
  await expect(memberPage.getByTestId("organization").filter({ hasText: "Chotchkies" })).toContainText(
    "Owner",
  );
  const userMenu = memberPage.getByRole("button", { name: "Open user menu" }).filter({ visible: true });
  const brandName = memberPage.getByTestId("brand-name").filter({ visible: true });
  await userMenu.click();
  await expect(memberPage.getByRole("menuitemradio", { name: org.name })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  await expect(memberPage.getByRole("menuitem", { name: "TPS reports" })).toBeVisible();
  await expect(memberPage.getByRole("menuitem", { name: /^Manage/ })).toHaveCount(0);
  await memberPage.getByRole("menuitemradio", { name: "Chotchkies" }).click();
  await expect(brandName).toHaveText("Mnemo");
  await expect(memberPage).toHaveTitle("Mnemo");
  await memberPage.reload();
  await expect(brandName).toHaveText("Mnemo");
  await userMenu.click();
  await expect(memberPage.getByRole("menuitemradio", { name: "Chotchkies" })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  await expect(memberPage.getByRole("menuitem", { name: "TPS reports" })).toHaveCount(0);
  await memberPage.getByRole("menuitem", { name: "Manage Chotchkies" }).click();
  await expect(memberPage.getByRole("heading", { name: "Chotchkies admin" })).toBeVisible();
  await userMenu.click();
  await memberPage.getByRole("menuitemradio", { name: org.name }).click();
  await expect(brandName).toHaveText(`${org.name} Brain`);
  await userMenu.click();
  await memberPage.getByRole("menuitem", { name: "TPS reports" }).click();
  await expect(memberPage).toHaveURL(/\/collections\//);

  // Single sign-on: a person of the domain with no account signs in and becomes a member.
  const ssoPage = await signedInPage(browser);
  await ssoPage.goto("/sign-in");
  await ssoPage.getByRole("link", { name: "Sign in with single sign-on" }).click();
  await ssoPage.getByLabel("Work e-mail").fill(ssoPerson.email);
  await ssoPage.getByRole("button", { name: "Continue" }).click();
  await expect(ssoPage.getByRole("heading", { name: "Sign in to the test identity provider" })).toBeVisible();
  await expect(ssoPage.getByLabel("E-mail")).toHaveValue(ssoPerson.email);
  await ssoPage.getByRole("button", { name: "Continue" }).click();
  await skipFirstRun(ssoPage);
  await ssoPage.goto("/org");
  await expect(ssoPage.getByTestId("organization").filter({ hasText: org.name })).toContainText("Member");
  await ownerPage.reload();
  await expect(ownerPage.getByTestId("org-member").filter({ hasText: ssoPerson.email })).toContainText(
    ssoPerson.name,
  );
  await api.dispose();
});
