import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createIndexingPoller, mapIndexingStatus, realTimers, scheduleAfterAllSucceeded } from "./tracker.ts";

describe("mapIndexingStatus", () => {
  it.each([
    ["in_progress", "indexing"],
    ["errored", "errored"],
    ["success", "success"],
    ["anything-else", "success"],
  ])("%s → %s", (server, client) => {
    expect(mapIndexingStatus(server)).toBe(client);
  });
});

describe("createIndexingPoller", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const timers = { ...realTimers, now: () => Date.now() };
  /** A poller whose checks note when they start, then do `rest`. */
  const notingPoller = (hasWork: () => boolean, rest: () => unknown = () => {}) => {
    const starts: number[] = [];
    const poller = createIndexingPoller({
      timers,
      hasWork,
      check: async () => {
        starts.push(Date.now());
        await rest();
      },
    });
    return { starts, poller };
  };

  it("checks every 3 s while work remains and stops when it is done", async () => {
    let pending = 3;
    const { starts, poller } = notingPoller(
      () => pending > 0,
      () => (pending -= 1),
    );
    const t0 = Date.now();
    poller.wake();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(starts.map((t) => t - t0)).toEqual([3000, 6000, 9000]);
  });

  it("never starts two checks less than 3 s apart, however often it is woken", async () => {
    const { starts, poller } = notingPoller(() => true);
    for (let i = 0; i < 40; i++) {
      poller.wake();
      await vi.advanceTimersByTimeAsync(250);
    }
    poller.stop();
    expect(starts.length).toBeGreaterThan(1);
    for (let i = 1; i < starts.length; i++) expect(starts[i] - starts[i - 1]).toBeGreaterThanOrEqual(3000);
  });

  it("waits for a slow check before scheduling the next one", async () => {
    const { starts, poller } = notingPoller(
      () => true,
      () => new Promise((r) => setTimeout(r, 5000)),
    );
    poller.wake();
    await vi.advanceTimersByTimeAsync(17_000);
    poller.stop();
    expect(starts.length).toBe(2);
    expect(starts[1] - starts[0]).toBe(8000);
  });

  it("keeps polling after a failed check", async () => {
    let calls = 0;
    const poller = createIndexingPoller({
      timers,
      hasWork: () => true,
      check: async () => {
        calls += 1;
        throw new Error("offline");
      },
    });
    poller.wake();
    await vi.advanceTimersByTimeAsync(9000);
    poller.stop();
    expect(calls).toBe(3);
  });
});

describe("scheduleAfterAllSucceeded", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("refreshes at once and after 6, 12, 20, 30 and 60 s, and clears the list after 5 s", () => {
    const refreshes: number[] = [];
    let clearedAt: number | undefined;
    const t0 = Date.now();
    scheduleAfterAllSucceeded({
      refresh: () => refreshes.push(Date.now() - t0),
      clearList: () => (clearedAt = Date.now() - t0),
    });
    vi.advanceTimersByTime(61_000);
    expect(refreshes).toEqual([0, 6000, 12000, 20000, 30000, 60000]);
    expect(clearedAt).toBe(5000);
  });

  it("cancelling stops the remaining refreshes", () => {
    let n = 0;
    const cancel = scheduleAfterAllSucceeded({ refresh: () => (n += 1), clearList: () => undefined });
    vi.advanceTimersByTime(7000);
    cancel();
    vi.advanceTimersByTime(60_000);
    expect(n).toBe(2);
  });
});
