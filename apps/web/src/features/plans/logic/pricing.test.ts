import { describe, expect, it } from "vitest";
import {
  isCurrentPlanCard,
  lifetimePrice,
  parseUpgradeQuery,
  planPrice,
  upgradeHref,
  type PlanCard,
} from "./pricing";

describe("lifetimePrice", () => {
  it.each([
    ["Asia/Kolkata", "₹39,999", "INR"],
    ["Asia/Calcutta", "₹39,999", "INR"],
    ["Europe/Paris", "$495", "USD"],
    ["America/New_York", "$495", "USD"],
    ["Asia/Karachi", "$495", "USD"],
    [undefined, "$495", "USD"],
  ])("in %s is %s", (tz, label, currency) => {
    const p = lifetimePrice(tz);
    expect(p.label).toBe(label);
    expect(p.currency).toBe(currency);
  });
});

describe("planPrice", () => {
  it("takes the one yearly discount (40%) that the modal and the plan screen both show", () => {
    expect(planPrice("pro", "monthly").label).toBe("$15");
    expect(planPrice("pro", "yearly").label).toBe("$9");
    expect(planPrice("team", "yearly").label).toBe("$18");
    expect(planPrice("team", "monthly").label).toBe("$30");
  });
});

describe("upgradeHref", () => {
  const cases: [PlanCard, string | undefined, string | null][] = [
    [{ plan: "pro", mode: "monthly" }, "free", "/upgrade-plan?plan=pro&mode=monthly"],
    [{ plan: "team", mode: "yearly" }, "free", "/upgrade-plan?plan=team&mode=yearly"],
    [{ plan: "team", mode: "lifetime" }, "free", "/upgrade-plan?plan=team&mode=lifetime"],
    [{ plan: "pro", mode: "monthly" }, "pro", null],
    [{ plan: "pro", mode: "yearly" }, "pro", null],
    [{ plan: "team", mode: "monthly" }, "pro", "/upgrade-plan?plan=team&mode=monthly"],
    [{ plan: "team", mode: "monthly" }, "team", null],
    [{ plan: "team", mode: "lifetime" }, "team", "/upgrade-plan?plan=team&mode=lifetime"],
    [{ plan: "team", mode: "lifetime" }, "ltd_tier_3", null],
    [{ plan: "pro", mode: "monthly" }, "ltd_tier_3", "/upgrade-plan?plan=pro&mode=monthly"],
    [{ plan: "pro", mode: "monthly" }, undefined, "/upgrade-plan?plan=pro&mode=monthly"],
  ];
  it.each(cases)("%o for a %s user → %s", (card, plan, href) => {
    expect(upgradeHref(card, plan as never)).toBe(href);
    expect(isCurrentPlanCard(card, plan as never)).toBe(href === null);
  });
});

describe("parseUpgradeQuery", () => {
  it.each([
    ["plan=pro&mode=monthly", { plan: "pro", mode: "monthly" }],
    ["plan=team&mode=lifetime", { plan: "team", mode: "lifetime" }],
    ["plan=free&mode=monthly", null],
    ["plan=pro&mode=weekly", null],
    ["", null],
  ])("%s", (q, expected) => {
    expect(parseUpgradeQuery(new URLSearchParams(q))).toEqual(expected);
  });
});
