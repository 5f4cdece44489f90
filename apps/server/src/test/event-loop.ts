import { monitorEventLoopDelay } from "node:perf_hooks";

/** The longest stall a request may cause (issue 12: no request blocks the event loop > 100 ms). */
export const MAX_STALL_MS = 100;

export type EventLoopWatch<T> = {
  result: T;
  /** Longest event-loop delay seen (wall clock): includes time the OS gave the CPU to others. */
  maxDelayMs: number;
  /**
   * Longest stall this thread itself kept busy: for each gap between ticks, the smaller of its
   * wall time and this thread's CPU time in it. A parse on the event loop shows here; a busy
   * machine that does not schedule us (CI, five engineers on two cores) does not.
   */
  maxBlockedMs: number;
};

const cpuMs = () => {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
};

/**
 * Runs `fn` while watching this thread's event loop. A behaviour check (did the server keep
 * answering while a hostile request ran?), not a benchmark.
 */
export async function watchEventLoop<T>(fn: () => Promise<T>): Promise<EventLoopWatch<T>> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let lastWall = performance.now();
  let lastCpu = cpuMs();
  let maxBlockedMs = 0;
  const tick = () => {
    const wall = performance.now();
    const cpu = cpuMs();
    maxBlockedMs = Math.max(maxBlockedMs, Math.min(wall - lastWall, cpu - lastCpu));
    lastWall = wall;
    lastCpu = cpu;
  };
  const timer = setInterval(tick, 5);
  try {
    const result = await fn();
    tick();
    return { result, maxDelayMs: histogram.max / 1e6, maxBlockedMs };
  } finally {
    clearInterval(timer);
    histogram.disable();
  }
}
