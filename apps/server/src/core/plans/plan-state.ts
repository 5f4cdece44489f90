import { constants, isPaidPlan, isPlanId, type PlanId } from "@mnemo/contracts";

/** A subscription row as the plan resolver needs it. */
export type SubscriptionFact = { plan: string; status: string; createdAt: Date };

export type PlanFacts = {
  /** The user's profile, or undefined when it is missing. */
  profile?: { plan: string; skipTrial: boolean };
  subscriptions: SubscriptionFact[];
  isDesktopApp: boolean;
};

export type PlanState = {
  plan: PlanId;
  /** False when the plan cannot be established (no profile, unknown plan): search is blocked. */
  valid: boolean;
  skipTrial: boolean;
  /** trialing | active when a subscription carries the plan; else the latest status, or null. */
  subscriptionStatus: string | null;
  /** Where the plan came from. */
  source: "desktop_app" | "profile" | "subscription" | "lapsed" | "invalid";
};

const isActive = (s: SubscriptionFact) =>
  (constants.plans.activeSubscriptionStatuses as readonly string[]).includes(s.status) && isPlanId(s.plan);

/**
 * The plan a request is served under (spec 3 §6). The desktop app is always team. Otherwise the
 * newest trialing or active subscription decides, unless skip_trial is set, in which case the
 * profile's plan stands on its own (operator- or admin-set plans set skip_trial). A paid profile
 * plan that came from a subscription which has since ended falls back to free.
 */
export function resolvePlanState(facts: PlanFacts): PlanState {
  const newestFirst = [...facts.subscriptions].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const active = newestFirst.find(isActive);
  const latestStatus = active?.status ?? newestFirst[0]?.status ?? null;
  const skipTrial = facts.profile?.skipTrial ?? false;
  if (facts.isDesktopApp) {
    return {
      plan: constants.plans.desktopApp,
      valid: true,
      skipTrial,
      subscriptionStatus: latestStatus,
      source: "desktop_app",
    };
  }
  const profile = facts.profile;
  if (!profile || !isPlanId(profile.plan)) {
    return { plan: "free", valid: false, skipTrial, subscriptionStatus: latestStatus, source: "invalid" };
  }
  if (skipTrial)
    return {
      plan: profile.plan,
      valid: true,
      skipTrial,
      subscriptionStatus: latestStatus,
      source: "profile",
    };
  if (active) {
    return {
      plan: active.plan as PlanId,
      valid: true,
      skipTrial,
      subscriptionStatus: active.status,
      source: "subscription",
    };
  }
  const billed = newestFirst.some((s) => s.plan === profile.plan);
  if (isPaidPlan(profile.plan) && billed) {
    return { plan: "free", valid: true, skipTrial, subscriptionStatus: latestStatus, source: "lapsed" };
  }
  return { plan: profile.plan, valid: true, skipTrial, subscriptionStatus: latestStatus, source: "profile" };
}
