import { describe, expect, it } from "vitest";
import { isAtBottom } from "./follow";

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
