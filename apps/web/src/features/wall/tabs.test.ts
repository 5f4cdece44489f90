import { describe, expect, it } from "vitest";
import { parseWallTab } from "./tabs.ts";

describe("parseWallTab", () => {
  it.each([
    [null, "everything"],
    ["", "everything"],
    ["everything", "everything"],
    ["mindmap", "mindmap"],
    ["canvas", "canvas"],
    ["pages", "pages"],
    ["shared", "shared"],
    ["pinned", "pinned"],
    ["Pages", "everything"],
    ["unknown", "everything"],
  ])("tab=%s shows %s", (input, expected) => {
    expect(parseWallTab(input)).toBe(expected);
  });
});
