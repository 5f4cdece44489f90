import { describe, expect, it } from "vitest";
import {
  decodeText,
  extensionOf,
  looksBinary,
  markdownTable,
  markdownToText,
  titleFrom,
} from "./text-utils.ts";

const bytes = (...values: number[]) => new Uint8Array(values);
const utf8 = (s: string) => new TextEncoder().encode(s);

describe("looksBinary", () => {
  it.each([
    ["plain ASCII", utf8("hello world\n"), false],
    ["UTF-8 accents", utf8("crème brûlée, naïve café"), false],
    ["empty", bytes(), false],
    ["a NUL byte", bytes(0x68, 0x00, 0x69), true],
    ["mostly control characters", bytes(1, 2, 3, 4, 5, 6, 7, 65), true],
    ["UTF-16 with a BOM", bytes(0xff, 0xfe, 0x68, 0x00, 0x69, 0x00), false],
  ])("%s", (_label, input, expected) => expect(looksBinary(input)).toBe(expected));
});

describe("decodeText", () => {
  it.each([
    ["UTF-8 with BOM", bytes(0xef, 0xbb, 0xbf, 0x61, 0xc3, 0xa9), "aé"],
    ["UTF-16LE with BOM", bytes(0xff, 0xfe, 0x61, 0x00, 0xe9, 0x00), "aé"],
    ["Windows-1252 when not UTF-8", bytes(0x63, 0x61, 0x66, 0xe9), "café"],
  ])("%s", (_label, input, expected) => expect(decodeText(input)).toBe(expected));
});

describe("markdownTable", () => {
  it("uses the first row as header, pads short rows and escapes pipes", () => {
    expect(markdownTable([["a", "b"], ["1|2"], ["x\ny", "z"]])).toBe(
      "| a | b |\n| --- | --- |\n| 1\\|2 |  |\n| x y | z |",
    );
  });
  it("is empty without rows", () => expect(markdownTable([])).toBe(""));
});

describe("markdownToText", () => {
  it.each([
    ["# Title\n\nSome **bold** and _it_ text", "Title\n\nSome bold and it text"],
    ["| A | B |\n| --- | --- |\n| 1 | 2 |", "A\tB\n1\t2"],
    ["See [the docs](https://x.test) and ![logo](a.png)", "See the docs and logo"],
    ["> **Note:** quoted", "Note: quoted"],
  ])("%j", (input, expected) => expect(markdownToText(input)).toBe(expected));
});

describe("titleFrom and extensionOf", () => {
  it.each([
    ["text\n# Heading", "x.md", "Heading"],
    ["\n\nFirst line\nsecond", "x.txt", "First line"],
    ["", "reports/annual.2024.pdf", "annual.2024"],
  ])("%j from %s", (md, name, expected) => expect(titleFrom(md, name)).toBe(expected));
  it.each([
    ["Report.PDF", "pdf"],
    ["archive.tar.gz", "gz"],
    [".env", ""],
    ["noext", ""],
  ])("%s → %j", (name, expected) => expect(extensionOf(name)).toBe(expected));
});
