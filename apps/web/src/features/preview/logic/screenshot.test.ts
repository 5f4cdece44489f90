import { describe, expect, it } from "vitest";
import { isStoredScreenshot, wantsScreenshot } from "./screenshot";

const web = (
  over: Partial<{
    type: string;
    url: string | null;
    thumbnail_url: string | null;
    status: "success" | "in_progress" | "errored";
    unavailable: boolean;
  }> = {},
) => ({
  type: over.type ?? "webpage",
  url: over.url === undefined ? "https://example.com/a" : over.url,
  thumbnail_url: over.thumbnail_url ?? null,
  meta: { status: over.status ?? "success", screenshot_unavailable: over.unavailable },
});

describe("wantsScreenshot", () => {
  it.each([
    ["an indexed page without an image", web(), true],
    ["a page that already has an og image", web({ thumbnail_url: "https://cdn/og.png" }), false],
    ["a page still indexing", web({ status: "in_progress" }), false],
    ["a failed page", web({ status: "errored" }), false],
    ["a file", web({ type: "file" }), false],
    ["a page without a URL", web({ url: null }), false],
    ["a page the server could not screenshot before (issue 41)", web({ unavailable: true }), false],
  ] as const)("%s → %s", (_n, s, expected) => {
    expect(wantsScreenshot(s)).toBe(expected);
  });
});

describe("isStoredScreenshot", () => {
  it.each([
    ["local blob URL", "http://127.0.0.1:3000/api/blob/u1/screenshots/7f1c.png?expires=1&sig=x", true],
    ["S3 presigned URL", "https://bucket.s3.amazonaws.com/u1/screenshots/7f1c.png?X-Amz-Signature=x", true],
    ["encoded key", "http://h/api/blob/u1%2Fscreenshots%2F7f1c.png?sig=x", true],
    ["og image", "https://example.com/og/screenshots.jpg", false],
    ["nothing", null, false],
  ] as const)("%s → %s", (_n, url, expected) => {
    expect(isStoredScreenshot(url)).toBe(expected);
  });
});
