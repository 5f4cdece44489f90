import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "./api-error.ts";
import { onReportedError, reportError } from "./report-error.ts";

afterEach(() => vi.restoreAllMocks());

describe("reportError", () => {
  it("keeps expected answers (limits, permissions) out of the console and the trackers", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const seen: unknown[] = [];
    const off = onReportedError((e) => seen.push(e));
    reportError(new ApiError(403, "forbidden", "Daily web search limit reached."));
    reportError(new ApiError(404, "not_found", "Chat not found."));
    reportError(new ApiError(429, "rate_limited", "Too many requests."));
    off();
    expect([error.mock.calls, warn.mock.calls, seen]).toEqual([[], [], []]);
  });

  it("logs an unexpected failure once, however many layers report it", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const failure = new ApiError(500, "internal", "Something went wrong. Please try again.");
    reportError(failure, { method: "POST", path: "/api/pages" });
    reportError(failure, { action: "save answer as memory" });
    reportError(new Error("copy failed"));
    expect(error.mock.calls.map((c) => (c[1] as Error).message)).toEqual([
      "Something went wrong. Please try again.",
      "copy failed",
    ]);
  });
});
