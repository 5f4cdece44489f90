import { constants, isPlanId, limitFor, type PlanId } from "@mnemo/contracts";

const plans = constants.plans;

/**
 * The plan a request is served under: requests from the desktop app count as team (spec 2 §6,
 * spec 3 §1); an unknown stored plan counts as free.
 */
export function servedPlan(storedPlan: string | null | undefined, isDesktopApp: boolean): PlanId {
  if (isDesktopApp) return plans.desktopApp;
  return storedPlan && isPlanId(storedPlan) ? storedPlan : plans.free;
}

/**
 * How many collections a user on `plan` may own; `null` = unlimited. The one place collection
 * limits are read from (values live in the contracts plan table: free 3, pro 25, team and the
 * top lifetime tier unlimited; see docs/decisions.md "Plan limits").
 */
export function collectionLimitFor(plan: PlanId): number | null {
  return limitFor(plan, "collectionCount");
}

/** The plan's name as the limit messages show it ("free" → "Free", "ltd_tier_2" → "Ltd Tier 2"). */
export function planLabel(plan: PlanId): string {
  return plan
    .split("_")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

/** Creation is blocked when the owned count is at or over the limit (spec 2 §5). */
export function canCreateCollection(ownedCount: number, limit: number | null): boolean {
  return limit === null || ownedCount < limit;
}

/** Adding memories is blocked only when the owned count exceeds the limit (after a downgrade). */
export function canAddToCollections(ownedCount: number, limit: number | null): boolean {
  return limit === null || ownedCount <= limit;
}
