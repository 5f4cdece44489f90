import { describe, expect, it } from "vitest";
import { acceptedTitle, titleBoxWidthCh } from "./title";

describe("title editing", () => {
  it.each([
    ["", 12],
    ["short", 12],
    ["a".repeat(30), 32],
    ["a".repeat(200), 45],
  ])("box for %j is %i characters wide", (text, width) => {
    expect(titleBoxWidthCh(text)).toBe(width);
  });
  it("refuses blank titles and trims the rest", () => {
    expect(acceptedTitle("   ")).toBeNull();
    expect(acceptedTitle("  Report ")).toBe("Report");
  });
});
