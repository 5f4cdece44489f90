import { describe, expect, it } from "vitest";
import { parseRange } from "./range.ts";

describe("parseRange", () => {
  it("serves the whole body without a header or with one it does not serve", () => {
    for (const h of [undefined, "", "items=0-5", "bytes=0-1,4-5", "bytes=abc", "bytes=-", "bytes=9-3"])
      expect(parseRange(h, 100)).toEqual({ kind: "whole" });
  });
  it("reads a first-last, an open-ended and a suffix range, clipped to the body", () => {
    expect(parseRange("bytes=0-9", 100)).toEqual({ kind: "partial", start: 0, end: 9 });
    expect(parseRange("bytes=50-", 100)).toEqual({ kind: "partial", start: 50, end: 99 });
    expect(parseRange("bytes=90-500", 100)).toEqual({ kind: "partial", start: 90, end: 99 });
    expect(parseRange("bytes=-10", 100)).toEqual({ kind: "partial", start: 90, end: 99 });
    expect(parseRange("bytes=-500", 100)).toEqual({ kind: "partial", start: 0, end: 99 });
  });
  it("answers unsatisfiable for a range past the end or an empty suffix", () => {
    expect(parseRange("bytes=100-", 100)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=200-300", 100)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=-0", 100)).toEqual({ kind: "unsatisfiable" });
    expect(parseRange("bytes=0-", 0)).toEqual({ kind: "unsatisfiable" });
  });
});
