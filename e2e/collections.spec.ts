import { selectCard, themedShots } from "./helpers";
import { expect, test, type Browser, type Page, type Request } from "@playwright/test";
import { MemoryApi } from "./wall-api";

/**
 * Collections in two browser contexts (issue 7): A creates a collection, adds more than 10
 * memories (sent in batches of 10), sets custom instructions and shares it read-only with B's
 * e-mail before B has an account; B signs up, sees it '(View only)' and cannot add; A makes B a
 * writer and B adds a memory; A revokes and B loses access on the very next request.
 */

let seq = 0;
const email = (label: string) => `${label}-${Date.now().toString(36)}${(seq += 1)}@example.com`;

async function signedIn(browser: Browser, token: string): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript((t) => localStorage.setItem("mnemo.token", t), token);
  return context.newPage();
}

const shots = (page: Page, name: string, full = false) =>
  themedShots(page, `collections-${name}`, { fullPageDesktop: full });

const card = (page: Page, title: string) =>
  page.getByTestId("memory-card").filter({ has: page.getByRole("heading", { name: title, exact: true }) });
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

test("collections: create, add in batches, instructions, share read-only before sign-up, upgrade to write, revoke", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const aEmail = email("coll-a");
  const bEmail = email("coll-b");
  const a = await MemoryApi.signUp(request, aEmail, "Ada Admin");
  const titles = Array.from({ length: 12 }, (_, i) => `Field note ${String(i + 1).padStart(2, "0")}`);
  const ids: string[] = [];
  for (const t of titles)
    ids.push(await a.createPage(t, `# ${t}\n\nObservations about tidal pools, entry ${t}.`));

  const pa = await signedIn(browser, a.token);

  // --- Create new collection modal: validation, then create.
  await pa.goto("/collections");
  await expect(pa.getByRole("heading", { name: "No collections yet" })).toBeVisible();
  await pa.getByRole("button", { name: "Create New Collection" }).click();
  const modal = pa.getByRole("dialog", { name: "Create new collection" });
  await modal.getByRole("button", { name: "Create", exact: true }).click();
  await expect(modal.getByText("Name is required.")).toBeVisible();
  await modal.getByLabel("Collection name").fill("Tide");
  await expect(modal.getByText("Name is required.")).toBeHidden();
  await modal.getByLabel("Collection name").fill("Tide pools");
  await modal.getByLabel("Description").fill("Everything about rock pools");
  await modal.getByRole("button", { name: "Create", exact: true }).click();
  await expect(pa.getByRole("heading", { level: 1, name: /Tide pools/ })).toBeVisible();
  const collectionUrl = pa.url();
  const collectionId = decodeURIComponent(collectionUrl.split("/collections/")[1] ?? "");

  // An exact duplicate name is refused in the modal.
  await pa.goto("/collections");
  await pa.getByRole("button", { name: "Create New Collection" }).click();
  await modal.getByLabel("Collection name").fill("Tide pools");
  await modal.getByRole("button", { name: "Create", exact: true }).click();
  await expect(modal.getByText("A collection with this name already exists.")).toBeVisible();
  await shots(pa, "create-modal-duplicate");
  await modal.getByLabel("Collection name").press("End");
  await modal.getByLabel("Collection name").pressSequentially(" 2");
  await expect(modal.getByText("A collection with this name already exists.")).toBeHidden();
  await modal.getByRole("button", { name: "Cancel" }).click();

  // --- Select all 12 memories on the wall; the add goes out in batches of 10.
  await pa.goto("/");
  for (const t of titles) {
    await selectCard(pa, card(pa, t));
  }
  await expect(pa.getByText("12 selected")).toBeVisible();
  const batches: number[] = [];
  const onRequest = (r: Request) => {
    if (r.url().includes("/api/collection/add_sources"))
      batches.push((JSON.parse(r.postData() ?? "{}") as { documents: string[] }).documents.length);
  };
  pa.on("request", onRequest);
  await pa
    .getByRole("toolbar", { name: "Selected memories" })
    .getByRole("button", { name: "Add to collection" })
    .click();
  const addDialog = pa.getByRole("dialog", { name: "Add to collection" });
  await expect(addDialog.getByRole("button", { name: "Create New Collection" })).toBeVisible();
  const row = addDialog.getByTestId("add-to-collection-row").filter({ hasText: "Tide pools" });
  await expect(row).toContainText("0 memories");
  await shots(pa, "add-to-collection-dialog");
  await row.getByRole("button", { name: "Add memory: Tide pools" }).click();
  await expect(toast(pa, "12 memories have been added to Tide pools collection.")).toBeVisible();
  await expect(row.getByRole("button", { name: "Added to memories: Tide pools" })).toBeVisible();
  pa.off("request", onRequest);
  expect(batches).toEqual([10, 2]);
  await pa.keyboard.press("Escape");

  // --- Collection page: its wall, custom instructions.
  await pa.goto(collectionUrl);
  await expect(pa.getByTestId("memory-card")).toHaveCount(12);
  await expect(pa.getByText("12 memories")).toBeVisible();
  await pa.getByLabel("Custom instructions").fill("Answer like a marine biologist and cite the note number.");
  await pa.getByRole("button", { name: "Save instructions" }).click();
  await expect(toast(pa, "Custom instructions saved.")).toBeVisible();
  await pa.reload();
  await expect(pa.getByLabel("Custom instructions")).toHaveValue(
    "Answer like a marine biologist and cite the note number.",
  );

  // --- The existing-memories picker inside the collection's Upload Memories panel.
  ids.push(
    await a.createPage(
      "Late addition",
      "# Late addition\n\nA hermit crab moved into a larger whelk shell at low tide.",
    ),
  );
  await a.waitIndexed(ids);
  await pa.reload();
  await pa.getByRole("button", { name: "Add memories" }).click();
  const upload = pa.getByRole("dialog", { name: "Upload your memories" });
  const picker = upload.getByRole("region", { name: "Add memories to this collection" });
  await expect(picker).toBeVisible();
  await picker.getByRole("button", { name: "Add memory" }).click();
  await expect(picker.getByText("Please select at least one memory.")).toBeVisible();
  await picker.getByRole("searchbox", { name: "Search your memories" }).fill("late adition");
  await picker.getByRole("checkbox", { name: /Late addition/ }).check();
  await expect(picker.getByText("Please select at least one memory.")).toBeHidden();
  await shots(pa, "existing-memories-picker");
  await picker.getByRole("button", { name: "Add memory" }).click();
  await expect(toast(pa, "1 memory has been added to Tide pools collection.")).toBeVisible();
  await expect(picker.getByRole("button", { name: "Added to memories" })).toBeVisible();
  await pa.keyboard.press("Escape");
  await expect(pa.getByTestId("memory-card")).toHaveCount(13);

  // --- Share read-only with B, who has no account yet.
  await pa.getByRole("button", { name: "Share", exact: true }).click();
  const share = pa.getByRole("dialog", { name: /Share/ });
  await share.getByLabel("E-mail addresses").fill(bEmail);
  await share.getByLabel("Access").selectOption("read");
  await share.getByRole("button", { name: "Share", exact: true }).click();
  // No SMTP in the e2e server: A gets B's single-use invitation link to pass on.
  const link = share.getByLabel(`Invitation link for ${bEmail}`);
  await expect(link).toHaveValue(/\?invitation=/);
  await expect(share.getByRole("button", { name: "Copy invitation link" })).toBeVisible();
  const invitation = new URL(await link.inputValue());
  await shots(pa, "share-invitation-link");
  await share.getByRole("button", { name: "Done" }).click();
  await expect(pa.getByTestId("member-row").filter({ hasText: bEmail })).toBeVisible();
  await expect(pa.getByLabel(`Access of ${bEmail}`, { exact: true })).toHaveValue("read");
  await shots(pa, "collection-admin", true);

  // --- B signs up with that address: registering it alone shows nothing (issue 12 item 3);
  // opening the invitation link gives B the collection, view only.
  const b = await MemoryApi.signUp(request, bEmail, "Bo Reader");
  await b.createPage("Bo's own note", "# Bo's own note\n\nSea anemones close at low tide.");
  const pb = await signedIn(browser, b.token);
  await pb.goto("/collections");
  await expect(pb.getByTestId("collection-card").filter({ hasText: "Tide pools" })).toHaveCount(0);
  await pb.goto(invitation.pathname + invitation.search);
  await expect(toast(pb, "You now have access to Tide pools.")).toBeVisible();
  await expect(pb).toHaveURL(new RegExp(`/collections/${collectionId}$`));
  await pb.goto("/collections");
  const bCard = pb.getByTestId("collection-card").filter({ hasText: "Tide pools" });
  await expect(bCard).toContainText("(View only)");
  await expect(bCard).toContainText("13 memories");
  await shots(pb, "list-view-only");
  await bCard.click();
  await expect(pb.getByTestId("memory-card")).toHaveCount(13);
  await expect(pb.getByRole("button", { name: "Add memories" })).toHaveCount(0);
  await expect(pb.getByText("Answer like a marine biologist and cite the note number.")).toBeVisible();
  await expect(pb.getByLabel("Custom instructions")).toHaveCount(0);
  await expect(pb.getByRole("button", { name: "Share", exact: true })).toHaveCount(0);
  await shots(pb, "collection-view-only");

  // B chats over the collection (read access is enough to ask).
  await pb.getByRole("tab", { name: "Chat" }).click();
  const question = pb.getByRole("textbox", { name: "Question" });
  await question.fill("What moved into a larger shell?");
  await question.press("Enter");
  const answer = pb.getByTestId("chat-item").first();
  await expect(answer).toHaveAttribute("data-status", "success", { timeout: 30_000 });
  await expect(answer.getByTestId("answer")).toContainText("hermit crab");
  await shots(pb, "collection-chat");
  await pb.getByRole("tab", { name: "Memories" }).click();

  // B cannot add: the collection is '(View only)' and disabled in the dialog; the API refuses too.
  await pb.goto("/");
  await card(pb, "Bo's own note")
    .getByRole("button", { name: /^Actions for/ })
    .click();
  await pb.getByRole("menuitem", { name: "Add to collection" }).click();
  const bDialog = pb.getByRole("dialog", { name: "Add to collection" });
  const bRow = bDialog.getByTestId("add-to-collection-row").filter({ hasText: "Tide pools" });
  await expect(bRow).toContainText("(View only)");
  await expect(bRow.getByRole("button", { name: "Add memory: Tide pools" })).toBeDisabled();
  const refused = await request.post(`/api/collection/add_sources?collection_id=${collectionId}`, {
    headers: { authorization: `Bearer ${b.token}` },
    data: { documents: ["x"] },
  });
  expect(refused.status()).toBe(403);
  await pb.keyboard.press("Escape");

  // --- A makes B a writer; B adds a memory.
  await pa.getByLabel(`Access of ${bEmail}`, { exact: true }).selectOption("write");
  await expect(toast(pa, `${bEmail} now has write access.`)).toBeVisible();
  await pb.reload();
  await card(pb, "Bo's own note")
    .getByRole("button", { name: /^Actions for/ })
    .click();
  await pb.getByRole("menuitem", { name: "Add to collection" }).click();
  await expect(bRow).not.toContainText("(View only)");
  await bRow.getByRole("button", { name: "Add memory: Tide pools" }).click();
  await expect(toast(pb, "1 memory has been added to Tide pools collection.")).toBeVisible();
  await pb.keyboard.press("Escape");
  await pb.goto(collectionUrl);
  await expect(pb.getByTestId("memory-card")).toHaveCount(14);
  await expect(pb.getByRole("button", { name: "Add memories" })).toBeVisible();

  // --- A revokes B: B's very next request finds nothing.
  await pa.reload();
  await pa.getByRole("button", { name: `Revoke access of ${bEmail}` }).click();
  await expect(pa.getByTestId("member-row").filter({ hasText: bEmail })).toHaveCount(0);
  await pb.reload();
  await expect(pb.getByRole("heading", { name: "Collection not found" })).toBeVisible();
  await pb.goto("/collections");
  await expect(pb.getByRole("heading", { name: "No collections yet" })).toBeVisible();
});
