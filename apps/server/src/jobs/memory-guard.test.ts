import { describe, expect, it } from "vitest";
import pino from "pino";
import type { MemorySample } from "../lib/memory.ts";
import { heavyConcurrency, nextGuardState, startMemoryGuard, type GuardState } from "./memory-guard.ts";

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

describe("startMemoryGuard", () => {
  it("pauses heavy jobs near the limit, resumes once memory is down, and says so in the logs", async () => {
    const calls: string[] = [];
    const queue = {
      pauseHeavy: async () => void calls.push("pause"),
      resumeHeavy: async () => void calls.push("resume"),
    };
    const { log, lines } = logCapture();
    const rss = [400, 880, 800, 650, 500];
    let i = 0;
    const guard = startMemoryGuard({
      limitMb: 1000,
      queue,
      log,
      intervalMs: 3_600_000,
      sample: () => sampleOf(rss[i++]),
    });
    for (let k = 0; k < rss.length; k++) await guard.check();
    guard.stop();
    expect(calls).toEqual(["pause", "resume"]);
    expect(lines.filter((l) => l.msg === "memory")).toHaveLength(5);
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

  it("without a limit only logs the breakdown", async () => {
    const calls: string[] = [];
    const queue = {
      pauseHeavy: async () => void calls.push("pause"),
      resumeHeavy: async () => void calls.push("resume"),
    };
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
