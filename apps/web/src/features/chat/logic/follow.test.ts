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
  const mark = (top: number, height = 500) => ({ top, width: 700, height });
  const box = (scrollTop: number, scrollHeight: number, clientHeight = 500) => ({
    scrollTop,
    scrollHeight,
    clientHeight,
    clientWidth: 700,
  });
  it("keeps following when its own jump lands above an end that moved on (the answer grew)", () => {
    expect(followsAfterScroll(true, mark(400), box(900, 2000))).toBe(true);
  });
  it("stops when the reader scrolls up, and follows again back at the end", () => {
    expect(followsAfterScroll(true, mark(900), box(600, 1400))).toBe(false);
    expect(followsAfterScroll(false, mark(600), box(700, 1400))).toBe(false);
    expect(followsAfterScroll(false, mark(700), box(900, 1400))).toBe(true);
  });
  it("keeps following when the position moved up because the box changed size (a resize)", () => {
    expect(followsAfterScroll(true, mark(900, 500), box(800, 1500, 420))).toBe(true);
    expect(followsAfterScroll(true, mark(900), { ...box(700, 1600), clientWidth: 358 })).toBe(true);
    // Not following before the resize: still not following.
    expect(followsAfterScroll(false, mark(900, 500), box(800, 1500, 420))).toBe(false);
  });
});
