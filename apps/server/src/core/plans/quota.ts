import { usageLimitFor, type PlanId, type UsageKind } from "@mnemo/contracts";
import type { Actor } from "../../platform/context.ts";
import { limitError } from "./limit-messages.ts";
import { incrementWithinLimit, type Tx } from "./repo.ts";

export type QuotaOptions = {
  /** The plan the request is served under (from `loadPlanState`). */
  plan: PlanId;
  /** The usage day (from `usageDay`). */
  day: string;
  /** Uses to count at once (a batch of files); default 1. */
  amount?: number;
};

/**
 * Checks and counts one use of a daily quota inside the caller's transaction, in one atomic
 * statement: it throws `plan_limit` with the spec's message when the count would pass the plan's
 * limit, and counts (also on unlimited plans, for the stats) otherwise. When the caller's
 * transaction rolls back, the use is not counted. Returns today's new count.
 */
export async function consumeQuota(
  tx: Tx,
  actor: Pick<Actor, "id">,
  kind: UsageKind,
  opts: QuotaOptions,
): Promise<number> {
  const amount = opts.amount ?? 1;
  if (!Number.isInteger(amount) || amount < 1) throw new RangeError("amount must be a positive integer");
  const limit = usageLimitFor(opts.plan, kind);
  const counted = await incrementWithinLimit(tx, { ownerId: actor.id, day: opts.day, kind, amount, limit });
  if (counted === undefined) throw limitError(kind, opts.plan, limit);
  return counted;
}
