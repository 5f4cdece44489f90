import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "@/lib/api-error";

const takeScreenshot = vi.fn<(url: string, sourceId: string) => Promise<string>>();
vi.mock("../api/screenshot", () => ({
  takeScreenshot: (url: string, id: string) => takeScreenshot(url, id),
  getScreenshotStatus: vi.fn(),
}));

const { forgetScreenshots, requestScreenshot } = await import("./use-screenshots");

const tooMany = () =>
  new ApiError(429, "rate_limited", "Too many attempts. Please try again in 30 seconds.", {
    retry_after: 30,
  });
const page = (id: string) => ({ id, url: `https://example.com/${id}` });

describe("requestScreenshot (issue 41: the wall never runs into 'Too many attempts' again and again)", () => {
  const qc = new QueryClient();
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-01-01T00:00:00Z"));
    takeScreenshot.mockReset();
    forgetScreenshots();
  });
  afterEach(() => vi.useRealTimers());

  it("asks once per memory: a page whose screenshot failed is not asked for again", async () => {
    takeScreenshot.mockRejectedValue(new ApiError(400, "validation", "refused"));
    expect(await requestScreenshot(qc, page("a"))).toBeNull();
    expect(await requestScreenshot(qc, page("a"))).toBeNull();
    expect(takeScreenshot).toHaveBeenCalledTimes(1);
  });

  it("after a 429 the other cards do not ask until the server's wait is over, then may ask again", async () => {
    takeScreenshot.mockRejectedValue(new ApiError(400, "validation", "refused"));
    takeScreenshot.mockRejectedValueOnce(tooMany());
    expect(await requestScreenshot(qc, page("a"))).toBeNull();
    expect(await Promise.all(["b", "c", "d"].map((id) => requestScreenshot(qc, page(id))))).toEqual([
      null,
      null,
      null,
    ]);
    expect(takeScreenshot).toHaveBeenCalledTimes(1);

    vi.setSystemTime(new Date("2026-01-01T00:00:31Z"));
    takeScreenshot.mockResolvedValue("/api/blob/u/screenshots/x.png");
    expect(await requestScreenshot(qc, page("b"))).toBe("/api/blob/u/screenshots/x.png");
    expect(takeScreenshot).toHaveBeenCalledTimes(2);
  });
});
