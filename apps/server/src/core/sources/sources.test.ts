import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { waitUntil } from "../../test/wait.ts";
import { buildCollection, buildSource } from "../../test/factories.ts";

describe.each(testDatabases())("memories wall on %s", (kind) => {
  let m: TestMnemo;
  let ann: TestUser;
  let bob: TestUser;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    m = await createTestMnemo(kind);
    ann = await m.buildUser({ name: "Ann" });
    bob = await m.buildUser({ name: "Bob" });
    const day = (d: number) => new Date(Date.UTC(2026, 0, d));
    ids.tesla = await buildSource(m, ann, {
      title: "Tesla Model 3 review",
      url: "https://cars.example/tesla",
      createdAt: day(1),
      markdown: "# Tesla\n\nThe battery lasts long.",
    });
    ids.pdf = await buildSource(m, ann, {
      type: "file",
      title: "report.pdf",
      createdAt: day(2),
      meta: { file_type: "pdf" },
      app: "mail", // an e-mail attachment
      markdown: "# Quarterly report\n\nRevenue grew thanks to the zeppelin division.",
    });
    ids.page = await buildSource(m, ann, {
      type: "page",
      title: "Meeting notes",
      note: "remember the milk",
      createdAt: day(3),
    });
    ids.csv = await buildSource(m, ann, {
      type: "file",
      title: "data.csv",
      createdAt: day(4),
      meta: { file_type: "csv" },
      csv: "a,b\n1,2\n",
    });
    ids.bobs = await buildSource(m, bob, {
      title: "Bob's secret Tesla plans",
      createdAt: day(5),
      markdown: "zeppelin secrets",
    });
  });
  afterAll(async () => {
    await m?.close();
  });

  it("lists only the owner's memories, newest first, paged", async () => {
    const res = await m.request("GET", "/api/sources?page_size=2&page=1", { as: ann });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.total).toBe(4);
    expect(body.has_more).toBe(true);
    expect(body.results.map((s: { title: string }) => s.title)).toEqual(["data.csv", "Meeting notes"]);
    const page2 = await (await m.request("GET", "/api/sources?page_size=2&page=2", { as: ann })).json();
    expect(page2.results.map((s: { title: string }) => s.title)).toEqual([
      "report.pdf",
      "Tesla Model 3 review",
    ]);
    expect(page2.has_more).toBe(false);
  });

  it("sorts oldest first, filters by tab and file type", async () => {
    const oldest = await (await m.request("GET", "/api/sources?sort=oldest", { as: ann })).json();
    expect(oldest.results[0].title).toBe("Tesla Model 3 review");
    const pages = await (await m.request("GET", "/api/sources?tab=pages", { as: ann })).json();
    expect(pages.results.map((s: { id: string }) => s.id)).toEqual([ids.page]);
    const pdfs = await (await m.request("GET", "/api/sources?file_types=pdf,csv", { as: ann })).json();
    expect(pdfs.results.map((s: { id: string }) => s.id).sort()).toEqual([ids.pdf, ids.csv].sort());
  });

  it("filters by the app a memory came from, with the file types, in the list and in search", async () => {
    const list = async (q: string) =>
      (
        (await (await m.request("GET", `/api/sources?${q}`, { as: ann })).json()) as {
          results: { id: string }[];
        }
      ).results.map((s) => s.id);
    expect(await list("apps=mail")).toEqual([ids.pdf]);
    expect(await list("apps=webdav,github")).toEqual([]);
    expect(await list("apps=mail&file_types=csv")).toEqual([]);
    const search = async (apps: string[]) =>
      (
        (await (
          await m.request("POST", "/api/sources/search", {
            as: ann,
            json: { search_query: "zeppelin", apps },
          })
        ).json()) as { results: { id: string }[] }
      ).results.map((s) => s.id);
    expect(await search(["mail"])).toEqual([ids.pdf]);
    expect(await search(["webdav"])).toEqual([]);
  });

  it("filters by the kinds Canvas, Recordings and From apps, in the list and in search (issue 41)", async () => {
    const cy = await m.buildUser({ name: "Cy" });
    const own = {
      canvas: await buildSource(m, cy, {
        type: "canvas",
        title: "Whiteboard.canvas",
        meta: { file_type: "canvas" },
      }),
      recording: await buildSource(m, cy, {
        type: "file",
        title: "Standup.webm",
        meta: { file_type: "webm", kind: "audio" },
      }),
      upload: await buildSource(m, cy, { type: "file", title: "Interview.MP3", meta: { file_type: "MP3" } }),
      feed: await buildSource(m, cy, { title: "Quasar news", url: "https://feed.example/q", app: "rss" }),
      dav: await buildSource(m, cy, {
        type: "file",
        title: "plan.pdf",
        meta: { file_type: "pdf" },
        app: "webdav",
      }),
      page: await buildSource(m, cy, { type: "page", title: "Quasar notes" }),
    };
    const list = async (types: string) =>
      (
        (await (await m.request("GET", `/api/sources?file_types=${types}`, { as: cy })).json()) as {
          results: { id: string }[];
        }
      ).results
        .map((s) => s.id)
        .sort();
    const sorted = (...xs: string[]) => [...xs].sort();
    expect(await list("canvas")).toEqual([own.canvas]);
    expect(await list("recording")).toEqual(sorted(own.recording, own.upload));
    expect(await list("from_apps")).toEqual(sorted(own.feed, own.dav));
    expect(await list("from_apps,page")).toEqual(sorted(own.feed, own.dav, own.page));
    const search = async (file_types: string[]) =>
      (
        (await (
          await m.request("POST", "/api/sources/search", {
            as: cy,
            json: { search_query: "quasar", file_types },
          })
        ).json()) as { results: { id: string }[] }
      ).results.map((s) => s.id);
    expect(await search(["from_apps"])).toEqual([own.feed]);
    expect(await search(["recording"])).toEqual([]);
  });

  it("finds a misspelled title fuzzily and a word only in the content", async () => {
    const fuzzy = await (
      await m.request("POST", "/api/sources/search", {
        as: ann,
        json: { search_query: "tesal", active_item: "everything" },
      })
    ).json();
    expect(fuzzy.results.map((s: { id: string }) => s.id)).toContain(ids.tesla);
    const content = await (
      await m.request("POST", "/api/sources/search", { as: ann, json: { search_query: "zeppelin" } })
    ).json();
    expect(content.results.map((s: { id: string }) => s.id)).toEqual([ids.pdf]);
    expect(content.results[0].match).toBe("content");
  });

  it("keeps the closest titles when more memories match a misspelling than the limit", async () => {
    const cat = await m.buildUser({ name: "Cat" });
    const exact = await buildSource(m, cat, { title: "Sourdogh diary" });
    const close = await buildSource(m, cat, { title: "Sourdough starter" });
    await buildSource(m, cat, { title: "Sour cream" });
    const res = await (
      await m.request("POST", "/api/sources/search", {
        as: cat,
        json: { search_query: "sourdogh", active_item: "everything", limit: 2 },
      })
    ).json();
    expect(res.results.map((s: { id: string }) => s.id)).toEqual([exact, close]);
  });

  it("never shows another user's memory in lists, search or by id", async () => {
    const search = await (
      await m.request("POST", "/api/sources/search", { as: bob, json: { search_query: "tesla" } })
    ).json();
    expect(search.results.map((s: { id: string }) => s.id)).toEqual([ids.bobs]);
    expect((await m.request("GET", `/api/sources/${ids.tesla}`, { as: bob })).status).toBe(404);
    expect((await m.request("GET", `/api/sources/${ids.tesla}/content`, { as: bob })).status).toBe(404);
    expect(
      (
        await m.request("PUT", "/api/sources/rename", {
          as: bob,
          json: { source_id: ids.tesla, new_title: "mine" },
        })
      ).status,
    ).toBe(404);
    expect(
      (await m.request("DELETE", "/api/sources", { as: bob, json: { source_ids: [ids.tesla] } })).status,
    ).toBe(404);
  });

  it("renames keeping the extension, pins, and edits note and description", async () => {
    const r = await m.request("PUT", "/api/sources/rename", {
      as: ann,
      json: { source_id: ids.pdf, new_title: "Q3 numbers" },
    });
    expect(await r.json()).toEqual({ source_id: ids.pdf, title: "Q3 numbers.pdf" });
    const empty = await m.request("PUT", "/api/sources/rename", {
      as: ann,
      json: { source_id: ids.pdf, new_title: "  " },
    });
    expect(empty.status).toBe(400);
    await m.request("PUT", "/api/sources/pin", { as: ann, json: { source_id: ids.tesla, is_pinned: true } });
    await m.request("PUT", "/api/sources/note", {
      as: ann,
      json: { source_id: ids.tesla, note: "great car" },
    });
    await m.request("PUT", "/api/sources/description", {
      as: ann,
      json: { source_id: ids.tesla, description: "A review" },
    });
    const pinned = await (await m.request("GET", "/api/sources?tab=pinned", { as: ann })).json();
    expect(pinned.results).toHaveLength(1);
    expect(pinned.results[0]).toMatchObject({
      id: ids.tesla,
      note: "great car",
      description: "A review",
      meta: { is_pinned: true },
    });
    const wall = await (await m.request("GET", "/api/sources", { as: ann })).json();
    expect(wall.results[0].id).toBe(ids.tesla);
  });

  it("serves preview content: csv as base64 and a shared member can read but not edit", async () => {
    const res = await (await m.request("GET", `/api/sources/${ids.csv}/content`, { as: ann })).json();
    expect(res.status).toBe("ok");
    expect(Buffer.from(res.content.csv_base64, "base64").toString()).toBe("a,b\n1,2\n");
    const col = await buildCollection(m, ann, { shareWith: [[bob, "read"]], sources: [ids.page] });
    expect((await m.request("GET", `/api/sources/${ids.page}`, { as: bob })).status).toBe(200);
    const shared = await (await m.request("GET", "/api/sources?tab=shared", { as: bob })).json();
    expect(shared.results.map((s: { id: string }) => s.id)).toEqual([ids.page]);
    expect(shared.results[0].policies).toEqual({ edit: false, delete: false, pin: false });
    expect(
      (await m.request("PUT", "/api/sources/note", { as: bob, json: { source_id: ids.page, note: "x" } }))
        .status,
    ).toBe(403);
    const inCol = await (await m.request("GET", `/api/sources?collection_id=${col}`, { as: bob })).json();
    expect(inCol.results).toHaveLength(1);
  });

  it("lists each memory with its collections, collaborators and policies as one memory reads; a page past the end keeps the total", async () => {
    const dan = await m.buildUser({ name: "Dan" });
    const eve = await m.buildUser({ name: "Eve" });
    const lone = await buildSource(m, dan, { title: "Lone" });
    const linked = await buildSource(m, dan, { title: "Linked" });
    await buildCollection(m, dan, { name: "Zeta", shareWith: [[eve, "write"]], sources: [linked] });
    await buildCollection(m, dan, {
      name: "Alpha",
      shareWith: [["friend@example.com", "read"]],
      sources: [linked],
    });
    const wall = (await (await m.request("GET", "/api/sources?page_size=24", { as: dan })).json()) as {
      results: {
        id: string;
        collections: { collection_name: string }[];
        meta: { collaborators: string[] };
      }[];
      total: number;
    };
    expect(wall.total).toBe(2);
    expect(wall.results.map((s) => s.id)).toEqual([linked, lone]);
    for (const id of [linked, lone]) {
      const one = await (await m.request("GET", `/api/sources/${id}`, { as: dan })).json();
      expect(wall.results.find((s) => s.id === id)).toEqual(one);
    }
    expect(wall.results[0].collections.map((c) => c.collection_name)).toEqual(["Alpha", "Zeta"]);
    expect(wall.results[0].meta.collaborators.sort()).toEqual(
      [dan.email.toLowerCase(), eve.email.toLowerCase()].sort(),
    );
    expect(wall.results[1].collections).toEqual([]);
    const past = await (await m.request("GET", "/api/sources?page_size=24&page=3", { as: dan })).json();
    expect(past).toMatchObject({ results: [], total: 2, has_more: false });
  });

  it("deletes a memory with its chunks so search no longer finds it", async () => {
    const del = await m.request("DELETE", "/api/sources", { as: ann, json: { source_ids: [ids.pdf] } });
    expect(await del.json()).toEqual({ deleted: [ids.pdf] });
    const content = await (
      await m.request("POST", "/api/sources/search", { as: ann, json: { search_query: "zeppelin" } })
    ).json();
    expect(content.results).toEqual([]);
    expect((await m.request("GET", `/api/sources/${ids.pdf}`, { as: ann })).status).toBe(404);
  });

  it("searches the content of memories shared with the user in the Shared tab, and only there", async () => {
    await buildCollection(m, bob, { shareWith: [[ann, "read"]], sources: [ids.bobs] });
    const search = async (active_item: string) =>
      (
        await (
          await m.request("POST", "/api/sources/search", {
            as: ann,
            json: { search_query: "zeppelin", active_item },
          })
        ).json()
      ).results as { id: string; match: string }[];
    expect((await search("shared")).map((s) => [s.id, s.match])).toEqual([[ids.bobs, "content"]]);
    // The Everything tab of the wall lists the user's own memories only.
    expect((await search("everything")).map((s) => s.id)).not.toContain(ids.bobs);
  });

  it("carries attachments on every memory (spec 2 §3 Source): those its app item had, else none", async () => {
    const cy = await m.buildUser();
    const mail = await buildSource(m, cy, {
      title: "Invoice mail",
      meta: {
        attachments: [
          { id: "a1", title: "invoice.pdf", url: null },
          { id: 7, title: "not an attachment" },
        ],
      },
    });
    await buildSource(m, cy, { title: "Plain note", type: "page" });
    const list = (await (await m.request("GET", "/api/sources", { as: cy })).json()) as {
      results: { title: string; attachments: unknown[] }[];
    };
    const byTitle = Object.fromEntries(list.results.map((s) => [s.title, s.attachments]));
    expect(byTitle["Invoice mail"]).toEqual([{ id: "a1", title: "invoice.pdf", url: null }]);
    expect(byTitle["Plain note"]).toEqual([]);
    const one = await (await m.request("GET", `/api/sources/${mail}`, { as: cy })).json();
    expect(one.attachments).toEqual([{ id: "a1", title: "invoice.pdf", url: null }]);
  });
});

describe("retrying a failed memory", () => {
  it("puts an errored memory back in progress and refuses others", async () => {
    const m = await createTestMnemo("pglite");
    try {
      const ann = await m.buildUser();
      const bob = await m.buildUser();
      // A page whose indexing failed: its content is in the database, so a retry can finish it.
      const failed = await buildSource(m, ann, {
        title: "Draft",
        type: "page",
        status: "errored",
        markdown: "# Draft\n\nretry me",
      });
      const fine = await buildSource(m, ann, { title: "fine" });
      expect((await m.request("POST", `/api/sources/${failed}/retry`, { as: bob })).status).toBe(404);
      expect((await m.request("POST", `/api/sources/${fine}/retry`, { as: ann })).status).toBe(409);
      const res = await m.request("POST", `/api/sources/${failed}/retry`, { as: ann });
      expect(await res.json()).toEqual({ source_id: failed, status: "in_progress" });
      const status = await waitUntil("the retried memory to finish", async () => {
        const s = (await (await m.request("GET", `/api/sources/${failed}`, { as: ann })).json()).meta.status;
        return s !== "in_progress" && (s as string);
      });
      expect(status).toBe("success");
    } finally {
      await m.close();
    }
  });
});
