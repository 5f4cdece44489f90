import { describe, expect, it } from "vitest";
import { textSlices } from "./text-slices.ts";

describe("textSlices", () => {
  it("cuts a text into slices that join back to it", () => {
    const text = "abcdefghij".repeat(7);
    const slices = textSlices(text, 16);
    expect(slices.map((s) => s.length)).toEqual([16, 16, 16, 16, 6]);
    expect(slices.join("")).toBe(text);
    expect(textSlices("", 16)).toEqual([]);
  });

  it("never cuts a character outside the Basic Multilingual Plane in two", () => {
    const text = "ab😀cd😀😀e".repeat(50);
    for (const size of [2, 3, 4, 5, 7]) {
      const slices = textSlices(text, size);
      expect(slices.join("")).toBe(text);
      for (const s of slices) {
        expect(s.length).toBeLessThanOrEqual(size);
        // Each slice is well-formed UTF-16 on its own: it survives a UTF-8 round trip.
        expect(new TextDecoder().decode(new TextEncoder().encode(s))).toBe(s);
      }
    }
  });
});
