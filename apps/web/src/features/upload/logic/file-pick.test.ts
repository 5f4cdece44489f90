import { describe, expect, it } from "vitest";
import { dropHasFolder, nameToBase64, uploadSourceType, validateFilePick } from "./file-pick.ts";

const MB = 1024 * 1024;
const f = (name: string, sizeMb = 1) => ({ name, size: sizeMb * MB, type: "" });

describe("validateFilePick", () => {
  it("accepts supported files", () => {
    const r = validateFilePick([f("a.pdf"), f("b.docx"), f("c.PNG")], { existing: [], limitMb: 100 });
    expect(r.accepted.map((x) => x.name)).toEqual(["a.pdf", "b.docx", "c.PNG"]);
    expect(r.errors).toEqual([]);
    expect(r.warnings).toEqual([]);
  });

  it("refuses unknown types (naming each file, issue 41) and non-ASCII names with the spec's messages", () => {
    const r = validateFilePick([f("setup.exe"), f("noext"), f("résumé.pdf")], { existing: [], limitMb: 100 });
    expect(r.accepted).toEqual([]);
    expect(r.errors).toEqual([
      "Upload failed, invalid file type: setup.exe.",
      "Upload failed, invalid file type: noext.",
      "Failed to upload résumé.pdf. Filename contains invalid ASCII characters.",
    ]);
  });

  it("drops duplicates by name, within the pick and against listed files", () => {
    const r = validateFilePick([f("a.pdf"), f("a.pdf"), f("b.pdf")], {
      existing: [f("b.pdf")],
      limitMb: 100,
    });
    expect(r.accepted.map((x) => x.name)).toEqual(["a.pdf"]);
    expect(r.warnings).toEqual([]);
  });

  it("keeps at most 10 per pick and says how many were discarded", () => {
    const picked = Array.from({ length: 13 }, (_, i) => f(`f${i}.txt`, 0.1));
    const r = validateFilePick(picked, { existing: [], limitMb: 100 });
    expect(r.accepted).toHaveLength(10);
    expect(r.warnings).toEqual([
      "10 files queued for upload. 3 files were discarded. Only 10 files can be uploaded at a time.",
    ]);
  });

  it("discards files that would pass the total size limit, counting files already listed", () => {
    const r = validateFilePick([f("a.pdf", 10), f("b.pdf", 20), f("c.pdf", 4)], {
      existing: [f("old.pdf", 12)],
      limitMb: 25,
    });
    expect(r.accepted.map((x) => x.name)).toEqual(["a.pdf"]);
    expect(r.warnings).toEqual([
      "b.pdf was discarded as it would exceed the 25MB total size limit.",
      "c.pdf was discarded as it would exceed the 25MB total size limit.",
    ]);
  });
});

describe("helpers", () => {
  it("encodes UTF-8 names in base64", () => {
    expect(nameToBase64("report.pdf")).toBe("cmVwb3J0LnBkZg==");
  });
  it("uploads pictures as image and the rest as file", () => {
    expect(uploadSourceType("scan.JPG")).toBe("image");
    expect(uploadSourceType("notes.md")).toBe("file");
  });
});

describe("dropHasFolder", () => {
  const entry = (isDirectory: boolean) => ({ webkitGetAsEntry: () => ({ isDirectory }) });
  it.each([
    [[entry(false), entry(false)], false],
    [[entry(false), entry(true)], true],
    [[{ webkitGetAsEntry: () => null }], false],
    [[{}], false],
  ])("%#", (items, expected) => {
    expect(dropHasFolder(items)).toBe(expected);
  });
});
