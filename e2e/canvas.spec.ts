import { expect, test, type Page } from "@playwright/test";
import { isNarrow, themedShots } from "./helpers";
import { MemoryApi } from "./wall-api";

/**
 * The canvas editor end to end (issue 19): Excalidraw served by Mnemo (no request leaves
 * 127.0.0.1), autosave, reload, the canvas found by a word written on it in memory search and in a
 * chat answer's sources (offline extractive engine), and the unsaved-changes guards.
 */

let seq = 0;
const email = (label: string) => `${label}-${Date.now().toString(36)}${(seq += 1)}@example.com`;

async function signedIn(page: Page, api: MemoryApi, path: string) {
  await page.addInitScript((token) => localStorage.setItem("mnemo.token", token), api.token);
  await page.goto(path);
}

/** Requests to anywhere but this server (data: and blob: URLs are local to the page). */
function watchOutbound(page: Page) {
  const outbound: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.protocol === "data:" || url.protocol === "blob:") return;
    if (url.hostname !== "127.0.0.1") outbound.push(r.url());
  });
  return outbound;
}

const board = (page: Page) => page.locator(".excalidraw canvas.interactive");

/**
 * A point on the board, given in a 1280 px wide desktop board's coordinates: on a narrower board
 * (a phone) the x is scaled to the board's width, so the drawing keeps its layout.
 */
async function boardPoint(page: Page, x: number, y: number) {
  const box = (await board(page).boundingBox())!;
  return { x: box.x + x * Math.min(1, box.width / 1280), y: box.y + y };
}

async function drawRectangle(page: Page, x: number, y: number) {
  const from = await boardPoint(page, x, y);
  const to = await boardPoint(page, x + 160, y + 90);
  await page.getByTitle(/^Rectangle/).click();
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 5 });
  await page.mouse.up();
}

async function writeText(page: Page, x: number, y: number, text: string) {
  const at = await boardPoint(page, x, y);
  await page.getByTitle(/^Text/).click();
  await page.mouse.click(at.x, at.y);
  await page.keyboard.type(text);
  await page.keyboard.press("Escape");
}

