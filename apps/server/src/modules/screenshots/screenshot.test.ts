import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestMnemo, type TestMnemo } from "../../test/harness.ts";
import { startFixtureSite, type FixtureSite } from "../../test/fixtures/sites/server.ts";
import { closeBrowser, screenshotAvailability } from "./browser.ts";

const chromium = screenshotAvailability(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium");

describe.skipIf(!chromium.available)("full-page screenshots in the system Chromium", () => {
  let site: FixtureSite;
  let allowed: TestMnemo;
  let guarded: TestMnemo;
  beforeAll(async () => {
    site = await startFixtureSite();
    allowed = await createTestMnemo("pglite", {
      FETCH_ALLOW_HOSTS: "127.0.0.1",
      FETCH_EXTRA_CA: site.caPath,
    });
    guarded = await createTestMnemo("pglite");
  });
  afterAll(async () => {
    await closeBrowser();
    await allowed?.close();
    await guarded?.close();
    await site?.close();
  });

  it("screenshots a page, stores the PNG and serves it from its signed URL", async () => {
    const user = await allowed.buildUser();
    const res = await allowed.request("POST", "/api/screenshot", {
      as: user,
      json: { url: `${site.origin}/articles/sourdough` },
    });
    expect(res.status).toBe(200);
    const { s3Url } = (await res.json()) as { s3Url: string };
    const path = new URL(s3Url, "http://local").pathname + new URL(s3Url, "http://local").search;
    const img = await allowed.request("GET", path);
    expect(img.status).toBe(200);
    const bytes = new Uint8Array(await img.arrayBuffer());
    expect([...bytes.slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(bytes.length).toBeGreaterThan(5000);
  });

  it("refuses private addresses without the allow-list: the browser never reaches the site", async () => {
    const user = await guarded.buildUser();
    // A site of its own, so late sub-resource fetches of the previous test cannot be counted.
    const untouched = await startFixtureSite();
    try {
      const res = await guarded.request("POST", "/api/screenshot", {
        as: user,
        json: { url: `${untouched.origin}/articles/sourdough` },
      });
      expect(res.status).toBe(502);
      expect(await res.json()).toMatchObject({
        error: "upstream",
        message: "Couldn't take a screenshot of this page.",
      });
      expect(untouched.stats.connections).toBe(0);
      expect(untouched.stats.requests).toEqual([]);
    } finally {
      await untouched.close();
    }
  });

  it("reports availability", async () => {
    const user = await guarded.buildUser();
    const res = await guarded.request("GET", "/api/screenshot/status", { as: user });
    expect(await res.json()).toEqual({ available: true, reason: null });
  });
});

describe("screenshot availability without a browser", () => {
  it("is off with its reason", () => {
    expect(screenshotAvailability("/nonexistent/chromium")).toEqual({
      available: false,
      reason:
        "Screenshots are off: no Chromium browser at /nonexistent/chromium (install Debian's chromium or set CHROMIUM_PATH).",
    });
  });
});
