import { describe, expect, it } from "vitest";
import pino from "pino";
import type { MemorySample } from "../lib/memory.ts";
import {
  heavyConcurrency,
  nextGuardState,
  sandboxConcurrency,
  startMemoryGuard,
  type GuardState,
} from "./memory-guard.ts";

describe("nextGuardState (limit 1000 MB: pause at 850, resume under 700)", () => {
  it.each<[GuardState, number, GuardState]>([
    ["ok", 600, "ok"],
    ["ok", 849, "ok"],
    ["ok", 850, "near_limit"],
    ["ok", 1200, "near_limit"],
    ["near_limit", 849, "near_limit"],
    ["near_limit", 700, "near_limit"],
    ["near_limit", 699, "ok"],
  ])("%s at %i MB → %s", (state, rss, next) => {
    expect(nextGuardState(state, rss, 1000)).toBe(next);
  });
});

describe("heavyConcurrency", () => {
  it.each<[number | undefined, number, number]>([
    [undefined, 2, 2],
    [512, 2, 1],
    [1023, 2, 1],
    [1024, 2, 2],
    [4096, 3, 3],
  ])("limit %s MB, configured %i → %i", (limit, configured, n) => {
    expect(heavyConcurrency(limit, configured)).toBe(n);
  });
});

describe("sandboxConcurrency (sandboxed extraction processes at once)", () => {
  it.each<[number | undefined, number, number]>([
    // 2 cores: the server's event loop takes one, a second sandbox would only wait for a core.
    [undefined, 2, 1],
    [4096, 2, 1],
    // More cores: as many as configured unless the memory limit is small.
    [undefined, 4, 2],
    [4096, 4, 2],
    [512, 8, 1],
  ])("limit %s MB on %i cores → %i", (limit, cores, n) => {
    expect(sandboxConcurrency(limit, 2, cores)).toBe(n);
  });
});

function logCapture() {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level: "debug" }, { write: (s: string) => lines.push(JSON.parse(s)) });
  return { log, lines };
}

const sampleOf = (rss: number): MemorySample => ({
  rss_mb: rss,
  heap_used_mb: 40,
  heap_total_mb: 60,
  wasm_mb: 128,
  array_buffers_mb: 1,
  external_mb: 130,
});

/** A queue that records the guard's pause and resume calls in `calls`. */
const recordingQueue = (calls: string[]) => ({
  pauseHeavy: async () => void calls.push("pause"),
  resumeHeavy: async () => void calls.push("resume"),
});

describe("startMemoryGuard", () => {
  it("pauses heavy jobs near the limit, resumes once memory is down, and says so in the logs", async () => {
    const calls: string[] = [];
    const queue = recordingQueue(calls);
    const { log, lines } = logCapture();
    let rss = 0;
    const guard = startMemoryGuard({
      limitMb: 1000,
      queue,
      log,
      intervalMs: 3_600_000,
      sample: () => sampleOf(rss),
      // Nothing to collect: memory stays where it is.
      collect: () => void calls.push("gc"),
    });
    for (rss of [400, 880, 800, 650, 500]) await guard.check();
    guard.stop();
    expect(calls).toEqual(["gc", "pause", "resume"]);
    // One line a check, and one more after the collection.
    expect(lines.filter((l) => l.msg === "memory")).toHaveLength(6);
    expect(lines.find((l) => l.level === 40)).toMatchObject({
      rss_mb: 880,
      limit_mb: 1000,
      msg: "memory near the limit: heavy jobs (fetching, extraction) paused until it frees up",
    });
    expect(lines.find((l) => l.level === 30)).toMatchObject({
      rss_mb: 650,
      msg: expect.stringMatching(/resumed/),
    });
  });

  it("collects garbage before pausing, and does not pause when that brings memory under the mark", async () => {
    const calls: string[] = [];
    const queue = recordingQueue(calls);
    const { log, lines } = logCapture();
    let rss = 880;
    const guard = startMemoryGuard({
      limitMb: 1000,
      queue,
      log,
      intervalMs: 3_600_000,
      sample: () => sampleOf(rss),
      // Most of what was resident was garbage.
      collect: () => {
        calls.push("gc");
        rss = 620;
      },
    });
    await guard.check();
    guard.stop();
    expect(calls).toEqual(["gc"]);
    expect(lines.filter((l) => l.level === 40)).toEqual([]);
    expect(lines.at(-1)).toMatchObject({ msg: "memory", rss_mb: 620, after_gc: true });
  });

  it("counts its sandboxed processes for garbage collections, and ends the idle ones when it pauses", async () => {
    const calls: string[] = [];
    const queue = recordingQueue(calls);
    const { log, lines } = logCapture();
    let rss = 500;
    let clock = 0;
    const guard = startMemoryGuard({
      limitMb: 1000,
      queue,
      log,
      intervalMs: 3_600_000,
      // The server alone is at half the limit; with a sandbox reading pages it is at 80 %.
      sample: () => sampleOf(rss),
      childrenMb: () => 300,
      releaseIdle: () => void calls.push("release idle sandboxes"),
      collect: () => void calls.push("gc"),
      now: () => clock,
    });
    await guard.check();
    expect(calls).toEqual(["gc"]);
    expect(lines[0]).toMatchObject({ msg: "memory", rss_mb: 500, children_mb: 300, used_mb: 800 });
    // The server itself near the limit: a collection first, then the pause.
    clock = 20_000;
    rss = 900;
    await guard.check();
    guard.stop();
    expect(calls).toEqual(["gc", "gc", "pause", "release idle sandboxes"]);
    expect(lines.find((l) => l.level === 40)).toMatchObject({
      rss_mb: 900,
      children_mb: 300,
      limit_mb: 1000,
    });
  });

  it("collects garbage from 75 % of the limit, at most every 10 s, without pausing", async () => {
    const calls: string[] = [];
    const queue = recordingQueue(calls);
    const { log } = logCapture();
    let rss = 780;
    let clock = 0;
    const guard = startMemoryGuard({
      limitMb: 1000,
      queue,
      log,
      intervalMs: 3_600_000,
      sample: () => sampleOf(rss),
      collect: () => void calls.push(`gc at ${clock / 1000} s`),
      now: () => clock,
    });
    for (const [t, mb] of [
      [0, 780],
      [5_000, 790],
      [10_000, 800],
      [30_000, 700],
    ]) {
      clock = t;
      rss = mb;
      await guard.check();
    }
    guard.stop();
    expect(calls).toEqual(["gc at 0 s", "gc at 10 s"]);
  });

  it("without a limit only logs the breakdown", async () => {
    const calls: string[] = [];
    const queue = recordingQueue(calls);
    const { log, lines } = logCapture();
    const guard = startMemoryGuard({
      limitMb: undefined,
      queue,
      log,
      intervalMs: 3_600_000,
      sample: () => sampleOf(5000),
    });
    await guard.check();
    guard.stop();
    expect(calls).toEqual([]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: "memory", rss_mb: 5000, wasm_mb: 128, limit_mb: null });
  });
});