test("draw shapes and text, autosave, reload, find the canvas by its words; leaving unsaved asks", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const outbound = watchOutbound(page);
  const api = await MemoryApi.signUp(request, email("canvas"), "Cara Canvas");
  await signedIn(page, api, "/?tab=canvas");
  await expect(page.getByRole("heading", { name: "No canvases yet" })).toBeVisible();
  await page.getByRole("link", { name: "New canvas" }).first().click();
  await expect(page).toHaveURL(/\/canvas\/new$/);
  await expect(board(page)).toBeVisible();
  await expect(page.getByTestId("canvas-status")).toHaveText("New canvas");

  // Save with nothing drawn is refused with the spec's message.
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Cannot save - please add a shape to the canvas")).toBeVisible();

  await drawRectangle(page, 400, 150);
  await writeText(page, 420, 320, "Zanzibar harbour plan");
  await expect(page.getByTestId("canvas-status")).toHaveText("Unsaved changes");
  // Autosave (every 5 s) stores it: the address becomes the canvas's own.
  await expect(page.getByTestId("canvas-status")).toHaveText("Saved", { timeout: 20_000 });
  await expect(page).toHaveURL(/\/canvas\/[0-9a-f-]{36}$/);
  const id = page.url().split("/").pop()!;
  await themedShots(page, "canvas-editor", { settleMs: 300 });

  await page.reload();
  await expect(board(page)).toBeVisible();
  await expect(page.getByTestId("canvas-status")).toHaveText("Saved");
  // The text is back: double-clicking it opens it for editing with its words.
  await page.getByTitle(/^Selection/).click();
  const onText = await boardPoint(page, 440, 330);
  await page.mouse.dblclick(onText.x, onText.y);
  await expect(page.locator("textarea.excalidraw-wysiwyg")).toHaveValue("Zanzibar harbour plan");
  await page.keyboard.press("Escape");
  const empty = await boardPoint(page, 1000, 600);
  await page.mouse.click(empty.x, empty.y); // deselect
  // The rectangle is back: clicking its edge selects it and shows its style panel.
  await expect(page.getByText("Stroke", { exact: true })).toHaveCount(0);
  const edge = await boardPoint(page, 400, 200);
  await page.mouse.click(edge.x, edge.y);
  // On a phone the style panel is behind the bottom bar's Edit button.
  if (isNarrow(page)) await page.getByRole("button", { name: "Edit", exact: true }).click();
  await expect(page.getByText("Stroke", { exact: true }).first()).toBeVisible();
  const doc = await api.call<{ document_url: string }>("GET", `/api/canvas/${id}`);
  const stored = (await (await request.get(doc.document_url)).json()) as { elements: { type: string }[] };
  expect(stored.elements.map((e) => e.type).sort()).toEqual(["rectangle", "text"]);

  // Leaving with unsaved work asks 'Save changes?'; Don't save leaves.
  await page.keyboard.press("Escape");
  await drawRectangle(page, 700, 150);
  await expect(page.getByTestId("canvas-status")).toHaveText("Unsaved changes");
  await page.getByRole("button", { name: "Back to canvases" }).click();
  const dialog = page.getByRole("dialog", { name: "Save changes?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Don't save" }).click();
  await expect(page).toHaveURL(/\/\?tab=canvas$/);

  // The wall's canvas tab lists it with its screenshot; its words find it in memory search.
  const card = page.getByTestId("memory-card").filter({ hasText: "Untitled canvas" });
  await expect(card).toBeVisible();
  await expect(card.getByTestId("card-thumbnail").locator("img")).toBeVisible();
  await page.goto("/");
  await page.getByRole("searchbox", { name: "Search memories" }).fill("Zanzibar");
  await expect(page.getByTestId("memory-card").filter({ hasText: "Untitled canvas" })).toBeVisible({
    timeout: 20_000,
  });
  // Its preview shows the screenshot and opens the editor.
  await page
    .getByTestId("memory-card")
    .filter({ hasText: "Untitled canvas" })
    .getByRole("button")
    .first()
    .click();
  await page.getByRole("link", { name: "Open canvas" }).click();
  await expect(page).toHaveURL(new RegExp(`/canvas/${id}$`));
  await expect(board(page)).toBeVisible();

  // A chat answer cites it.
  await page.goto("/chat/new");
  const question = page.getByRole("textbox", { name: "Question" });
  await question.fill("What is the Zanzibar harbour plan?");
  await question.press("Enter");
  await expect(
    page.getByTestId("chat-item").first().getByTestId("source-card").filter({ hasText: "Untitled canvas" }),
  ).toBeVisible({ timeout: 30_000 });

  // Closing the tab with unsaved work fires the beforeunload guard.
  await page.goto(`/canvas/${id}`);
  await expect(board(page)).toBeVisible();
  await expect(page.getByTestId("canvas-status")).toHaveText("Saved");
  await drawRectangle(page, 600, 450);
  await expect(page.getByTestId("canvas-status")).toHaveText("Unsaved changes");
  const prompted = page.waitForEvent("dialog");
  await page.close({ runBeforeUnload: true });
  const guard = await prompted;
  expect(guard.type()).toBe("beforeunload");
  await guard.dismiss();

  expect(outbound).toEqual([]);
});

test("renaming a canvas in the editor is a change that saves, and the name stays after a reload", async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const api = await MemoryApi.signUp(request, email("canvas-title"), "Tia Title");
  await signedIn(page, api, "/canvas/new");
  await expect(board(page)).toBeVisible();
  await drawRectangle(page, 400, 150);
  await expect(page.getByTestId("canvas-status")).toHaveText("Saved", { timeout: 20_000 });
  const title = page.getByRole("textbox", { name: "Canvas title" });
  await title.fill("Harbour crane layout");
  await expect(page.getByTestId("canvas-status")).toHaveText("Unsaved changes");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("canvas-status")).toHaveText("Saved", { timeout: 20_000 });
  await page.reload();
  await expect(page.getByRole("textbox", { name: "Canvas title" })).toHaveValue("Harbour crane layout");
});

