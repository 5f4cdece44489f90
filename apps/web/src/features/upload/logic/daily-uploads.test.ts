import { describe, expect, it } from "vitest";
import { fileMessages } from "@mnemo/contracts";
import { refuseOverDailyUploads } from "./daily-uploads";

describe("refuseOverDailyUploads (issue 41: a pick over today's uploads left is refused whole)", () => {
  it("lets a pick within the uploads left, and any pick on an unlimited plan", () => {
    expect(refuseOverDailyUploads(7, { left: 7, limit: 10, plan: "Free" })).toBeNull();
    expect(refuseOverDailyUploads(200, { left: null, limit: null, plan: "Lifetime Tier 5" })).toBeNull();
  });
  it("refuses a larger pick naming the daily cap, before anything is queued", () => {
    expect(refuseOverDailyUploads(10, { left: 7, limit: 10, plan: "Free" })).toBe(
      fileMessages.batchOverUploadLimit({ picked: 10, left: 7, limit: 10, plan: "Free" }),
    );
    expect(refuseOverDailyUploads(10, { left: 7, limit: 10, plan: "Free" })).toBe(
      "10 files picked, but only 7 of your 10 daily uploads on the Free plan are left today. Pick at most 7, or upgrade your plan for unlimited uploads.",
    );
  });
  it("says the spec's daily limit message when nothing is left on the Free plan", () => {
    expect(refuseOverDailyUploads(1, { left: 0, limit: 10, plan: "free" })).toBe(
      fileMessages.dailyUploadLimit({ n: 10 }),
    );
    expect(refuseOverDailyUploads(2, { left: -1, limit: 100, plan: "Pro" })).toContain("only 0 of your 100");
  });
});
