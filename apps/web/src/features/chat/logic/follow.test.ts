import { describe, expect, it } from "vitest";
import { followsAfterScroll, isAtBottom } from "./follow";

describe("isAtBottom", () => {
  it.each([
    { scrollTop: 0, scrollHeight: 500, clientHeight: 500, at: true }, // nothing to scroll
    { scrollTop: 500, scrollHeight: 1000, clientHeight: 500, at: true }, // exactly at the end
    { scrollTop: 460, scrollHeight: 1000, clientHeight: 500, at: true }, // within the slack
    { scrollTop: 451, scrollHeight: 1000, clientHeight: 500, at: false }, // one pixel past it
    { scrollTop: 0, scrollHeight: 2000, clientHeight: 500, at: false }, // scrolled to the top
  ])("$scrollTop/$scrollHeight/$clientHeight → $at", ({ at, ...box }) => {
    expect(isAtBottom(box, 48)).toBe(at);
  });
});

describe("followsAfterScroll", () => {
  it("keeps following when its own jump lands above an end that moved on (the answer grew)", () => {
    expect(followsAfterScroll(true, 400, { scrollTop: 900, scrollHeight: 2000, clientHeight: 500 })).toBe(
      true,
    );
  });
  it("stops when the reader scrolls up, and follows again back at the end", () => {
    expect(followsAfterScroll(true, 900, { scrollTop: 600, scrollHeight: 1400, clientHeight: 500 })).toBe(
      false,
    );
    expect(followsAfterScroll(false, 600, { scrollTop: 700, scrollHeight: 1400, clientHeight: 500 })).toBe(
      false,
    );
    expect(followsAfterScroll(false, 700, { scrollTop: 900, scrollHeight: 1400, clientHeight: 500 })).toBe(
      true,
    );
  });
});
