import { describe, expect, it } from "vitest";
import { growProgress, pickProgressCap, progressPhase } from "./progress.ts";

describe("pickProgressCap", () => {
  it.each([
    [0, 55],
    [0.5, 68],
    [0.999999, 80],
  ])("random %s gives a cap of %s %%", (r, cap) => {
    expect(pickProgressCap(() => r)).toBe(cap);
  });

  it("always lands between 55 and 80", () => {
    for (let i = 0; i <= 100; i++) {
      const cap = pickProgressCap(() => i / 100.0001);
      expect(cap).toBeGreaterThanOrEqual(55);
      expect(cap).toBeLessThanOrEqual(80);
    }
  });
});

describe("growProgress", () => {
  it("grows by a random step each tick", () => {
    expect(growProgress(10, 70, () => 0)).toBe(11);
    expect(growProgress(10, 70, () => 0.95)).toBe(20);
  });

  it("never passes the cap, however many ticks", () => {
    let p = 0;
    for (let i = 0; i < 50; i++) p = growProgress(p, 63, () => 0.99);
    expect(p).toBe(63);
  });
});

describe("progressPhase", () => {
  it.each([
    ["idle", "waiting"],
    ["uploading", "growing"],
    ["indexing", "complete"],
    ["success", "complete"],
    ["errored", "waiting"],
  ])("%s → %s", (status, phase) => {
    expect(progressPhase(status)).toBe(phase);
  });
});
