import { describe, expect, it } from "vitest";
import { resolvePlanState, type PlanFacts, type SubscriptionFact } from "./plan-state.ts";

const sub = (plan: string, status: string, day: number): SubscriptionFact => ({
  plan,
  status,
  createdAt: new Date(Date.UTC(2025, 0, day)),
});

describe("plan state", () => {
  it.each<[string, PlanFacts, { plan: string; valid: boolean; subscriptionStatus: string | null }]>([
    [
      "a new free user",
      { profile: { plan: "free", skipTrial: false }, subscriptions: [], isDesktopApp: false },
      { plan: "free", valid: true, subscriptionStatus: null },
    ],
    [
      "the desktop app is team whatever the plan",
      { profile: { plan: "free", skipTrial: false }, subscriptions: [], isDesktopApp: true },
      { plan: "team", valid: true, subscriptionStatus: null },
    ],
    [
      "a trialing subscription gives its plan",
      {
        profile: { plan: "free", skipTrial: false },
        subscriptions: [sub("pro", "trialing", 1)],
        isDesktopApp: false,
      },
      { plan: "pro", valid: true, subscriptionStatus: "trialing" },
    ],
    [
      "an active subscription gives its plan",
      {
        profile: { plan: "free", skipTrial: false },
        subscriptions: [sub("team", "active", 1)],
        isDesktopApp: false,
      },
      { plan: "team", valid: true, subscriptionStatus: "active" },
    ],
    [
      "the newest active subscription wins",
      {
        profile: { plan: "free", skipTrial: false },
        subscriptions: [sub("team", "active", 1), sub("pro", "active", 5), sub("team", "canceled", 9)],
        isDesktopApp: false,
      },
      { plan: "pro", valid: true, subscriptionStatus: "active" },
    ],
    [
      "a canceled subscription's plan lapses to free",
      {
        profile: { plan: "pro", skipTrial: false },
        subscriptions: [sub("pro", "canceled", 1)],
        isDesktopApp: false,
      },
      { plan: "free", valid: true, subscriptionStatus: "canceled" },
    ],
    [
      "past_due does not count as active",
      {
        profile: { plan: "pro", skipTrial: false },
        subscriptions: [sub("pro", "past_due", 1)],
        isDesktopApp: false,
      },
      { plan: "free", valid: true, subscriptionStatus: "past_due" },
    ],
    [
      "skip_trial keeps the profile plan over subscriptions",
      {
        profile: { plan: "ltd_tier_3", skipTrial: true },
        subscriptions: [sub("pro", "active", 1)],
        isDesktopApp: false,
      },
      { plan: "ltd_tier_3", valid: true, subscriptionStatus: "active" },
    ],
    [
      "skip_trial keeps a paid plan without a subscription",
      {
        profile: { plan: "pro", skipTrial: true },
        subscriptions: [sub("pro", "canceled", 1)],
        isDesktopApp: false,
      },
      { plan: "pro", valid: true, subscriptionStatus: "canceled" },
    ],
    [
      "a lifetime plan with an unrelated ended subscription stays",
      {
        profile: { plan: "ltd_tier_2", skipTrial: false },
        subscriptions: [sub("pro", "canceled", 1)],
        isDesktopApp: false,
      },
      { plan: "ltd_tier_2", valid: true, subscriptionStatus: "canceled" },
    ],
    [
      "an active subscription to an unknown plan is ignored",
      {
        profile: { plan: "free", skipTrial: false },
        subscriptions: [sub("gold", "active", 1)],
        isDesktopApp: false,
      },
      { plan: "free", valid: true, subscriptionStatus: "active" },
    ],
    [
      "no profile: invalid",
      { subscriptions: [], isDesktopApp: false },
      { plan: "free", valid: false, subscriptionStatus: null },
    ],
    [
      "an unknown stored plan: invalid",
      { profile: { plan: "gold", skipTrial: false }, subscriptions: [], isDesktopApp: false },
      { plan: "free", valid: false, subscriptionStatus: null },
    ],
  ])("%s", (_name, facts, expected) => {
    expect(resolvePlanState(facts)).toMatchObject(expected);
  });
});
