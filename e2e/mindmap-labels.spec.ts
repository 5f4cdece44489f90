import { expect, test, type Locator } from "@playwright/test";
import { themedShots } from "./helpers";
import { MemoryApi } from "./wall-api";

/**
 * Issue 41 (minor): with 30 memories the mind map's labels never overlap and are never clipped at
 * the view's edges (a label that does not fit beside its node is left out), zoomed out or in, and
 * the graph starts centred in its view, on a desktop and a phone.
 */
type Box = [number, number, number, number];

async function labelsOf(canvas: Locator): Promise<Box[]> {
  return JSON.parse((await canvas.getAttribute("data-labels")) ?? "null") as Box[];
}

async function expectReadable(canvas: Locator) {
  const { width, height } = (await canvas.boundingBox())!;
  const labels = await labelsOf(canvas);
  for (const [x, y, w, h] of labels) {
    expect(x, "label inside the left edge").toBeGreaterThanOrEqual(0);
    expect(x + w, "label inside the right edge").toBeLessThanOrEqual(Math.ceil(width) + 1);
    expect(y).toBeGreaterThanOrEqual(0);
    expect(y + h).toBeLessThanOrEqual(Math.ceil(height) + 1);
  }
  for (let a = 0; a < labels.length; a++)
    for (let b = a + 1; b < labels.length; b++) {
      const [ax, ay, aw, ah] = labels[a];
      const [bx, by, bw, bh] = labels[b];
      const apart = ax + aw <= bx || bx + bw <= ax || ay + ah <= by || by + bh <= ay;
      expect(apart, `labels ${JSON.stringify(labels[a])} and ${JSON.stringify(labels[b])} overlap`).toBe(
        true,
      );
    }
  return labels.length;
}

test("mind map labels stay apart and inside the view; the graph starts centred @phone", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const api = await MemoryApi.signUp(
    request,
    `mindlabels-${Date.now().toString(36)}@example.com`,
    "Lena Labels",
  );
  const topics = [
    "telescope mirror",
    "sourdough starter",
    "harbour ledger",
    "garden tomatoes",
    "bicycle gears",
  ];
  const ids: string[] = [];
  for (let i = 0; i < 30; i++) {
    const topic = topics[i % topics.length];
    ids.push(
      await api.createPage(
        `Notes on the ${topic} number ${i + 1}`,
        `These notes are about the ${topic}. The ${topic} was looked at again on day ${i + 1}.`,
      ),
    );
  }
  await api.waitIndexed(ids, 150_000);
  await page.addInitScript((token) => localStorage.setItem("mnemo.token", token), api.token);
  await page.goto("/?tab=mindmap");
  const canvas = page.getByTestId("mindmap-canvas");
  await expect(canvas).toHaveAttribute("data-layout", "done");
  await expect(page.getByText(/30 nodes/)).toBeVisible();
  await page.waitForTimeout(300);
  await expectReadable(canvas);

  // Centred: the nodes' box is in the middle of the view.
  const { width, height } = (await canvas.boundingBox())!;
  const [x0, y0, x1, y1] = JSON.parse((await canvas.getAttribute("data-extent"))!) as Box;
  expect(Math.abs((x0 + x1) / 2 - width / 2)).toBeLessThanOrEqual(width * 0.05);
  expect(Math.abs((y0 + y1) / 2 - height / 2)).toBeLessThanOrEqual(height * 0.05);
  expect(x0).toBeGreaterThanOrEqual(0);
  expect(x1).toBeLessThanOrEqual(width);

  // Zoomed in, memory labels show, still apart and unclipped.
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < 4; i++) {
    await page.mouse.wheel(0, -300);
    await page.waitForTimeout(100);
  }
  await page.waitForTimeout(300);
  expect(await expectReadable(canvas)).toBeGreaterThan(1);
  await themedShots(page, "mindmap-labels", { settleMs: 300 });
});
