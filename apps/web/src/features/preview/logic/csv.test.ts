import { describe, expect, it } from "vitest";
import { decodeBase64Utf8, parseCsv } from "./csv";

describe("parseCsv", () => {
  it.each([
    [
      "simple rows",
      "a,b\n1,2\n",
      [
        ["a", "b"],
        ["1", "2"],
      ],
    ],
    [
      "CRLF and no final newline",
      "a,b\r\n1,2",
      [
        ["a", "b"],
        ["1", "2"],
      ],
    ],
    [
      "quoted separator and newline",
      'name,quote\n"Smith, J","line1\nline2"\n',
      [
        ["name", "quote"],
        ["Smith, J", "line1\nline2"],
      ],
    ],
    ["doubled quotes", 'a\n"say ""hi"""\n', [["a"], ['say "hi"']]],
    [
      "semicolon files",
      "x;y\n1;2\n",
      [
        ["x", "y"],
        ["1", "2"],
      ],
    ],
    [
      "tab files",
      "x\ty\n1\t2\n",
      [
        ["x", "y"],
        ["1", "2"],
      ],
    ],
    ["empty fields kept", "a,,c\n", [["a", "", "c"]]],
    ["blank lines skipped", "a\n\nb\n", [["a"], ["b"]]],
    ["byte order mark dropped", "\uFEFFa,b\n", [["a", "b"]]],
  ])("parses %s", (_name, input, expected) => {
    expect(parseCsv(input).rows).toEqual(expected);
  });

  it("cuts long files and says so", () => {
    const input = Array.from({ length: 50 }, (_, i) => `${i},x`).join("\n");
    const out = parseCsv(input, 10);
    expect(out.rows).toHaveLength(10);
    expect(out.truncated).toBe(true);
    expect(parseCsv("a\nb\n", 10).truncated).toBe(false);
  });
});

describe("decodeBase64Utf8", () => {
  it("keeps non-ASCII text", () => {
    const b64 = Buffer.from("Zürich,東京", "utf8").toString("base64");
    expect(decodeBase64Utf8(b64)).toBe("Zürich,東京");
  });
});
