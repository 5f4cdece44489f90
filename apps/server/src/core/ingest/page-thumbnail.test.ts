import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Source } from "@mnemo/contracts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { startFixtureSite, type FixtureSite } from "../../test/fixtures/sites/server.ts";
import { screenshotAvailability } from "../../features/screenshots/browser.ts";
import { waitIndexed } from "./test/helpers.ts";

type WebPages = { web_pages: { link: string; id: string | null; status: string; message?: string }[] };

const chromium = screenshotAvailability(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium");

/** The path and query of a (relative or absolute) URL the server handed out. */
const local = (url: string) => {
  const u = new URL(url, "http://local");
  return u.pathname + u.search;
};

/**
 * Issue 41: a saved web page's og:image is fetched by the server and kept as a blob; the wall's
 * thumbnail is that copy behind a reader-bound URL, never the site's address. A page whose
 * screenshot cannot be taken says so, so the web stops asking on every wall load.
 */
describe.each(testDatabases())("web page thumbnails kept by the server (%s)", (kind) => {
  let m: TestMnemo;
  let site: FixtureSite;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    site = await startFixtureSite();
    m = await createTestMnemo(kind, { FETCH_ALLOW_HOSTS: "127.0.0.1", FETCH_EXTRA_CA: site.caPath });
    alice = await m.buildUser();
    bob = await m.buildUser();
  }, 60_000);
  afterAll(async () => {
    await m?.close();
    await site?.close();
  });

  async function save(as: TestUser, pages: { link: string; content?: string; title?: string }[]) {
    const res = await m.request("POST", "/api/upload/web_pages", { as, json: { web_pages: pages } });
    expect(res.status).toBe(200);
    const out = ((await res.json()) as WebPages).web_pages;
    expect(out.map((o) => o.status)).toEqual(pages.map(() => "in_progress"));
    const ids = out.map((o) => o.id!);
    await waitIndexed(
      m,
      as,
      ids.map((id) => ({ id, type: "webpage" })),
    );
    return ids;
  }

  async function memory(as: TestUser, id: string) {
    const res = await m.request("GET", `/api/sources/${id}`, { as });
    expect(res.status).toBe(200);
    return (await res.json()) as Source;
  }

  it("saving a page stores its og:image; the thumbnail is served from Mnemo, to the owner only", async () => {
    const before = site.stats.requests.length;
    const [id] = await save(alice, [{ link: `${site.origin}/articles/sourdough` }]);
    // The server fetched the image once, itself (the fetcher's User-Agent).
    const fetched = site.stats.requests.slice(before);
    expect(fetched.filter((p) => p === "/images/sourdough.png")).toHaveLength(1);

    const source = await memory(alice, id);
    expect(source.meta.status).toBe("success");
    expect(source.thumbnail_url).toBeTruthy();
    const thumb = source.thumbnail_url!;
    expect(thumb).not.toContain(site.origin);
    expect(thumb).not.toContain("127.0.0.1:" + site.port);
    expect(new URL(thumb, "http://local").pathname).toMatch(/^\/api\/blob\/.+\/thumbnails\/[\w-]+\.png$/);
    expect(source.meta.screenshot_unavailable).toBeUndefined();

    const img = await m.request("GET", local(thumb));
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toBe("image/png");
    const bytes = new Uint8Array(await img.arrayBuffer());
    expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

    // Another user neither sees the memory nor can turn the owner's URL into one of their own.
    expect((await m.request("GET", `/api/sources/${id}`, { as: bob })).status).toBe(404);
    const forged = local(thumb).replace(
      `u=${encodeURIComponent(alice.id)}`,
      `u=${encodeURIComponent(bob.id)}`,
    );
    expect(forged).not.toBe(local(thumb));
    expect((await m.request("GET", forged)).status).toBe(403);

    // Deleting the memory deletes the copy: the URL answers 404 at once.
    const del = await m.request("DELETE", "/api/sources", { as: alice, json: { source_ids: [id] } });
    expect(del.status).toBe(200);
    expect((await m.request("GET", local(thumb))).status).toBe(404);
    const key = decodeURIComponent(new URL(thumb, "http://local").pathname.replace(/^\/api\/blob\//, ""));
    expect(await m.ctx.blobs.stat(key)).toBeNull();
  });

  it("an og:image that is not an image, or is missing, leaves no thumbnail (never the site's address)", async () => {
    const notImage = `${site.origin}/og-image?src=${encodeURIComponent(`${site.origin}/not-an-image.png`)}`;
    const htmlPage = `${site.origin}/og-image?src=${encodeURIComponent(`${site.origin}/articles/astronomy`)}`;
    const tooBig = `${site.origin}/og-image?src=${encodeURIComponent(`${site.origin}/huge`)}`;
    const ids = await save(alice, [{ link: notImage }, { link: htmlPage }, { link: tooBig }]);
    for (const id of ids) {
      const s = await memory(alice, id);
      expect(s.meta.status).toBe("success");
      expect(s.thumbnail_url).toBeNull();
    }
  });

  it.skipIf(!chromium.available)(
    "a page that cannot be screenshotted is marked, so the wall stops asking",
    async () => {
      // Like a welcome sample: content given, the site itself unreachable from here.
      const [id] = await save(alice, [
        {
          link: "https://unreachable.invalid/sample-page",
          title: "A sample page",
          content: "<article><p>Sample content kept with Mnemo.</p></article>",
        },
      ]);
      const first = await memory(alice, id);
      expect(first.thumbnail_url).toBeNull();
      expect(first.meta.screenshot_unavailable).toBeUndefined();
      const shot = await m.request("POST", "/api/screenshot", {
        as: alice,
        json: { url: "https://unreachable.invalid/sample-page", source_id: id },
      });
      expect(shot.status).toBe(400);
      const after = await memory(alice, id);
      expect(after.thumbnail_url).toBeNull();
      expect(after.meta.screenshot_unavailable).toBe(true);
      // The list the wall renders says the same.
      const list = await m.request("GET", "/api/sources?tab=everything", { as: alice });
      const listed = ((await list.json()) as { results: Source[] }).results.find((s) => s.id === id);
      expect(listed?.meta.screenshot_unavailable).toBe(true);
    },
  );
});
