import { monitorEventLoopDelay, PerformanceObserver, type PerformanceEntry } from "node:perf_hooks";

/** The longest stall a request may cause (issue 12: no request blocks the event loop > 100 ms). */
export const MAX_STALL_MS = 100;

export type EventLoopWatch<T> = {
  result: T;
  /** Longest event-loop delay seen (wall clock): includes time the OS gave the CPU to others. */
  maxDelayMs: number;
  /**
   * Longest stall this thread's own code kept it busy: for each gap between ticks, the smaller of
   * its wall time and this thread's CPU time in it, less the garbage-collection pauses inside it.
   * A parse on the event loop shows here; a busy machine that does not schedule us (CI, five
   * engineers on two cores) does not, nor does V8 collecting the test process's heap (reported
   * apart, in `maxGcPauseMs`).
   */
  maxBlockedMs: number;
  /**
   * Longest garbage-collection pause in the watch. It depends on the whole test process's heap
   * (the test runner's modules and every fixture), not the request's, and on the machine: V8's
   * memory reducer compacting an ~80 MB heap paused this thread 75–195 ms on an AMD EPYC VM
   * (docs/decisions.md, "Event-loop checks leave garbage collection out").
   */
  maxGcPauseMs: number;
};

const cpuMs = () => {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
};

type Gap = { from: number; to: number; busy: number };

/**
 * The part of [from, to] that the pauses cover. Pauses may nest (V8 reports an incremental-marking
 * step inside a full collection): each moment is counted once.
 */
export function pausedWithin(
  gap: { from: number; to: number },
  pauses: readonly { start: number; end: number }[],
) {
  const inside = pauses
    .map((p) => ({ start: Math.max(gap.from, p.start), end: Math.min(gap.to, p.end) }))
    .filter((p) => p.end > p.start)
    .sort((a, b) => a.start - b.start);
  let paused = 0;
  let covered = gap.from;
  for (const p of inside) {
    const start = Math.max(p.start, covered);
    if (p.end > start) paused += p.end - start;
    covered = Math.max(covered, p.end);
  }
  return paused;
}

/**
 * Runs `fn` while watching this thread's event loop. A behaviour check (did the server keep
 * answering while a hostile request ran?), not a benchmark.
 */
export async function watchEventLoop<T>(fn: () => Promise<T>): Promise<EventLoopWatch<T>> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const pauses: { start: number; end: number }[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const e of list.getEntries() as PerformanceEntry[])
      pauses.push({ start: e.startTime, end: e.startTime + e.duration });
  });
  observer.observe({ entryTypes: ["gc"] });
  let lastWall = performance.now();
  let lastCpu = cpuMs();
  // Only gaps that could matter are kept (a 60 s watch has 12,000 ticks).
  const gaps: Gap[] = [];
  const tick = () => {
    const wall = performance.now();
    const cpu = cpuMs();
    const busy = Math.min(wall - lastWall, cpu - lastCpu);
    if (busy > 20) gaps.push({ from: lastWall, to: wall, busy });
    lastWall = wall;
    lastCpu = cpu;
  };
  const timer = setInterval(tick, 5);
  try {
    const result = await fn();
    tick();
    // The observer hears of the last pauses a turn later.
    await new Promise((resolve) => setTimeout(resolve, 0));
    let maxBlockedMs = 0;
    for (const gap of gaps) maxBlockedMs = Math.max(maxBlockedMs, gap.busy - pausedWithin(gap, pauses));
    const maxGcPauseMs = pauses.reduce((max, p) => Math.max(max, p.end - p.start), 0);
    return { result, maxDelayMs: histogram.max / 1e6, maxBlockedMs, maxGcPauseMs };
  } finally {
    clearInterval(timer);
    histogram.disable();
    observer.disconnect();
  }
}
