import type { Logger } from "../logger.ts";
import { sampleMemory, type MemorySample } from "../lib/memory.ts";

/** Heavy jobs pause when RSS reaches this share of the limit… */
export const PAUSE_AT = 0.85;
/** …and resume once it is back under this share (a gap, so the worker does not flap). */
export const RESUME_BELOW = 0.7;

export type GuardState = "ok" | "near_limit";

/** The guard's next state for a sample of RSS against the limit (hysteresis between the two marks). */
export function nextGuardState(state: GuardState, rssMb: number, limitMb: number): GuardState {
  if (state === "ok") return rssMb >= limitMb * PAUSE_AT ? "near_limit" : "ok";
  return rssMb < limitMb * RESUME_BELOW ? "ok" : "near_limit";
}

/**
 * How many heavy jobs (fetching and extracting) one worker runs at once under `limitMb`: each
 * can hold a page or a file and its parsed tree (tens of MB), and the process at rest takes about
 * 250 MB, so a small machine runs them one at a time.
 */
export function heavyConcurrency(limitMb: number | undefined, configured: number): number {
  if (limitMb === undefined) return configured;
  return limitMb < 1024 ? 1 : configured;
}

export type MemoryGuardOptions = {
  /** MEMORY_LIMIT_MB (or the cgroup's); undefined: only the `memory` debug line is logged. */
  limitMb: number | undefined;
  /** The part of the job queue the guard drives (kept narrow: the queue imports this module). */
  queue: { pauseHeavy(): Promise<void> | void; resumeHeavy(): Promise<void> | void };
  log: Logger;
  /** PGlite's WebAssembly heap size (embedded mode), for the breakdown. */
  wasmBytes?: () => number;
  intervalMs?: number;
  sample?: (wasmBytes: number) => MemorySample;
};

/**
 * Samples this process's memory every few seconds: logs the breakdown at debug level (`memory`,
 * read by `bench footprint`) and, with a limit, pauses the heavy job queues near it and resumes
 * them once memory is back down, saying so at warn/info level.
 */
export function startMemoryGuard(opts: MemoryGuardOptions): { stop(): void; check(): Promise<void> } {
  const sample = opts.sample ?? sampleMemory;
  let state: GuardState = "ok";
  let checking = false;
  const check = async () => {
    if (checking) return;
    checking = true;
    try {
      const m = sample(opts.wasmBytes?.() ?? 0);
      opts.log.debug({ ...m, limit_mb: opts.limitMb ?? null }, "memory");
      if (opts.limitMb === undefined) return;
      const next = nextGuardState(state, m.rss_mb, opts.limitMb);
      if (next === state) return;
      state = next;
      if (next === "near_limit") {
        opts.log.warn(
          { rss_mb: m.rss_mb, limit_mb: opts.limitMb },
          "memory near the limit: heavy jobs (fetching, extraction) paused until it frees up",
        );
        await opts.queue.pauseHeavy();
      } else {
        opts.log.info(
          { rss_mb: m.rss_mb, limit_mb: opts.limitMb },
          "memory back under the limit: heavy jobs resumed",
        );
        await opts.queue.resumeHeavy();
      }
    } catch (err) {
      opts.log.warn({ err }, "the memory guard could not act");
    } finally {
      checking = false;
    }
  };
  const timer = setInterval(() => void check(), opts.intervalMs ?? 2000);
  timer.unref();
  return { stop: () => clearInterval(timer), check };
}
