// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, render, screen } from "@testing-library/react";
import { chat as chatConstants } from "@mnemo/contracts/constants";
import { ThoughtsPanel } from "./thoughts-panel";

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const toggle = () => screen.getByRole("button", { name: /Thinking|Thoughts/ });

describe("Thoughts panel (spec 1 §4)", () => {
  it("is open while thinking and closes 1 s after thinking ends", () => {
    const { rerender } = render(<ThoughtsPanel thoughts="Looking at the notes" thinking live />);
    expect(toggle()).toHaveProperty("ariaExpanded", "true");
    expect(screen.getByText("Looking at the notes")).toBeTruthy();

    rerender(<ThoughtsPanel thoughts="Looking at the notes" thinking={false} live />);
    act(() => vi.advanceTimersByTime(chatConstants.thoughtsCloseAfterThinkingMs - 1));
    expect(toggle()).toHaveProperty("ariaExpanded", "true");
    act(() => vi.advanceTimersByTime(1));
    expect(toggle()).toHaveProperty("ariaExpanded", "false");
    expect(screen.queryByText("Looking at the notes")).toBeNull();
    expect(chatConstants.thoughtsCloseAfterThinkingMs).toBe(1000);
  });

  it("still closes 1 s after thinking ends when the answer ends within that second", () => {
    const { rerender } = render(<ThoughtsPanel thoughts="Looking at the notes" thinking live />);
    rerender(<ThoughtsPanel thoughts="Looking at the notes" thinking={false} live />);
    act(() => vi.advanceTimersByTime(300));
    rerender(<ThoughtsPanel thoughts="Looking at the notes" thinking={false} live={false} />);
    act(() => vi.advanceTimersByTime(chatConstants.thoughtsCloseAfterThinkingMs));
    expect(toggle()).toHaveProperty("ariaExpanded", "false");
  });

  it("starts closed for an answer read from history", () => {
    render(<ThoughtsPanel thoughts="Earlier reasoning" thinking={false} live={false} />);
    expect(toggle()).toHaveProperty("ariaExpanded", "false");
  });
});
