import { describe, expect, it } from "vitest";
import { jsonDepthWithin } from "./json-depth.ts";

function nested(depth: number): unknown {
  let v: unknown = "leaf";
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { children: v };
  return v;
}

describe("jsonDepthWithin", () => {
  it.each([
    ["a scalar", "text", 0, true],
    ["null", null, 0, true],
    ["an empty array", [], 1, true],
    ["an empty array at max 0", [], 0, false],
    ["three levels at max 3", nested(3), 3, true],
    ["four levels at max 3", nested(4), 3, false],
    ["a wide shallow value", Array.from({ length: 10_000 }, (_, i) => ({ i })), 2, true],
  ])("%s", (_label, value, max, expected) => {
    expect(jsonDepthWithin(value, max)).toBe(expected);
  });

  it("measures a value far deeper than the call stack", () => {
    expect(jsonDepthWithin(nested(200_000), 100)).toBe(false);
  });
});
