import type { PlanId } from "@mnemo/contracts";

/** A subscription as a billing provider reports it; stored in the `subscription` table. */
export type ProviderSubscription = {
  /** The provider's subscription id (primary key of `subscription`). */
  id: string;
  ownerId: string;
  plan: PlanId;
  /** The provider's status: trialing and active count as a valid plan (spec 3 §6). */
  status: string;
  currentPeriodEnd: Date | null;
};

export type CheckoutRequest = {
  ownerId: string;
  email: string;
  plan: Extract<PlanId, "pro" | "team">;
  mode: "monthly" | "yearly" | "lifetime";
  successUrl: string;
  cancelUrl: string;
};

/**
 * What a payment provider (a later Stripe adapter) must offer Mnemo. None is configured today:
 * plans are set by the operator (`set-plan`) or an administrator (PUT /api/admin/user_plan), and
 * no fake adapter pretends otherwise. An adapter writes the subscriptions it learns about
 * (webhooks) into the `subscription` table; `resolvePlanState` reads them.
 */
export interface BillingProvider {
  /** Provider name stored in `subscription.provider`, e.g. "stripe". */
  readonly name: string;
  /** A hosted checkout page for the upgrade link (plan=pro|team, mode=monthly|yearly|lifetime). */
  createCheckout(req: CheckoutRequest): Promise<{ url: string }>;
  /** A hosted page where the customer manages or cancels the subscription. */
  createPortalSession(ownerId: string, returnUrl: string): Promise<{ url: string }>;
  /**
   * Verifies a webhook (signature over the raw body) and returns the subscriptions it changes,
   * or an empty list for events Mnemo ignores. Throws on a bad signature.
   */
  parseWebhook(rawBody: string, headers: Headers): Promise<ProviderSubscription[]>;
}
