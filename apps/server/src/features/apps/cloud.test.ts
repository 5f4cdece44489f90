import { describe, expect, it } from "vitest";
import { isRateLimited, retryDelayMs, tokenSecret } from "./cloud.ts";

describe("cloud app HTTP rules", () => {
  it("treats 429, 503 with Retry-After and Google's quota errors as 'slow down', other refusals not", () => {
    expect(isRateLimited(429, "", null)).toBe(true);
    expect(isRateLimited(503, "", "3")).toBe(true);
    expect(isRateLimited(503, "", null)).toBe(false);
    const google = (reason: string) =>
      JSON.stringify({
        error: { code: 403, message: "Rate Limit Exceeded", errors: [{ domain: "usageLimits", reason }] },
      });
    expect(isRateLimited(403, google("userRateLimitExceeded"), null)).toBe(true);
    expect(isRateLimited(403, google("rateLimitExceeded"), null)).toBe(true);
    expect(isRateLimited(403, google("insufficientFilePermissions"), null)).toBe(false);
    expect(isRateLimited(403, JSON.stringify({ error: { status: "RESOURCE_EXHAUSTED" } }), null)).toBe(true);
    expect(isRateLimited(403, "<html>Forbidden</html>", null)).toBe(false);
  });

  it("waits what Retry-After says (seconds or a date), else backs off exponentially", () => {
    const now = Date.UTC(2026, 0, 1);
    expect(retryDelayMs("2", 1, now)).toBe(2000);
    expect(retryDelayMs(new Date(now + 5000).toUTCString(), 1, now)).toBe(5000);
    const first = retryDelayMs(null, 1);
    const third = retryDelayMs(null, 3);
    expect(first).toBeGreaterThanOrEqual(375);
    expect(first).toBeLessThanOrEqual(625);
    expect(third).toBeGreaterThanOrEqual(1500);
    expect(third).toBeLessThanOrEqual(2500);
  });

  it("keeps the refresh token when a refresh answer has none, and stores an absolute expiry", () => {
    const now = 1_000_000;
    expect(tokenSecret({ access_token: "new", expires_in: 3600 }, { refresh_token: "r1" }, now)).toEqual({
      access_token: "new",
      refresh_token: "r1",
      expires_at: String(now + 3_600_000),
    });
    expect(tokenSecret({ access_token: "a", refresh_token: "r2" }, { refresh_token: "r1" }, now)).toEqual({
      access_token: "a",
      refresh_token: "r2",
    });
  });
});

describe("Google Drive's pure helpers", () => {
  it("turns a Sheet's CSV into a Markdown table, quotes and pipes kept", async () => {
    const { csvToMarkdown, driveQuote, placeOf } = await import("./connectors/google-drive.ts");
    expect(csvToMarkdown('Berth,Note\r\nA1,"big, ""blue"""\nB7,a|b\n')).toBe(
      '| Berth | Note |\n| --- | --- |\n| A1 | big, "blue" |\n| B7 | a\\|b |',
    );
    expect(driveQuote("it's a \\ test")).toBe("'it\\'s a \\\\ test'");
    const places = {
      d1: { name: "Harbour Office" },
      f1: { name: "Reports", parent: "d1" },
      f2: { name: "2026", parent: "f1" },
    };
    expect(placeOf({ parents: ["f2"], driveId: "d1" }, places)).toBe("Harbour Office / Reports / 2026");
    expect(placeOf({ parents: ["root"] }, places)).toBe("");
  });
});
