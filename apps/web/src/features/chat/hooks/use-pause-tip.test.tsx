// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, renderHook } from "@testing-library/react";
import { chat as chatConstants } from "@mnemo/contracts/constants";
import { usePauseTip } from "./use-pause-tip";

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("stream pause tip (spec 1 §2)", () => {
  it("shows when an answer streams and disappears after 7 s", () => {
    const { result } = renderHook(() => usePauseTip(true, true, 0));
    expect(result.current.shown).toBe(true);
    act(() => vi.advanceTimersByTime(chatConstants.pauseTip.durationMs - 1));
    expect(result.current.shown).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.shown).toBe(false);
    expect(chatConstants.pauseTip.durationMs).toBe(7000);
  });

  it("is not shown once the user has paused twice", () => {
    const { result } = renderHook(() => usePauseTip(true, true, 2));
    expect(result.current.shown).toBe(false);
  });

  it("goes with the answer when it ends before 7 s", () => {
    const { result, rerender } = renderHook(({ streaming }) => usePauseTip(streaming, true, 1), {
      initialProps: { streaming: true },
    });
    expect(result.current.shown).toBe(true);
    rerender({ streaming: false });
    expect(result.current.shown).toBe(false);
  });
});
