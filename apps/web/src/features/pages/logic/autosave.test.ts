import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createAutosaver } from "./autosave.ts";

describe("createAutosaver", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("saves every 5 s only when something changed", async () => {
    const save = vi.fn(async () => undefined);
    const saver = createAutosaver({ save });
    await vi.advanceTimersByTimeAsync(12_000);
    expect(save).not.toHaveBeenCalled();
    saver.markDirty();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(save).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(save).toHaveBeenCalledTimes(1);
    saver.dispose();
  });

  it("an explicit save (Ctrl/Cmd+S) runs at once and the tick then has nothing to do", async () => {
    const save = vi.fn(async () => undefined);
    const saver = createAutosaver({ save });
    saver.markDirty();
    expect(await saver.flush()).toBe(true);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(save).toHaveBeenCalledTimes(1);
    saver.dispose();
  });

  it("a failed save keeps the page dirty and reports the error; the next tick retries", async () => {
    const onError = vi.fn();
    const save = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValue(undefined);
    const saver = createAutosaver({ save, onError });
    saver.markDirty();
    expect(await saver.flush()).toBe(false);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(saver.isDirty()).toBe(true);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(save).toHaveBeenCalledTimes(2);
    expect(saver.isDirty()).toBe(false);
    saver.dispose();
  });

  it("saves on dispose (unmount) when unsaved, and not otherwise", async () => {
    const save = vi.fn(async () => undefined);
    createAutosaver({ save }).dispose();
    expect(save).not.toHaveBeenCalled();
    const saver = createAutosaver({ save });
    saver.markDirty();
    saver.dispose();
    await vi.advanceTimersByTimeAsync(0);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it("never retries a final failure (a 413) on its own: the ticks wait for the next change (issue 41)", async () => {
    const tooLarge = Object.assign(new Error("too large"), { status: 413 });
    const onError = vi.fn();
    const save = vi.fn<() => Promise<void>>().mockRejectedValue(tooLarge);
    const saver = createAutosaver({
      save,
      onError,
      retryable: (err) => (err as { status?: number }).status !== 413,
    });
    saver.markDirty();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(save).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(save).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(saver.isDirty()).toBe(true);
    saver.markDirty();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(save).toHaveBeenCalledTimes(2);
    saver.markClean();
    saver.dispose();
    expect(save).toHaveBeenCalledTimes(2);
  });
});
