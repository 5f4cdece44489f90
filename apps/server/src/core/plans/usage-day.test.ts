import { describe, expect, it } from "vitest";
import { localDateOf, usageDay } from "./usage-day.ts";

describe("usage day", () => {
  const now = new Date("2025-03-01T20:00:00Z");

  it.each<[string | null | undefined, string, string]>([
    [undefined, "2025-03-01", "no local date: the UTC date"],
    [null, "2025-03-01", "null: the UTC date"],
    ["2025-03-02T01:30:00+05:30", "2025-03-02", "Kolkata after local midnight: the next day already"],
    ["Sun Mar 02 2025 01:30:00 GMT+0530 (India Standard Time)", "2025-03-02", "Date.toString() form"],
    ["2025-03-01T12:00:00-08:00", "2025-03-01", "Los Angeles before midnight"],
    ["Fri Feb 28 2025 22:00:00 GMT-2200", "2025-02-28", "one day behind is still trusted"],
    ["2025-03-05T10:00:00+01:00", "2025-03-01", "days ahead: a forged date falls back to UTC"],
    ["2024-03-01", "2025-03-01", "a year off: UTC"],
    ["2025-02-30T10:00:00Z", "2025-03-01", "an impossible date: UTC"],
    ["yesterday", "2025-03-01", "unparseable: UTC"],
    ["3/2/2025, 1:30:00 AM", "2025-03-01", "ambiguous locale form: UTC"],
  ])("%s → %s (%s)", (input, day) => {
    expect(usageDay(now, input)).toBe(day);
  });

  it("reads month names in any case and an optional weekday comma", () => {
    expect(localDateOf("Sat, MAR 1 2025 10:00")).toBe("2025-03-01");
    expect(localDateOf("Mar 01 2025")).toBe("2025-03-01");
  });
});
