import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { MemoryApi } from "./wall-api";
import { skipFirstRun } from "./helpers";

/**
 * What a shared collection's members are offered follows their role (issue 13 items 6 and 11):
 * a read-only member gets no Pin, no checkbox and no empty menu; an admin renames the collection
 * and edits its description and custom instructions.
 */
let seq = 0;
const email = (label: string) => `${label}-${Date.now().toString(36)}${(seq += 1)}@example.com`;

/** Shares the collection with each member, who then opens the invitation link as a real invitee would. */
async function sharedCollection(
  request: APIRequestContext,
  owner: MemoryApi,
  members: [string, string, MemoryApi?][],
  links: Map<string, string> = new Map(),
) {
  const page = await owner.createPage(
    "Tide pools",
    "Tide pools hold anemones, crabs and sea stars at low tide.",
  );
  await owner.waitIndexed([page]);
  const headers = { authorization: `Bearer ${owner.token}`, Source: "webapp" };
  const created = await request.put("/api/collection", { headers, data: { collection_name: "Shore life" } });
  expect(created.status(), await created.text()).toBe(201);
  const { collection_id } = (await created.json()) as { collection_id: string };
  await owner.call("POST", `/api/collection/add_sources?collection_id=${collection_id}`, {
    documents: [page],
  });
  for (const [to, role, member] of members) {
    const { invitations } = await owner.call<{ invitations: { invitation_url: string }[] }>(
      "POST",
      `/api/collection/${collection_id}/share`,
      { recipient_email_ids: [to], type_of_access: role },
    );
    links.set(to, invitations[0]!.invitation_url);
    const token = new URL(invitations[0]!.invitation_url).searchParams.get("invitation");
    if (member) await member.call("POST", "/api/collection/invitation/claim", { token });
  }
  return collection_id;
}

async function open(page: Page, api: MemoryApi, path: string) {
  await page.addInitScript((token) => localStorage.setItem("mnemo.token", token), api.token);
  await page.goto(path);
}

test("a read-only member sees no Pin, no selection checkbox and no action but making their own review cards", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const owner = await MemoryApi.signUp(request, email("owner"), "Olive Owner");
  const viewerEmail = email("viewer");
  const viewer = await MemoryApi.signUp(request, viewerEmail, "Vic Viewer");
  const id = await sharedCollection(request, owner, [[viewerEmail, "read", viewer]]);

  await open(page, viewer, `/collections/${id}`);
  const card = page.getByTestId("memory-card").filter({ hasText: "Tide pools" });
  await expect(card).toBeVisible();
  await card.hover();
  await expect(card.getByRole("checkbox")).toHaveCount(0);
  // Its one action is the reader's own (review cards are per user, issue 45): nothing that changes
  // the memory, and no menu without entries.
  const actions = card.getByRole("button", { name: /Actions for/ });
  await expect(actions).toHaveCount(1, { timeout: 15_000 });
  await actions.click();
  await expect(page.getByRole("menuitem")).toHaveText(["Make review cards"]);
  await page.keyboard.press("Escape");

  // Shared memories on the wall: still no Pin for a memory the viewer does not own.
  await page.goto("/?tab=shared");
  const shared = page.getByTestId("memory-card").filter({ hasText: "Tide pools" });
  await expect(shared).toBeVisible();
  await shared.hover();
  const menu = shared.getByRole("button", { name: /Actions for/ });
  if ((await menu.count()) > 0) {
    await menu.click();
    await expect(page.getByRole("menuitem", { name: "Pin" })).toHaveCount(0);
  }
});

test("a shared admin renames the collection and edits its description and instructions", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const owner = await MemoryApi.signUp(request, email("owner"), "Olive Owner");
  const adminEmail = email("admin");
  const admin = await MemoryApi.signUp(request, adminEmail, "Ada Admin");
  const id = await sharedCollection(request, owner, [[adminEmail, "admin", admin]]);

  await open(page, admin, `/collections/${id}`);
  await page.getByRole("button", { name: "Collection actions" }).click();
  await page.getByRole("menuitem", { name: "Rename" }).click();
  const dialog = page.getByRole("dialog", { name: "Rename collection" });
  await dialog.getByLabel("Collection name").fill("Rock pools");
  await dialog.getByLabel(/Description/).fill("Life between the tides");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name: /Rock pools/ })).toBeVisible();
  await expect(page.getByText("Life between the tides")).toBeVisible();

  await page.getByLabel("Custom instructions").fill("Answer as a marine biologist.");
  await page.getByRole("button", { name: "Save instructions" }).click();
  await expect(page.getByText("Custom instructions saved.")).toBeVisible();
  const seen = await owner.call<{ collection_name: string; custom_instructions: string }>(
    "GET",
    `/api/collection/${id}`,
  );
  expect(seen).toMatchObject({
    collection_name: "Rock pools",
    custom_instructions: "Answer as a marine biologist.",
  });
});

test("an invitee without an account opens the link, signs up and lands in the shared collection", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const owner = await MemoryApi.signUp(request, email("owner"), "Olive Owner");
  const inviteeEmail = email("invitee");
  const links = new Map<string, string>();
  const id = await sharedCollection(request, owner, [[inviteeEmail, "read"]], links);
  const link = new URL(links.get(inviteeEmail)!);

  await page.goto(link.pathname + link.search);
  await expect(page).toHaveURL(/\/sign-in\?next=/);
  await page.getByRole("link", { name: "Create an account" }).click();
  await page.getByLabel("Full name").fill("Ines Invitee");
  await page.getByLabel("Email").fill(inviteeEmail);
  await page.getByLabel("Password", { exact: true }).fill("tide-pool-anemone-42");
  await page.getByLabel("Password", { exact: true }).press("Enter");

  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "You now have access to Shore life." }),
  ).toBeVisible();
  // The new account's first-run screens (spec 3 §4) are not this test's subject.
  await skipFirstRun(page);
  await expect(page).toHaveURL(new RegExp(`/collections/${id}$`));
  await expect(page.getByTestId("memory-card").filter({ hasText: "Tide pools" })).toBeVisible();
  // The link is used up: opening it again gives nothing more.
  await page.goto(link.pathname + link.search);
  await expect(
    page.locator("[data-sonner-toast]").filter({
      hasText: "This invitation link is invalid, has expired or has already been used.",
    }),
  ).toBeVisible();
});
