import { describe, expect, it } from "vitest";
import {
  appBadgeOf,
  excerpt,
  extensionOf,
  fileTypeFilters,
  fileTypesFor,
  matchesApps,
  matchesFileTypes,
  sourceIconKind,
  sourceLabel,
} from "./source-label";

const s = (type: string, title: string, url: string | null = null, file_type?: string) => ({
  type,
  title,
  url,
  app: null,
  meta: { file_type },
});

describe("sourceLabel", () => {
  it.each([
    ["web page → domain without www", s("webpage", "Tesla", "https://www.tesla.com/models"), "tesla.com"],
    ["web page without url → kind", s("webpage", "x"), "Web page"],
    ["pdf file → extension", s("file", "report.pdf"), "PDF"],
    ["declared file type wins", s("file", "report", null, "docx"), "DOCX"],
    ["image → extension", s("image", "photo.PNG"), "PNG"],
    ["image without extension", s("image", "photo"), "Image"],
    ["file with a url still shows its type", s("file", "data.csv", "https://files.example.com/x"), "CSV"],
    ["page", s("page", "Untitled Page"), "Page"],
    ["canvas", s("canvas", "Board.txt"), "Canvas"],
  ])("%s", (_n, input, expected) => {
    expect(sourceLabel(input)).toBe(expected);
  });
});

describe("sourceIconKind", () => {
  it.each([
    [s("webpage", "v", "https://youtu.be/abc"), "video"],
    [s("webpage", "v", "https://www.youtube.com/watch?v=abc"), "video"],
    [s("webpage", "v", "https://example.com"), "webpage"],
    [s("file", "a.pdf"), "pdf"],
    [s("file", "a.csv"), "table"],
    [s("file", "a.svg"), "image"],
    [s("file", "a.docx"), "file"],
    [s("page", "p"), "page"],
  ])("%j → %s", (input, kind) => {
    expect(sourceIconKind(input)).toBe(kind);
  });
});

describe("extensionOf / excerpt", () => {
  it("reads extensions", () => {
    expect(extensionOf("a.tar.GZ")).toBe("gz");
    expect(extensionOf("no extension")).toBeNull();
  });
  it("cuts long notes at a word", () => {
    const out = excerpt("word ".repeat(100), 30);
    expect(out.endsWith("…")).toBe(true);
    expect(out.length).toBeLessThanOrEqual(31);
    expect(excerpt("  short\n note ")).toBe("short note");
  });
});

describe("file-type filter", () => {
  it.each([
    [["pdf"], ["pdf"]],
    [
      ["word", "excel"],
      ["docx", "xlsx"],
    ],
    [["images"], ["image", "png", "jpg", "jpeg", "webp", "gif", "bmp"]],
    [
      ["webpage", "page"],
      ["webpage", "page"],
    ],
    [["unknown"], []],
  ])("%j → %j", (ids, types) => {
    expect(fileTypesFor(ids)).toEqual(types);
  });

  it("fits the server's limit of 30 values with every choice on", () => {
    expect(fileTypesFor(fileTypeFilters.map((f) => f.id)).length).toBeLessThanOrEqual(30);
  });

  it.each([
    ["an e-mail for Mail", { app: "mail" }, ["mail"], true],
    ["an e-mail not for WebDAV", { app: "webdav" }, ["mail"], false],
    ["an upload (no app) not for Mail", { app: null }, ["mail"], false],
    ["anything without an app filter", { app: null }, [], true],
  ])("app filter: %s", (_n, source, apps, expected) => {
    expect(matchesApps(source, apps)).toBe(expected);
  });

  it.each([
    ["pdf file for PDF", { type: "file", meta: { file_type: "pdf" } }, ["pdf"], true],
    ["upper-case extension", { type: "file", meta: { file_type: "PDF" } }, ["pdf"], true],
    ["csv file not for PDF", { type: "file", meta: { file_type: "csv" } }, ["pdf"], false],
    [
      "image memory for Images",
      { type: "image", meta: { file_type: "png" } },
      fileTypesFor(["images"]),
      true,
    ],
    ["web page for Web pages", { type: "webpage", meta: {} }, ["webpage"], true],
    ["anything without a filter", { type: "canvas", meta: {} }, [], true],
    ["canvas for Canvas", { type: "canvas", meta: { file_type: "canvas" } }, fileTypesFor(["canvas"]), true],
    ["page not for Canvas", { type: "page", meta: {} }, fileTypesFor(["canvas"]), false],
    [
      "webm recording for Recordings",
      { type: "file", meta: { file_type: "webm" } },
      fileTypesFor(["recordings"]),
      true,
    ],
    [
      "MP3 upload for Recordings",
      { type: "file", meta: { file_type: "MP3" } },
      fileTypesFor(["recordings"]),
      true,
    ],
    [
      "pdf not for Recordings",
      { type: "file", meta: { file_type: "pdf" } },
      fileTypesFor(["recordings"]),
      false,
    ],
    ["RSS item for From apps", { type: "webpage", app: "rss", meta: {} }, fileTypesFor(["apps"]), true],
    [
      "WebDAV file for From apps",
      { type: "file", app: "webdav", meta: { file_type: "pdf" } },
      fileTypesFor(["apps"]),
      true,
    ],
    ["own link not for From apps", { type: "webpage", app: null, meta: {} }, fileTypesFor(["apps"]), false],
  ])("%s", (_n, source, types, expected) => {
    expect(matchesFileTypes(source, types)).toBe(expected);
  });

  it("lists Canvas, Recordings and From apps among the kinds", () => {
    expect(fileTypeFilters.filter((f) => "kind" in f).map((f) => f.label)).toEqual(
      expect.arrayContaining(["Canvas", "Recordings", "From apps"]),
    );
  });
});

describe("app badge", () => {
  const apps = new Map([
    ["rss", { name: "RSS feeds", logoUrl: "/app-logos/rss.svg" }],
    ["webdav", { name: "WebDAV", logoUrl: "/app-logos/webdav.svg" }],
  ]);
  it.each([
    ["an RSS item", { app: "rss" }, { id: "rss", name: "RSS feeds", logoUrl: "/app-logos/rss.svg" }],
    ["a WebDAV file", { app: "webdav" }, { id: "webdav", name: "WebDAV", logoUrl: "/app-logos/webdav.svg" }],
    ["an app the list does not know (yet)", { app: "gmail" }, { id: "gmail", name: "gmail", logoUrl: null }],
    ["the user's own memory", { app: null }, null],
  ])("%s", (_n, source, badge) => {
    expect(appBadgeOf(source, apps)).toEqual(badge);
  });
});
