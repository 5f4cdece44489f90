import { describe, expect, it } from "vitest";
import { excerpt, extensionOf, plainSnippet, sourceIconKind, sourceLabel } from "./source-label";

const s = (type: string, title: string, url: string | null = null, file_type?: string) => ({ type, title, url, app: null, meta: { file_type } });

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

describe("plainSnippet", () => {
  it.each([
    ["| City | Country |\n| --- | --- |\n| Reykjavik | Iceland |", "City Country Reykjavik Iceland"],
    ["## Page 1\n\nNorthern **Rail** report", "Page 1 Northern Rail report"],
    ["See [the guide](https://x.test) and ![img](a.png) now", "See the guide and now"],
    ["> quoted `code` ~~gone~~", "quoted code gone"],
  ])("%j → %j", (md, plain) => {
    expect(plainSnippet(md)).toBe(plain);
  });
});
