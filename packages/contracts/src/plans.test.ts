import { describe, expect, it } from "vitest";
import { plans } from "./constants.ts";
import { chatMessages } from "./messages.ts";
import {
  isAtLimit,
  isPaidPlan,
  isPlanId,
  isWhiteLabelPlan,
  limitFor,
  limitKinds,
  planTable,
  uploadSizeLimitMb,
  usageLimitFor,
  usesLeft,
  videoMaxMinutes,
  zSetUserPlanInput,
} from "./plans.ts";

describe("plan table", () => {
  it("has an entry for every plan id and nothing else", () => {
    expect(Object.keys(planTable).sort()).toEqual([...plans.ids].sort());
  });

  it.each(plans.ids.filter((p) => p !== "free"))("%s is paid and may choose the model", (plan) => {
    expect(isPaidPlan(plan)).toBe(true);
    expect(planTable[plan].limits.modelSelection).toBe(true);
  });

  it("free is not paid and may not choose the model", () => {
    expect(isPaidPlan("free")).toBe(false);
    expect(planTable.free.limits.modelSelection).toBe(false);
  });

  it.each(limitKinds)("team is unlimited in %s", (kind) => {
    expect(limitFor("team", kind)).toBeNull();
  });

  it.each(limitKinds)("free has a finite, positive %s", (kind) => {
    const n = limitFor("free", kind);
    expect(n).toBeGreaterThan(0);
  });

  it.each(plans.lifetimeTiers)(
    "%s has the Lifetime card's unlimited app searches, web searches and uploads",
    (plan) => {
      expect(usageLimitFor(plan, "apps")).toBeNull();
      expect(usageLimitFor(plan, "web")).toBeNull();
      expect(usageLimitFor(plan, "file_upload")).toBeNull();
      expect(usageLimitFor(plan, "qna")).toBeNull();
    },
  );

  it.each(limitKinds)(
    "no paid plan has a lower %s than free, and higher tiers never have less than lower ones",
    (kind) => {
      const order = ["free", "pro", ...plans.lifetimeTiers] as const;
      const rank = (n: number | null) => (n === null ? Infinity : n);
      for (const plan of order.slice(1))
        expect(rank(limitFor(plan, kind))).toBeGreaterThanOrEqual(rank(limitFor("free", kind)));
      for (let i = 1; i < plans.lifetimeTiers.length; i++) {
        expect(rank(limitFor(plans.lifetimeTiers[i], kind))).toBeGreaterThanOrEqual(
          rank(limitFor(plans.lifetimeTiers[i - 1], kind)),
        );
      }
    },
  );

  it("only ltd_tier_5 is white-label", () => {
    expect(plans.ids.filter(isWhiteLabelPlan)).toEqual(["ltd_tier_5"]);
  });

  it.each([
    ["free", 25],
    ["pro", 50],
    ["team", 100],
    ["ltd_tier_1", 100],
  ] as const)("upload size limit of %s is %i MB (100 when unlimited)", (plan, mb) => {
    expect(uploadSizeLimitMb(plan)).toBe(mb);
  });

  it("caps video length at 60 minutes on free only", () => {
    expect(videoMaxMinutes("free")).toBe(60);
    for (const plan of plans.ids.filter((p) => p !== "free")) expect(videoMaxMinutes(plan)).toBeNull();
  });

  it("app searches are capped by the question limit", () => {
    expect(usageLimitFor("free", "apps")).toBe(limitFor("free", "qnaCount"));
  });
});

describe("limit arithmetic", () => {
  it.each([
    [0, 3, false, 3],
    [2, 3, false, 1],
    [3, 3, true, 0],
    [7, 3, true, 0],
    [0, 0, true, 0],
    [1000, null, false, null],
  ] as const)("count %i against limit %s: at limit %s, %s left", (count, limit, at, left) => {
    expect(isAtLimit(count, limit)).toBe(at);
    expect(usesLeft(count, limit)).toBe(left);
  });
});

describe("plan ids and inputs", () => {
  it.each([
    ["free", true],
    ["ltd_tier_5", true],
    ["ltd_tier_6", false],
    ["Team", false],
    ["", false],
  ])("isPlanId(%j) is %s", (id, ok) => {
    expect(isPlanId(id)).toBe(ok);
  });

  it("normalises the admin input's email and refuses unknown plans", () => {
    expect(zSetUserPlanInput.parse({ email: " Ada@Example.com ", plan: "pro" })).toEqual({
      email: "ada@example.com",
      plan: "pro",
    });
    expect(zSetUserPlanInput.safeParse({ email: "ada@example.com", plan: "gold" }).success).toBe(false);
    expect(zSetUserPlanInput.safeParse({ email: "not-an-email", plan: "pro" }).success).toBe(false);
  });

  it("words the free question limit so the client shows Upgrade", () => {
    const text = chatMessages.copilotDailyLimit({ n: 10 });
    expect(text.startsWith(chatMessages.copilotLimitPrefix)).toBe(true);
    expect(text).toBe("Daily Copilot limit reached. Free users can perform only 10 searches per day.");
  });
});
