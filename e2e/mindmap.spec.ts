import { expect, test, type Page } from "@playwright/test";
import { themedShots } from "./helpers";
import { MemoryApi } from "./wall-api";

/** The mind map tab (issue 19): memories and collections linked, search to focus, a node opens its memory. */

let seq = 0;
const email = (label: string) => `${label}-${Date.now().toString(36)}${(seq += 1)}@example.com`;

async function signedIn(page: Page, api: MemoryApi, path: string) {
  await page.addInitScript((token) => localStorage.setItem("mnemo.token", token), api.token);
  await page.goto(path);
}

test("the mind map links memories and opens a memory from its node", async ({ page, request }) => {
  test.setTimeout(120_000);
  const api = await MemoryApi.signUp(request, email("mindmap"), "Mina Map");
  const ids = [
    await api.createPage(
      "Telescope mirror notes",
      "The reflecting telescope mirror is 200 millimetres; the telescope mount is equatorial.",
    ),
    await api.createPage(
      "Observatory visit",
      "At the observatory the big telescope mirror was being aluminised by the staff.",
    ),
    await api.createPage("Garden", "Tomatoes and basil need six hours of sun each day."),
  ];
  await api.waitIndexed(ids);
  const created = await request.put("/api/collection", {
    headers: { authorization: `Bearer ${api.token}` },
    data: { collection_name: "Astronomy" },
  });
  expect(created.status()).toBe(201);
  const collection = (await created.json()) as { collection_id: string };
  await api.call("POST", `/api/collection/add_sources?collection_id=${collection.collection_id}`, {
    documents: ids.slice(0, 2),
  });

  await signedIn(page, api, "/?tab=mindmap");
  const canvas = page.getByTestId("mindmap-canvas");
  await expect(canvas).toHaveAttribute("data-layout", "done");
  await expect(page.getByText(/4 nodes · [3-9] links/)).toBeVisible();
  await themedShots(page, "mindmap", { settleMs: 300 });

  // Search focuses the node in the middle of the map; clicking it opens the memory's preview.
  await page.getByRole("searchbox", { name: "Find in the mind map" }).fill("observatory");
  await page
    .getByRole("list", { name: "Mind map matches" })
    .getByRole("button", { name: /Observatory visit/ })
    .click();
  const box = (await canvas.boundingBox())!;
  await canvas.click({ position: { x: box.width / 2, y: box.height / 2 } });
  const preview = page.getByTestId("source-preview");
  await expect(preview).toBeVisible();
  await expect(preview.getByText("Observatory visit").first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`preview=${ids[1]}`));

  // On a phone the map fills the width and a tap on a node opens it too.
  await page.goto("/?tab=mindmap");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(canvas).toHaveAttribute("data-layout", "done");
  await page.getByRole("searchbox", { name: "Find in the mind map" }).fill("Astronomy");
  await page
    .getByRole("list", { name: "Mind map matches" })
    .getByRole("button", { name: /Astronomy/ })
    .click();
  const small = (await canvas.boundingBox())!;
  expect(small.width).toBeLessThanOrEqual(390);
  await canvas.click({ position: { x: small.width / 2, y: small.height / 2 } });
  await expect(page).toHaveURL(new RegExp(`/collections/${collection.collection_id}`));
});
