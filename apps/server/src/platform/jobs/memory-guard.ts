import type { Logger } from "../logger.ts";
import os from "node:os";
import { collectGarbage, sampleMemory, type MemorySample } from "../lib/memory.ts";

/** Heavy jobs pause when memory reaches this share of the limit… */
export const PAUSE_AT = 0.85;
/** …and resume once it is back under this share (a gap, so the worker does not flap). */
export const RESUME_BELOW = 0.7;
/**
 * From this share on, the guard runs a full garbage collection (at most every `GC_EVERY_MS`):
 * V8 collects lazily while its heap is far from its own limit, and during an import or a burst of
 * ingestion half of the server's heap was garbage (heap used 128–151 MB, 66–83 MB of it live).
 */
export const COLLECT_AT = 0.75;
export const GC_EVERY_MS = 10_000;

export type GuardState = "ok" | "near_limit";

/**
 * The guard's next state for the server's RSS against the limit (hysteresis between the two
 * marks). Its sandboxed processes are not counted here: ended when idle, they would make the
 * guard flap (a server at ~340 MB under 512 is under the resume mark alone and over the pause mark
 * with one sandbox reading pages); they count for the garbage collections (`COLLECT_AT`).
 */
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

/**
 * How many sandboxed extraction processes (reading a fetched page, extracting a file) run at
 * once. Each is a Node process of ~110–130 MB doing CPU-bound work: a second one pays only with a
 * core to run it on beside the server's own (on 2 cores the server uses one core for fetching,
 * indexing and the database, and one process reads pages faster than the server indexes them:
 * ~21 ms of CPU a page against ~50 ms), and under a small memory limit there is room for one.
 */
export function sandboxConcurrency(
  limitMb: number | undefined,
  configured: number,
  cores: number = os.availableParallelism(),
): number {
  if (cores <= 2) return 1;
  return heavyConcurrency(limitMb, configured);
}

export type MemoryGuardOptions = {
  /** MEMORY_LIMIT_MB (or the cgroup's); undefined: only the `memory` debug line is logged. */
  limitMb: number | undefined;
  /** The part of the job queue the guard drives (kept narrow: the queue imports this module). */
  queue: { pauseHeavy(): Promise<void> | void; resumeHeavy(): Promise<void> | void };
  log: Logger;
  /** PGlite's WebAssembly heap size (embedded mode), for the breakdown. */
  wasmBytes?: () => number;
  /**
   * RSS of this process's sandboxed child processes in MB: a container's limit counts them with
   * the server (one reading pages holds ~110–130 MB).
   */
  childrenMb?: () => number;
  /** Ends the idle sandboxed processes (on a pause: nothing heavy needs them until it resumes). */
  releaseIdle?: () => void;
  intervalMs?: number;
  sample?: (wasmBytes: number) => MemorySample;
  /** A full garbage collection (tests pass their own). */
  collect?: () => void;
  now?: () => number;
};

/**
 * Samples this process's memory every few seconds: logs the breakdown at debug level (`memory`,
 * read by `bench footprint`) and, with a limit: once the server and its sandboxed processes
 * together reach 75 % of it, collects the server's garbage (at most every 10 s); once the server
 * reaches 85 %, collects garbage and, if still there, pauses the heavy job queues and ends the
 * idle sandboxed processes; resumes them once the server is back under 70 %. Pauses and resumes
 * are said at warn/info level.
 */
export function startMemoryGuard(opts: MemoryGuardOptions): { stop(): void; check(): Promise<void> } {
  const sample = opts.sample ?? sampleMemory;
  const now = opts.now ?? Date.now;
  let state: GuardState = "ok";
  let checking = false;
  let lastCollect = Number.NEGATIVE_INFINITY;
  const measure = () => {
    const m = sample(opts.wasmBytes?.() ?? 0);
    const children = opts.childrenMb?.() ?? 0;
    return { ...m, children_mb: children, used_mb: m.rss_mb + children };
  };
  const check = async () => {
    if (checking) return;
    checking = true;
    try {
      let m = measure();
      opts.log.debug({ ...m, limit_mb: opts.limitMb ?? null }, "memory");
      const limit = opts.limitMb;
      if (limit === undefined) return;
      let next = nextGuardState(state, m.rss_mb, limit);
      const collectDue = m.used_mb >= limit * COLLECT_AT && now() - lastCollect >= GC_EVERY_MS;
      if ((next === "near_limit" && state === "ok") || collectDue) {
        // Much of what is resident may be garbage: collect it before pausing anything (array
        // buffers are freed just after the collection).
        (opts.collect ?? collectGarbage)();
        lastCollect = now();
        await new Promise((resolve) => setTimeout(resolve, 100));
        m = measure();
        opts.log.debug({ ...m, limit_mb: limit, after_gc: true }, "memory");
        next = nextGuardState(state, m.rss_mb, limit);
      }
      if (next === state) return;
      state = next;
      const figures = { rss_mb: m.rss_mb, children_mb: m.children_mb, limit_mb: limit };
      if (next === "near_limit") {
        opts.log.warn(
          figures,
          "memory near the limit: heavy jobs (fetching, extraction) paused until it frees up",
        );
        await opts.queue.pauseHeavy();
        opts.releaseIdle?.();
      } else {
        opts.log.info(figures, "memory back under the limit: heavy jobs resumed");
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
