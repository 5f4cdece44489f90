import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  ApplicationsResponse,
  AppSearchResponse,
  AppSearchResult,
  ConnectedAccount,
  SourceList,
} from "@mnemo/contracts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { waitUntil } from "../../test/wait.ts";
import { buildCollection } from "../collections/test-factories.ts";

const fixtures = path.join(import.meta.dirname, "../../test/fixtures/files");

/** The Local folder connector on real files: an Obsidian-style vault under an allowed root. */
describe.each(testDatabases())("Local folder / Obsidian vault (%s)", (kind) => {
  let m: TestMnemo;
  let alice: TestUser;
  let root: string;
  let vault: string;
  let account: ConnectedAccount;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "mnemo-folder-root-"));
    vault = path.join(root, "vault");
    fs.mkdirSync(path.join(vault, "Field notes"), { recursive: true });
    fs.mkdirSync(path.join(vault, ".obsidian"));
    fs.writeFileSync(path.join(vault, ".obsidian", "workspace.md"), "editor state, never a memory");
    fs.writeFileSync(
      path.join(vault, "Field notes", "Tide pools.md"),
      "---\ntitle: Tide pools at dawn\ntags: [ocean, field-notes]\n---\nAnemones close at low tide. See [[Anemones]].\n",
    );
    fs.writeFileSync(path.join(vault, "Anemones.md"), "Sea anemones sting their prey. #biology\n");
    fs.writeFileSync(path.join(vault, "data.bin"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    fs.copyFileSync(path.join(fixtures, "sample.pptx"), path.join(vault, "Field notes", "Slides.pptx"));
    // Over the upload limit (1 MB here): skipped, never read.
    fs.writeFileSync(path.join(vault, "Scan.pdf"), Buffer.alloc(1536 * 1024, 0x25));
    // A link out of the allowed root is refused like any outside path.
    fs.symlinkSync(os.tmpdir(), path.join(root, "escape"));
    m = await createTestMnemo(kind, { APPS_FOLDER_ROOTS: root, UPLOAD_LIMIT_MB: "1" });
    alice = await m.buildUser();
  }, 60_000);
  afterAll(async () => {
    await m?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const accounts = async () =>
    (
      (await (await m.request("GET", "/api/user/get_connected_applications", { as: alice })).json()) as {
        accounts: ConnectedAccount[];
      }
    ).accounts;
  const notes = async () =>
    (
      (await (await m.request("GET", "/api/sources?page_size=100", { as: alice })).json()) as SourceList
    ).results.filter((s) => s.app === "folder");
  const synced = (items: number) =>
    waitUntil(`folder synced ${items} items`, async () => {
      const a = (await accounts()).find((x) => x.id === account.id);
      return a?.sync.state === "idle" && a.sync.items_synced === items && a;
    });
  const connect = (p: string) =>
    m.request("POST", "/api/t/store_integrated_id", {
      as: alice,
      json: { app_name: "folder", credentials: { path: p } },
    });

  it("refuses folders outside the allowed roots, symlinks out of them included", async () => {
    for (const p of ["/etc", path.join(root, "escape"), "relative/path", path.join(root, "missing")]) {
      const res = await connect(p);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(
        "This folder is not one Mnemo may read. Choose a folder inside an allowed root.",
      );
    }
    expect(await accounts()).toEqual([]);
  });

  it("syncs the notes with their front-matter title and tags, wiki-links kept, readable files through the extractors, dot folders and other files left out", async () => {
    const res = await connect(vault);
    expect(res.status).toBe(201);
    account = ((await res.json()) as { account: ConnectedAccount }).account;
    expect(account.title).toBe("vault");
    await synced(3);
    const saved = await notes();
    expect(saved.map((s) => [s.title, s.type]).sort()).toEqual([
      ["Anemones.md", "local_source"],
      ["Slides.pptx", "file"],
      ["Tide pools at dawn", "local_source"],
    ]);
    expect(
      saved
        .filter((s) => s.type === "local_source")
        .map((s) => s.description)
        .sort(),
    ).toEqual(["Tags: #biology", "Tags: #ocean #field-notes"]);
    const tide = saved.find((s) => s.title === "Tide pools at dawn")!;
    await waitUntil("indexed", async () => (await notes()).every((s) => s.meta.status === "success"));
    const content = await (await m.request("GET", `/api/sources/${tide.id}/content`, { as: alice })).json();
    expect(JSON.stringify(content)).toContain("See [[Anemones]]");
    // The presentation went through the file extractors: its slides' text is searchable content.
    const slides = saved.find((s) => s.title === "Slides.pptx")!;
    const text = await (await m.request("GET", `/api/sources/${slides.id}/content`, { as: alice })).json();
    expect(JSON.stringify(text).length).toBeGreaterThan(100);
  });

  it("App search filters: file types and order, picked by the server", async () => {
    const search = async (q: string) => {
      const res = await m.request("GET", `/api/search_v1/get_queried_data?app_name=folder&${q}`, {
        as: alice,
      });
      expect(res.status).toBe(200);
      const { results } = (await res.json()) as AppSearchResponse;
      return [...results.most_relevant_results, ...results.other_results];
    };
    const titles = (hits: AppSearchResult[]) => hits.map((h) => h.subject);
    const all = await search("get_last_n_results=10");
    expect(Object.fromEntries(all.map((h) => [h.subject, h.misc.file_type]))).toEqual({
      "Anemones.md": "document",
      "Slides.pptx": "presentation",
      "Tide pools at dawn": "document",
    });
    expect(titles(await search("get_last_n_results=10&file_types=presentation"))).toEqual(["Slides.pptx"]);
    expect(titles(await search("get_last_n_results=10&file_types=document")).sort()).toEqual([
      "Anemones.md",
      "Tide pools at dawn",
    ]);
    expect(await search("get_last_n_results=10&file_types=pdf,email")).toEqual([]);
    // Recent and Oldest read the same items in opposite orders.
    const recent = titles(await search("get_last_n_results=10&sort=recent"));
    expect(titles(await search("get_last_n_results=10&sort=oldest"))).toEqual([...recent].reverse());
    // A query: "anemones" is in both notes; only one of them is a presentation or a document named so.
    expect(titles(await search("query=anemones")).sort()).toEqual(["Anemones.md", "Tide pools at dawn"]);
    expect(titles(await search("query=anemones&file_types=presentation"))).toEqual([]);
    const bad = await m.request(
      "GET",
      "/api/search_v1/get_queried_data?app_name=folder&query=x&file_types=videos",
      {
        as: alice,
      },
    );
    expect(bad.status).toBe(400);
  });

  it("re-reads only a changed note, picks up a new one through the watcher, and forgets a deleted one", async () => {
    const tidePath = path.join(vault, "Field notes", "Tide pools.md");
    fs.writeFileSync(
      tidePath,
      "---\ntitle: Tide pools at dawn\n---\nAnemones close at low tide; limpets hold on.\n",
    );
    await m.request("POST", `/api/apps/sync_now?connection_id=${account.id}`, { as: alice });
    await synced(4);
    expect(await notes()).toHaveLength(3);

    // No Sync now: the folder watcher queues the sync.
    fs.writeFileSync(path.join(vault, "Limpets.md"), "Limpets clamp to rocks.\n");
    await waitUntil("the new note synced by the watcher", async () =>
      (await notes()).some((s) => s.title === "Limpets.md"),
    );

    fs.rmSync(path.join(vault, "Anemones.md"));
    await m.request("POST", `/api/apps/sync_now?connection_id=${account.id}`, { as: alice });
    await waitUntil("the deleted note's memory removed", async () =>
      (await notes()).every((s) => s.title !== "Anemones.md"),
    );
  });

  it("replaces a changed file's memory, keeping its collections and pin, and forgets a deleted file", async () => {
    const slidesPath = path.join(vault, "Field notes", "Slides.pptx");
    const before = (await notes()).find((s) => s.title === "Slides.pptx")!;
    const talks = await buildCollection(m, alice, { name: "Talks", memories: [before.id] });
    const pinned = await m.request("PUT", "/api/sources/pin", {
      as: alice,
      json: { source_id: before.id, is_pinned: true },
    });
    expect(pinned.status).toBe(200);
    const noted = await m.request("PUT", "/api/sources/note", {
      as: alice,
      json: { source_id: before.id, note: "For the Friday talk" },
    });
    expect(noted.status).toBe(200);
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(slidesPath, later, later);
    await m.request("POST", `/api/apps/sync_now?connection_id=${account.id}`, { as: alice });
    // The old memory goes, the new one is saved, then given the old one's places: read it once
    // it is indexed (the places are restored right after it is saved, before its extraction).
    const replaced = await waitUntil("the changed file saved again and indexed", async () => {
      const all = (await notes()).filter((s) => s.title === "Slides.pptx");
      return all.length === 1 && all[0]!.id !== before.id && all[0]!.meta.status === "success" && all[0];
    });
    // The new version is in the user's collection once, and still pinned.
    expect(replaced.collections).toEqual([{ collection_id: talks, collection_name: "Talks" }]);
    expect(replaced.meta.is_pinned).toBe(true);
    expect(replaced.note).toBe("For the Friday talk");
    const inTalks = (
      (await (
        await m.request("GET", `/api/sources?collection_id=${talks}&page_size=100`, { as: alice })
      ).json()) as SourceList
    ).results;
    expect(inTalks.map((s) => s.id)).toEqual([replaced.id]);

    fs.rmSync(slidesPath);
    await m.request("POST", `/api/apps/sync_now?connection_id=${account.id}`, { as: alice });
    await waitUntil("the deleted file's memory removed", async () =>
      (await notes()).every((s) => s.title !== "Slides.pptx"),
    );
  });
});

describe("Local folder without allowed roots", () => {
  it("is listed as unavailable with the reason", async () => {
    const m = await createTestMnemo("pglite");
    try {
      const { applications } = (await (
        await m.request("GET", "/api/findr/applications")
      ).json()) as ApplicationsResponse;
      expect(applications.find((a) => a.applications_id === "folder")?.unavailable_reason).toMatch(
        /APPS_FOLDER_ROOTS/,
      );
    } finally {
      await m.close();
    }
  });
});
