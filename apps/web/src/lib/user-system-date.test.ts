import { afterEach, describe, expect, it } from "vitest";
import { userSystemDate } from "./user-system-date";

describe("userSystemDate", () => {
  const tz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = tz;
  });

  it("writes the user's local date, not the UTC date, when the two differ", () => {
    process.env.TZ = "Asia/Kolkata";
    // 20:00 UTC on the 24th is 01:30 on the 25th in Kolkata: the local day is the one counted.
    const s = userSystemDate(new Date(Date.UTC(2026, 10, 24, 20, 0)));
    expect(s).toMatch(/^Wed Nov 25 2026 01:30:00 GMT\+0530/);
  });
});
