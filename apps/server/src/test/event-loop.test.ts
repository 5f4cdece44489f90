import { describe, expect, it } from "vitest";
import { collectGarbage } from "../platform/lib/memory.ts";
import { pausedWithin, watchEventLoop } from "./event-loop.ts";

describe("the event-loop watch of the stall checks", () => {
  it("reports work that keeps the thread busy, such as a parse on the event loop", async () => {
    const watched = await watchEventLoop(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      // 150 ms of this thread's CPU (not of the wall clock: on a busy machine the OS may take
      // the CPU away meanwhile, which is not the thread's own work).
      const cpu = () => process.threadCpuUsage().user / 1000;
      const from = cpu();
      let n = 0;
      while (cpu() - from < 150) n++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return n;
    });
    expect(watched.result).toBeGreaterThan(0);
    expect(watched.maxBlockedMs).toBeGreaterThan(120);
  });

  it("does not count time spent waiting, and leaves garbage-collection pauses to maxGcPauseMs", async () => {
    // A heap worth collecting: a full collection of it takes tens of milliseconds.
    const kept = Array.from({ length: 1_500_000 }, (_, i) => ({ i, s: `x${i}` }));
    const watched = await watchEventLoop(async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      collectGarbage();
      await new Promise((resolve) => setTimeout(resolve, 20));
      return kept.length;
    });
    expect(watched.maxGcPauseMs).toBeGreaterThan(5);
    expect(watched.maxBlockedMs).toBeLessThan(watched.maxGcPauseMs);
    expect(watched.maxBlockedMs).toBeLessThan(50);
  });

  it("takes from a gap only the part of each pause inside it", () => {
    const pauses = [
      { start: 0, end: 10 },
      { start: 95, end: 130 },
    ];
    expect(pausedWithin({ from: 100, to: 200 }, pauses)).toBe(30);
    expect(pausedWithin({ from: 5, to: 100 }, pauses)).toBe(10);
    expect(pausedWithin({ from: 20, to: 90 }, pauses)).toBe(0);
    // A step reported inside a longer pause is not counted twice.
    const nested = [
      { start: 100, end: 180 },
      { start: 120, end: 140 },
      { start: 170, end: 190 },
    ];
    expect(pausedWithin({ from: 90, to: 200 }, nested)).toBe(90);
  });
});
