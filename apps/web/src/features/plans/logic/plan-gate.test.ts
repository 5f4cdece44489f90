import { describe, expect, it } from "vitest";
import { chatMessages, planLimits, type UserPlan, type UserStats } from "@mnemo/contracts";
import { planGateFrom } from "./plan-gate";
import { usageMeters } from "./usage";

const stat = (count: number, limit: number | null) => ({
  count,
  limit,
  remaining: limit === null ? null : Math.max(0, limit - count),
});
const plan = (p: "free" | "team"): UserPlan => ({
  plan: p,
  is_org_admin: false,
  is_app_sumo_admin: false,
  is_site_admin: false,
  skip_trial: false,
  subscription_status: null,
  is_paid: p !== "free",
  white_label: false,
  limits: planLimits(p),
  upload_size_limit_mb: 25,
  video_max_minutes: null,
});
const stats = (web: number, webLimit: number | null, agent = 0): UserStats => ({
  plan: "free",
  day: "2025-03-01",
  daily: {
    qna: stat(1, 10),
    web: stat(web, webLimit),
    apps: stat(0, 10),
    agent: stat(agent, 3),
    file_upload: stat(0, 10),
  },
  collections: stat(1, 3),
});

describe("planGateFrom", () => {
  it("allows web search below the limit and says how many are left", () => {
    expect(planGateFrom(plan("free"), stats(4, 5)).web).toEqual({ allowed: true, refusal: null, left: 1 });
  });
  it("refuses turning web on at or over the limit with the spec's message", () => {
    for (const used of [5, 7]) {
      const g = planGateFrom(plan("free"), stats(used, 5)).web;
      expect(g.allowed).toBe(false);
      expect(g.refusal).toBe(chatMessages.webSearchLimit);
    }
  });
  it("never refuses an unlimited counter", () => {
    expect(planGateFrom(plan("team"), stats(500, null)).web.allowed).toBe(true);
  });
  it("makes agents unselectable without uses left", () => {
    const g = planGateFrom(plan("free"), stats(0, 5, 3)).agents;
    expect(g).toEqual({ allowed: false, refusal: chatMessages.agenticSearchLimit, left: 0 });
  });
  it("reports model choice from the plan and an unknown state before the plan loads", () => {
    expect(planGateFrom(plan("free"), undefined).modelSelection).toBe(false);
    expect(planGateFrom(plan("team"), undefined).modelSelection).toBe(true);
    expect(planGateFrom(undefined, undefined).known).toBe(false);
  });
});

describe("usageMeters", () => {
  it("shows today's counts against the limits", () => {
    const m = usageMeters(stats(5, 5));
    const web = m.daily.find((x) => x.key === "web");
    expect(web).toMatchObject({ label: "Web searches", text: "5 of 5", percent: 100, atLimit: true });
    expect(m.daily.find((x) => x.key === "qna")).toMatchObject({
      text: "1 of 10",
      percent: 10,
      atLimit: false,
    });
    expect(usageMeters(stats(9, null)).daily.find((x) => x.key === "web")).toMatchObject({
      text: "9 · unlimited",
      percent: null,
      atLimit: false,
    });
    expect(m.collections.text).toBe("1 of 3");
  });
});
