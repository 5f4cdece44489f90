import { plans, type PlanId } from "@mnemo/contracts/constants";

/** A plan as people read it: "free" → "Free", "ltd_tier_5" → "Lifetime Tier 5" (never the raw id). */
export function planName(plan: string): string {
  const tier = /^ltd_tier_(\d+)$/.exec(plan);
  if (tier) return `Lifetime Tier ${tier[1]}`;
  return plan.charAt(0).toUpperCase() + plan.slice(1).replaceAll("_", " ");
}

/** Every plan, in the order the Admin page offers them. */
export const planChoices: readonly PlanId[] = plans.ids;
