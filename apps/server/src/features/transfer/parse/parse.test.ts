import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { zipSync, strToU8 } from "fflate";
import { zipFolder } from "../test-helpers.ts";
import { describe, expect, it } from "vitest";
import { parseImportFile } from "./index.ts";
import type { ImportPlan } from "./types.ts";

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), "../fixtures");
const file = (name: string) => new Uint8Array(fs.readFileSync(path.join(dir, name)));

function parsed(bytes: Uint8Array, fileName: string): ImportPlan {
  const r = parseImportFile({ bytes, fileName, format: "auto" });
  if (!r.ok) throw new Error(r.message);
  return r.plan;
}

describe("import parsers read real exports", () => {
  it("reads a Chrome bookmarks file: folders become collections, container roots do not", () => {
    const plan = parsed(file("chrome-bookmarks.html"), "bookmarks.html");
    expect(plan.format).toBe("bookmarks_html");
    expect(plan.items.map((i) => i.url)).toEqual([
      "https://example.com/start",
      "https://blog.example.org/rust-ownership",
      "https://papers.example.net/attention",
      "https://news.example.com/item?id=42",
      "https://food.example.com/bread",
    ]);
    expect(plan.collections.map((c) => c.name)).toEqual(["Reading", "Reading / Papers", "Recipes"]);
    const rust = plan.items[1]!;
    expect(rust.title).toBe("Rust ownership & borrowing");
    expect(rust.tags).toEqual(["rust", "memory"]);
    expect(rust.description).toContain("A gentle guide to the borrow checker");
    expect(rust.collections).toEqual(["reading"]);
    expect(rust.createdAt).toBe(new Date(1700000004 * 1000).toISOString());
    expect(plan.items[0]!.collections).toEqual([]);
    expect(plan.errors).toEqual([{ item: "Bookmarklet", message: "Not a web link; skipped." }]);
  });

  it("reads Pocket, Raindrop and Readwise CSV exports", () => {
    const pocket = parsed(file("pocket.csv"), "part_000000.csv");
    expect(pocket.format).toBe("pocket");
    expect(pocket.items).toHaveLength(3);
    expect(pocket.items[0]!.tags).toEqual(["research", "reading"]);

    const raindrop = parsed(file("raindrop.csv"), "export.csv");
    expect(raindrop.format).toBe("raindrop");
    expect(raindrop.items.map((i) => i.title)).toEqual([
      "Designing Data-Intensive Applications",
      "SQLite is not a toy",
    ]);
    expect(raindrop.collections.map((c) => c.name)).toEqual(["Books", "Databases"]);
    expect(raindrop.items[0]!.note).toContain("Chapter 5 is key");
    expect(raindrop.errors).toEqual([{ item: "row 4", message: "No URL; skipped." }]);

    const readwise = parsed(file("readwise-highlights.csv"), "readwise-data.csv");
    expect(readwise.format).toBe("readwise");
    expect(readwise.items.map((i) => [i.kind, i.title])).toEqual([
      ["note", "Dealers of Lightning"],
      ["note", "Programming Proverbs"],
    ]);
    expect(readwise.items[0]!.markdown).toContain("> The best way to predict the future is to invent it.");
    expect(readwise.items[0]!.markdown).toContain("Alan Kay");
  });

  it("reads Karakeep and Omnivore JSON", () => {
    const k = parsed(file("karakeep.json"), "karakeep-export.json");
    expect(k.format).toBe("karakeep");
    expect(k.items.map((i) => i.kind)).toEqual(["link", "note"]);
    expect(k.items[1]!.markdown).toContain("TLS certificate");
    expect(k.errors).toHaveLength(1);
    const o = parsed(file("omnivore.json"), "metadata_0_to_20.json");
    expect(o.format).toBe("omnivore");
    expect(o.items[0]!.tags).toEqual(["crdt", "sync"]);
    const zipped = parsed(zipSync({ "metadata_0_to_20.json": file("omnivore.json") }), "omnivore.zip");
    expect(zipped.format).toBe("omnivore");
    expect(zipped.items).toHaveLength(2);
  });

  it("reads an Obsidian vault: front matter, tags, wiki-links, attachments, folders", () => {
    const plan = parsed(zipFolder("obsidian-vault"), "vault.zip");
    expect(plan.format).toBe("markdown");
    const garden = plan.items.find((i) => i.title === "Garden plan")!;
    expect(garden.tags).toEqual(["gardening", "spring", "outdoors"]);
    expect(garden.markdown).toContain("![tomatoes.png](tomatoes.png)");
    expect(garden.markdown).toContain("[[Welcome]]");
    expect(garden.collections).toEqual(["projects"]);
    expect(plan.items.find((i) => i.title === "Welcome")!.collections).toEqual([]);
    const image = plan.items.find((i) => i.kind === "file")!;
    expect(image).toMatchObject({ type: "image", title: "tomatoes.png", collections: ["attachments"] });
    expect(plan.items.some((i) => i.ref.includes(".obsidian"))).toBe(false);
  });

  it("reads a Notion export: ids dropped from names, first heading as title", () => {
    const plan = parsed(zipFolder("notion-export"), "Export-abc.zip");
    expect(plan.format).toBe("notion");
    expect(plan.items.map((i) => i.title).sort()).toEqual(["Onboarding", "Team Wiki", "handbook.txt"]);
    expect(plan.collections.map((c) => c.name)).toEqual(["Team Wiki"]);
    expect(plan.items.find((i) => i.title === "Onboarding")!.markdown).not.toMatch(/^# Onboarding/);
  });

  it("ends a bad file with one clear message and nothing planned", () => {
    const fail = (bytes: Uint8Array, name: string) => {
      const r = parseImportFile({ bytes, fileName: name, format: "auto" });
      expect(r.ok).toBe(false);
      return r.ok ? "" : r.message;
    };
    expect(fail(strToU8("{ not json"), "export.json")).toMatch(/could not be read/);
    expect(fail(file("../../../test/fixtures/files/multipage.pdf"), "x.pdf")).toMatch(
      /not a format Mnemo can import/,
    );
    expect(fail(new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3]), "x.zip")).toMatch(/could not be read/);
    const bomb = zipSync({ "a.md": new Uint8Array(64 << 20) }, { level: 9 });
    expect(fail(bomb, "bomb.zip")).toMatch(/inflates far beyond/);
    expect(fail(new Uint8Array(), "empty.csv")).toMatch(/nothing to import/);
    const many = `<DL>${'<DT><A HREF="https://e.example/x">x</A>'.repeat(11)}</DL>`;
    const r = parseImportFile({
      bytes: strToU8(many),
      fileName: "b.html",
      format: "auto",
      limits: { maxItems: 10 },
    });
    expect(r).toMatchObject({ ok: false, code: "too_many" });
  });
});
