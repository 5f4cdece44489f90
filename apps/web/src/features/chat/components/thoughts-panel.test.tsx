// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, render, screen } from "@testing-library/react";
import { chat as chatConstants } from "@mnemo/contracts/constants";
import { agentTexts } from "@mnemo/contracts/stream";
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

  it("draws an agent's tool steps as cards from their data, where they were placed", () => {
    render(
      <ThoughtsPanel
        thoughts="Looking first. Then answering."
        steps={[
          {
            id: "c1",
            name: "search_memories",
            query: "mirror",
            status: "ok",
            summary: "Found Telescope [1]",
            at: 14,
          },
          { id: "c2", name: "search_web", query: "x", status: "error", error: "timeout", at: 14 },
        ]}
        thinking
        live
      />,
    );
    const cards = screen.getAllByTestId("tool-call-card");
    expect(cards.map((c) => c.textContent)).toEqual([
      "Search memories: “mirror”Found Telescope [1]",
      "Search the web: “x”The tool failed: timeout",
    ]);
    expect(screen.getByLabelText("Done")).toBeTruthy();
    expect(screen.getByLabelText("Failed")).toBeTruthy();
    const body = cards[0].parentElement!;
    expect([...body.children].map((c) => c.textContent)).toEqual([
      "Looking first.",
      cards[0].textContent,
      cards[1].textContent,
      "Then answering.",
    ]);
  });

  it("shows steps alone (no reasoning text) and reads the marked lines of a turn stored before typed steps", () => {
    const { rerender } = render(
      <ThoughtsPanel
        thoughts=""
        steps={[{ id: "c1", name: "send_email", status: "running", at: 0 }]}
        thinking
        live
      />,
    );
    expect(screen.getByTestId("tool-call-card").textContent).toBe("Compose an e-mail");
    rerender(
      <ThoughtsPanel
        thoughts={`${agentTexts.toolCallMark} Search memories: “mirror”\n${agentTexts.resultMark} Found Telescope [1]\n`}
        steps={null}
        thinking
        live
      />,
    );
    expect(screen.getByTestId("tool-call-card").textContent).toBe(
      "Search memories: “mirror”Found Telescope [1]",
    );
  });
});
