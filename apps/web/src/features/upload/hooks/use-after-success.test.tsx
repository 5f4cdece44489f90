// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { createElement, type ReactNode } from "react";
import { cleanup, renderHook, waitFor } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";

const toast = Object.assign(vi.fn(), { dismiss: vi.fn() });
vi.mock("sonner", () => ({ toast }));
const getProactiveMemory = vi.fn();
vi.mock("../api/get-proactive-memory", () => ({ getProactiveMemory }));

const { useAfterSuccess } = await import("./use-after-success");
const { BACKGROUND_TOAST_ID } = await import("../state/upload-actions");

function wrapper({ children }: { children: ReactNode }) {
  return createElement(QueryClientProvider, { client: new QueryClient() }, children);
}

const item = (status: "in_progress" | "success") => ({
  key: "k1",
  id: "src-1",
  type: "link",
  title: "A page",
  sourceLabel: "Link",
  status,
});

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe("after the card's items finish (spec 2 §4)", () => {
  it("shows the proactive memory in place of the background-upload toast", async () => {
    Object.defineProperty(window, "matchMedia", {
      configurable: true,
      value: () => ({ matches: true }),
    });
    getProactiveMemory.mockResolvedValue({
      source_id: "src-1",
      question: "Want to compare it with your earlier note?",
      proactive_memory: "Earlier note — a snippet",
    });
    const { rerender } = renderHook(({ items }) => useAfterSuccess(items, false), {
      wrapper,
      initialProps: { items: [item("in_progress")] },
    });
    expect(getProactiveMemory).not.toHaveBeenCalled();
    rerender({ items: [item("success")] });
    await waitFor(() => expect(toast).toHaveBeenCalledTimes(1));
    expect(toast.dismiss).toHaveBeenCalledWith(BACKGROUND_TOAST_ID);
    // The background toast was closed before the proactive one opened, so on a phone (same
    // bottom-centre place) they never stack.
    expect(toast.dismiss.mock.invocationCallOrder[0]).toBeLessThan(toast.mock.invocationCallOrder[0]);
    expect(toast).toHaveBeenCalledWith(
      "Want to compare it with your earlier note?",
      expect.objectContaining({ position: "bottom-center" }),
    );
  });

  it("shows the related memory's passage as text, not raw Markdown (issue 41)", async () => {
    getProactiveMemory.mockResolvedValue({
      source_id: "src-1",
      question: 'How does "Starter" connect with "Handbook"?',
      proactive_memory:
        "Handbook: # The Sourdough Starter Handbook A **bubbly** starter, fed with [flour](https://x.example/f) | water | ---",
    });
    renderHook(() => useAfterSuccess([item("success")], false), { wrapper });
    await waitFor(() => expect(toast).toHaveBeenCalledTimes(1));
    expect(toast).toHaveBeenCalledWith(
      'How does "Starter" connect with "Handbook"?',
      expect.objectContaining({
        description: "Handbook: The Sourdough Starter Handbook A bubbly starter, fed with flour water",
      }),
    );
  });

  it("leaves the background-upload toast alone when nothing relates", async () => {
    getProactiveMemory.mockResolvedValue({ source_id: "src-1", question: "", proactive_memory: "none" });
    renderHook(() => useAfterSuccess([item("success")], false), { wrapper });
    await waitFor(() => expect(getProactiveMemory).toHaveBeenCalledWith("src-1"));
    await new Promise((r) => setTimeout(r, 0));
    expect(toast).not.toHaveBeenCalled();
    expect(toast.dismiss).not.toHaveBeenCalled();
  });
});
