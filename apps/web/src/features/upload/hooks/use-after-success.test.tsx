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
  it("closes the background-upload toast once everything is added, then shows the proactive memory", async () => {
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
    expect(toast.dismiss).not.toHaveBeenCalled();
    rerender({ items: [item("success")] });
    expect(toast.dismiss).toHaveBeenCalledWith(BACKGROUND_TOAST_ID);
    await waitFor(() => expect(toast).toHaveBeenCalledTimes(1));
    // The background toast was closed before the proactive one opened, so on a phone (same
    // bottom-centre place) they never stack.
    expect(toast.dismiss.mock.invocationCallOrder[0]).toBeLessThan(toast.mock.invocationCallOrder[0]);
    expect(toast).toHaveBeenCalledWith(
      "Want to compare it with your earlier note?",
      expect.objectContaining({ position: "bottom-center" }),
    );
  });
});
