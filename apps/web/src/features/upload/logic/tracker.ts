import { indexing } from "@mnemo/contracts/constants";

export type TrackedStatus = "indexing" | "errored" | "success";

/** Spec 2 §4: in_progress → indexing, errored → errored, anything else → success. */
export function mapIndexingStatus(serverStatus: string): TrackedStatus {
  if (serverStatus === "in_progress") return "indexing";
  if (serverStatus === "errored") return "errored";
  return "success";
}

export interface Timers {
  now: () => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export const realTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
};

/**
 * A poller for the indexing check. `check` runs every `intervalMs` while `hasWork()` holds, and
 * two checks never start less than `minGapMs` apart, however often `wake()` is called. The next
 * check is scheduled only after the previous one settled, so slow answers never overlap.
 */
export function createIndexingPoller(opts: {
  check: () => Promise<void>;
  hasWork: () => boolean;
  timers?: Timers;
  intervalMs?: number;
  minGapMs?: number;
}) {
  const timers = opts.timers ?? realTimers;
  const intervalMs = opts.intervalMs ?? indexing.pollIntervalMs;
  const minGapMs = opts.minGapMs ?? indexing.pollMinGapMs;
  let lastStart: number | undefined;
  let handle: unknown;
  let running = false;
  let stopped = false;

  const run = async () => {
    handle = undefined;
    if (stopped || !opts.hasWork()) return;
    running = true;
    lastStart = timers.now();
    try {
      await opts.check();
    } catch {
      // A failed check is retried on the next tick.
    } finally {
      running = false;
    }
    schedule(intervalMs);
  };

  function schedule(delay: number) {
    if (stopped || running || handle !== undefined || !opts.hasWork()) return;
    const sinceLast = lastStart === undefined ? Infinity : timers.now() - lastStart;
    const wait = Math.max(delay, minGapMs - sinceLast, 0);
    handle = timers.setTimeout(() => void run(), wait);
  }

  return {
    /** New work arrived: check after one interval (never sooner than the minimum gap). */
    wake: () => schedule(intervalMs),
    stop: () => {
      stopped = true;
      if (handle !== undefined) timers.clearTimeout(handle);
      handle = undefined;
    },
  };
}

/**
 * Spec 2 §4: once every visible item succeeded (and the details dialog is closed) the memories are
 * refreshed at once and after 6, 12, 20, 30 and 60 s, and the list is cleared after 5 s. Returns a
 * cancel function.
 */
export function scheduleAfterAllSucceeded(
  actions: { refresh: () => void; clearList: () => void },
  timers: Timers = realTimers,
): () => void {
  const handles = indexing.refreshScheduleMs.map((ms) => timers.setTimeout(actions.refresh, ms));
  handles.push(timers.setTimeout(actions.clearList, indexing.clearListAfterMs));
  return () => handles.forEach((h) => timers.clearTimeout(h));
}
