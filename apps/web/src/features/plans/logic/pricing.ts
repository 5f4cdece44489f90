import { plans as planConstants, pricing, type PlanId } from "@mnemo/contracts/constants";

export type BillingMode = (typeof pricing.billingModes)[number];
export type UpgradePlan = (typeof pricing.upgradePlans)[number];

export const UPGRADE_ROUTE = "/upgrade-plan";

/** The browser's IANA time zone (e.g. Asia/Kolkata), or undefined when it cannot tell. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

function money(amount: number, currency: "USD" | "INR"): string {
  const fractional = !Number.isInteger(amount);
  return new Intl.NumberFormat(currency === "INR" ? "en-IN" : "en-US", {
    style: "currency",
    currency,
    minimumFractionDigits: fractional ? 2 : 0,
    maximumFractionDigits: fractional ? 2 : 0,
  }).format(amount);
}

/** Lifetime price (spec 3 §9): $495, or ₹39,999 in the Asia/Calcutta and Asia/Kolkata time zones. */
export function lifetimePrice(timeZone: string | undefined): {
  amount: number;
  currency: "USD" | "INR";
  label: string;
} {
  const inr = !!timeZone && (pricing.lifetimePrice.inrTimeZones as readonly string[]).includes(timeZone);
  const amount = inr ? pricing.lifetimePrice.inr : pricing.lifetimePrice.usd;
  const currency = inr ? "INR" : "USD";
  return { amount, currency, label: money(amount, currency) };
}

/**
 * Monthly or yearly price of Pro or Team per month; yearly takes the yearly discount. The one
 * source of prices for the pricing modal and the Upgrade Your Plan screen alike.
 */
export function planPrice(
  plan: UpgradePlan,
  mode: "monthly" | "yearly",
): { perMonth: number; label: string } {
  const monthly = pricing.monthlyUsd[plan];
  const perMonth =
    mode === "monthly" ? monthly : Math.round(monthly * (100 - pricing.yearlyDiscount.percent)) / 100;
  return { perMonth, label: money(perMonth, "USD") };
}

/** A pricing card: Pro or Team on the Monthly/Yearly tabs, or the one Lifetime card. */
export type PlanCard = { plan: UpgradePlan; mode: BillingMode };

/** The Lifetime tab's single card links with plan=team and mode=lifetime (spec 3 §2). */
export const lifetimeCard: PlanCard = { plan: pricing.lifetimeLink.plan, mode: pricing.lifetimeLink.mode };

/** Whether a card is the user's current plan: the same plan, or any lifetime tier for the Lifetime card. */
export function isCurrentPlanCard(card: PlanCard, currentPlan: PlanId | undefined): boolean {
  if (!currentPlan) return false;
  if (card.mode === "lifetime")
    return (planConstants.lifetimeTiers as readonly string[]).includes(currentPlan);
  return card.plan === currentPlan;
}

/**
 * The upgrade link of a card: the upgrade route with plan and mode; none (null) for the card of
 * the current plan, which says 'Current plan' instead.
 */
export function upgradeHref(card: PlanCard, currentPlan: PlanId | undefined): string | null {
  if (isCurrentPlanCard(card, currentPlan)) return null;
  return `${UPGRADE_ROUTE}?${new URLSearchParams({ plan: card.plan, mode: card.mode }).toString()}`;
}

/** Reads plan and mode from the upgrade route's query; anything else is not a chosen plan. */
export function parseUpgradeQuery(params: URLSearchParams): PlanCard | null {
  const plan = params.get("plan");
  const mode = params.get("mode");
  const planOk = (pricing.upgradePlans as readonly string[]).includes(plan ?? "");
  const modeOk = (pricing.billingModes as readonly string[]).includes(mode ?? "");
  return planOk && modeOk ? { plan: plan as UpgradePlan, mode: mode as BillingMode } : null;
}
