import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { startFixtureSite, type FixtureSite } from "../../test/fixtures/sites/server.ts";
import { queryRows } from "../../platform/db/client.ts";
import { uploadText, waitIndexed } from "./test/helpers.ts";

type WebPages = { web_pages: { link: string; id: string | null; status: string; message?: string }[] };

describe.each(testDatabases())("links, pages and proactive memory (%s)", (kind) => {
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

  it("saves links, refuses bad and repeated ones with the spec's messages", async () => {
    const link = `${site.origin}/articles/sourdough`;
    const res = await m.request("POST", "/api/upload/web_pages", {
      as: alice,
      json: {
        web_pages: [
          { link, note: "for the weekend" },
          { link: link + "/" },
          { link: "http://example.com/a" },
          { link: "https://www.youtube.com/playlist?list=PL123" },
          { link: "https://example.com/report.pdf" },
          { link: "not a url at all" },
        ],
      },
    });
    expect(res.status).toBe(200);
    const out = ((await res.json()) as WebPages).web_pages;
    expect(out[0]).toMatchObject({ status: "in_progress" });
    expect(out.slice(1).map((r) => [r.status, r.message])).toEqual([
      ["error", "Memory already exists. Duplicate uploads are not allowed."],
      ["error", "Please use a secure URL to save content."],
      ["error", "Please include the individual YouTube video links instead of the playlist or channel link."],
      ["error", "Please download the file and upload it as a file instead of a link."],
      ["error", "Invalid URL."],
    ]);
    const [row] = await waitIndexed(m, alice, [{ id: out[0].id!, type: "webpage" }]);
    expect(row.indexing_status).toBe("success");
    const hits = await m.ctx.search.search(
      m.ctx.database.db,
      { actorId: alice.id, actorEmail: alice.email },
      "sourdough starter",
      3,
    );
    expect(hits[0]?.sourceId).toBe(out[0].id);
    // Bob may save the same link: duplicates are per owner.
    const bobs = (
      (await (
        await m.request("POST", "/api/upload/web_pages", { as: bob, json: { web_pages: [{ link }] } })
      ).json()) as WebPages
    ).web_pages;
    expect(bobs[0].status).toBe("in_progress");
  });

  it("ends an unreachable link errored with the link message", async () => {
    const res = await m.request("POST", "/api/upload/web_pages", {
      as: alice,
      json: { web_pages: [{ link: `${site.origin}/error` }] },
    });
    const [item] = ((await res.json()) as WebPages).web_pages;
    const [row] = await waitIndexed(m, alice, [{ id: item.id!, type: "webpage" }]);
    expect(row).toMatchObject({
      indexing_status: "errored",
      error: "Webpage not responding. Use the chrome extension to save it.",
    });
  });

  it("says 'page not found' for a page the site answers 404 for, not 'not responding' (issue 41)", async () => {
    const closed = await import("node:net").then(
      (net) =>
        new Promise<number>((resolve) => {
          const srv = net.createServer().listen(0, "127.0.0.1", () => {
            const port = (srv.address() as { port: number }).port;
            srv.close(() => resolve(port));
          });
        }),
    );
    const res = await m.request("POST", "/api/upload/web_pages", {
      as: alice,
      json: {
        web_pages: [
          { link: `${site.origin}/articles/no-such-page` },
          { link: `https://127.0.0.1:${closed}/gone` },
        ],
      },
    });
    const items = ((await res.json()) as WebPages).web_pages;
    const rows = await waitIndexed(
      m,
      alice,
      items.map((i) => ({ id: i.id!, type: "webpage" })),
    );
    expect(rows.map((r) => [r.indexing_status, r.error])).toEqual([
      ["errored", "Page not found. The site says this page does not exist: check the link."],
      ["errored", "Webpage not responding. Use the chrome extension to save it."],
    ]);
  });

  it("answers page metadata for a link", async () => {
    const res = await m.request("POST", "/api/upload/fetch_page_metadata", {
      as: alice,
      json: { url: `${site.origin}/articles/astronomy` },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { title: string }).title).toContain("Backyard Astronomy");
  });

  it("refuses an empty new page: no text and no title of its own (issue 41)", async () => {
    const emptyBlocks = [{ type: "paragraph", content: [] }];
    for (const title of ["", "Untitled Page", "New Page"]) {
      const res = await m.request("POST", "/api/pages", { as: bob, json: { title, blocks: emptyBlocks } });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        message: "Write something first: an empty note is not saved.",
      });
    }
    const pages = (await (await m.request("GET", "/api/sources?tab=pages", { as: bob })).json()) as {
      results: unknown[];
    };
    expect(pages.results).toEqual([]);
    // A title alone is a note.
    const titled = await m.request("POST", "/api/pages", {
      as: bob,
      json: { title: "Groceries", blocks: [] },
    });
    expect(titled.status).toBe(200);
  });

  it("turns Markdown into blocks, saves a page, re-indexes it on update", async () => {
    const parsed = await m.request("POST", "/api/blocknote-parser", {
      as: alice,
      json: { markdown: "# Plan\n\nBuy **glazed** tiles" },
    });
    const { blocks } = (await parsed.json()) as { blocks: { type: string }[] };
    expect(blocks[0].type).toBe("heading");
    const created = await m.request("POST", "/api/pages", { as: alice, json: { title: "", blocks } });
    const page = (await created.json()) as {
      id: string;
      title: string;
      markdown: string;
      content_version: number;
    };
    expect(page.title).toBe("Untitled Page");
    expect(page.markdown).toContain("glazed");
    await waitIndexed(m, alice, [{ id: page.id, type: "page" }]);
    const moreBlocks = (
      (await (
        await m.request("POST", "/api/blocknote-parser", {
          as: alice,
          json: { markdown: "Terracotta pots instead" },
        })
      ).json()) as { blocks: unknown[] }
    ).blocks;
    const updated = (await (
      await m.request("PUT", `/api/pages/${page.id}`, {
        as: alice,
        json: { title: "Garden", blocks: moreBlocks },
      })
    ).json()) as { content_version: number };
    expect(updated.content_version).toBe(page.content_version + 1);
    const [row] = await waitIndexed(m, alice, [{ id: page.id, type: "page" }]);
    expect(row.indexing_status).toBe("success");
    const chunks = await queryRows<{ text: string }>(
      m.ctx.database.db,
      sql`select text from chunk where source_id = ${page.id}`,
    );
    expect(chunks.map((c) => c.text).join(" ")).toContain("Terracotta");
    expect(chunks.map((c) => c.text).join(" ")).not.toContain("glazed");
    expect((await m.request("GET", `/api/pages/${page.id}`, { as: bob })).status).toBe(404);
    expect(
      (await m.request("PUT", `/api/pages/${page.id}`, { as: bob, json: { title: "x", blocks: [] } })).status,
    ).toBe(404);
  });

  it("finds a related earlier memory for proactive memory, and 'none' when nothing relates", async () => {
    const first = await uploadText(
      m,
      alice,
      "kiln.md",
      "# Kiln firing\n\nBisque firing of stoneware clay happens at cone 04 in the electric kiln before glazing.",
    );
    const second = await uploadText(
      m,
      alice,
      "glaze.md",
      "# Glaze notes\n\nStoneware glazing after bisque firing: the kiln reaches cone 6 for the glaze firing of clay.",
    );
    const lonely = await uploadText(
      m,
      alice,
      "tax.md",
      "# Quarterly taxes\n\nEstimated payments for self employment income are due in April, June, September and January.",
    );
    await waitIndexed(
      m,
      alice,
      [first, second, lonely].map((id) => ({ id, type: "file" })),
    );
    const related = (await (
      await m.request("GET", `/api/upload/proactive_memory?source_id=${second}`, { as: alice })
    ).json()) as {
      question: string;
      proactive_memory: string;
      related_source_id: string;
    };
    expect(related.related_source_id).toBe(first);
    expect(related.proactive_memory).toContain("kiln.md");
    expect(related.question).not.toBe("");
    const none = (await (
      await m.request("GET", `/api/upload/proactive_memory?source_id=${lonely}`, { as: alice })
    ).json()) as { proactive_memory: string };
    expect(none.proactive_memory).toBe("none");
  });
});