test("a new canvas made from a collection page is saved into that collection", async ({ page, request }) => {
  test.setTimeout(120_000);
  const api = await MemoryApi.signUp(request, email("canvas-collection"), "Col Canvas");
  const made = await request.put("/api/collection", {
    headers: { authorization: `Bearer ${api.token}` },
    data: { collection_name: "Harbour plans" },
  });
  expect(made.status()).toBe(201);
  const { collection_id } = (await made.json()) as { collection_id: string };
  await signedIn(page, api, `/collections/${collection_id}`);
  await expect(page.getByRole("heading", { name: /Harbour plans/ })).toBeVisible();
  await page.getByRole("link", { name: "New canvas" }).click();
  await expect(page).toHaveURL(new RegExp(`/canvas/new\\?collection=${collection_id}$`));
  await expect(board(page)).toBeVisible();
  await page.getByRole("textbox", { name: "Canvas title" }).fill("Quay crane sketch");
  await drawRectangle(page, 400, 150);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("canvas-status")).toHaveText("Saved", { timeout: 20_000 });
  await expect(page).toHaveURL(/\/canvas\/[0-9a-f-]{36}$/);
  const canvasId = new URL(page.url()).pathname.split("/").pop()!;

  // Back on the collection page, the canvas is one of its memories; the API agrees.
  await page.getByRole("button", { name: "Back to the collection" }).click();
  await expect(page).toHaveURL(new RegExp(`/collections/${collection_id}$`));
  await expect(page.getByText("Quay crane sketch").first()).toBeVisible();
  // Its card is titled as the canvas, without its stored document's ".txt" (issue 41).
  await expect(page.getByTestId("memory-card").filter({ hasText: "Quay crane sketch" })).toBeVisible();
  await expect(page.getByText("Quay crane sketch.txt")).toHaveCount(0);
  const listed = await api.call<{ results?: { id: string }[]; sources?: { id: string }[] }>(
    "GET",
    `/api/collection/${collection_id}/sources`,
  );
  expect(JSON.stringify(listed)).toContain(canvasId);
});

test("a corrupt canvas opens as an error with Retry and a way back", async ({ page, request }) => {
  const api = await MemoryApi.signUp(request, email("canvas-bad"), "Cara Corrupt");
  const name = Buffer.from("Broken.txt").toString("base64");
  const body = Buffer.from("{this is not a canvas");
  const p = await api.call<{ presigned_url: string; file_id: string; file_key: string }>(
    "POST",
    "/api/upload/get_presigned_url",
    {
      fileType: "txt",
      canvas_data_type: "canvas",
      metadata: { name_base64: name, type: "application/json", size: body.length, source_type: "file" },
    },
  );
  const put = await request.fetch(p.presigned_url, {
    method: "PUT",
    data: body,
    headers: { "content-type": "application/json", "x-amz-meta-name_base64": name },
  });
  expect(put.status()).toBe(200);
  await api.call("POST", "/api/upload/confirm_upload", {
    file_id: p.file_id,
    file_type: "canvas",
    canvas_key: p.file_key,
  });
  await signedIn(page, api, `/canvas/${p.file_id}`);
  await expect(page.getByRole("alert")).toContainText("An error occurred while loading the canvas.");
  await expect(page.getByRole("button", { name: "Retry" })).toBeVisible();
  await themedShots(page, "canvas-error");
  await page.getByRole("link", { name: "Back to canvases" }).click();
  await expect(page).toHaveURL(/\/\?tab=canvas$/);

  await page.goto("/canvas/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("alert")).toContainText("Canvas not found. Please check if the canvas exists.");
});

test("two tabs saving one canvas: the later save is refused, then kept or replaced by choice", async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const api = await MemoryApi.signUp(request, email("canvas-tabs"), "Cara Tabs");
  await signedIn(page, api, "/canvas/new");
  await expect(board(page)).toBeVisible();
  await drawRectangle(page, 400, 150);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("canvas-status")).toHaveText("Saved");
  await expect(page).toHaveURL(/\/canvas\/[0-9a-f-]{36}$/);
  const url = page.url();

  const other = await context.newPage();
  await other.goto(url);
  await expect(board(other)).toBeVisible();
  await expect(other.getByTestId("canvas-status")).toHaveText("Saved");

  // Tab one saves first; tab two, still on the older version, is refused and asked.
  await drawRectangle(page, 400, 350);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("canvas-status")).toHaveText("Saved");
  await drawRectangle(other, 700, 150);
  await other.getByRole("button", { name: "Save", exact: true }).click();
  const conflict = other.getByRole("dialog", { name: "This canvas was changed elsewhere" });
  await expect(conflict).toBeVisible();
  await expect(
    other.getByText("Failed to save canvas: it was changed in another tab or window"),
  ).toBeVisible();
  await conflict.getByRole("button", { name: "Keep mine" }).click();
  await expect(other.getByTestId("canvas-status")).toHaveText("Saved");

  const id = url.split("/").pop()!;
  const doc = await api.call<{ document_url: string; content_version: number }>("GET", `/api/canvas/${id}`);
  const stored = (await (await request.get(doc.document_url)).json()) as { elements: unknown[] };
  expect(stored.elements).toHaveLength(2); // tab two's scene, saved on top of tab one's by choice
  await other.close();
});
