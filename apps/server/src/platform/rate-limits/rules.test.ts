import { describe, expect, it } from "vitest";
import { lockoutSeconds, tooManyMessage } from "./rules.ts";

describe("lockoutSeconds", () => {
  it.each([
    [0, 0],
    [4, 0],
    [5, 30],
    [6, 60],
    [7, 120],
    [11, 1920],
    [12, 3600],
    [50, 3600],
  ])("after %i failures → %i s", (failures, seconds) => {
    expect(lockoutSeconds(failures)).toBe(seconds);
  });
});

describe("tooManyMessage", () => {
  it.each([
    [1, "Too many attempts. Please try again in 1 seconds."],
    [90, "Too many attempts. Please try again in 90 seconds."],
    [600, "Too many attempts. Please try again in 10 minutes."],
  ])("%i s", (sec, message) => {
    expect(tooManyMessage(sec)).toBe(message);
  });
});
