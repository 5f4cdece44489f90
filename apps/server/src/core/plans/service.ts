import {
  isPaidPlan,
  isWhiteLabelPlan,
  planLimits,
  planMessages,
  uploadSizeLimitMb,
  usageKinds,
  usageLimitFor,
  usesLeft,
  videoMaxMinutes,
  limitFor,
  type PlanId,
  type UserPlan,
  type UserStats,
} from "@mnemo/contracts";
import type { Actor } from "../../platform/context.ts";
import { AppError, forbidden, notFound } from "../../platform/lib/errors.ts";
import { resolvePlanState, type PlanState } from "./plan-state.ts";
import * as repo from "./repo.ts";
import type { Tx } from "./repo.ts";
import { usageDay } from "./usage-day.ts";

/** The plan state of the signed-in user for this request (desktop app, subscriptions, skip_trial). */
export async function loadPlanState(db: Tx, actor: Pick<Actor, "id" | "isDesktopApp">): Promise<PlanState> {
  const [profile, subscriptions] = await Promise.all([
    repo.findPlanProfile(db, actor.id),
    repo.listSubscriptions(db, actor.id),
  ]);
  return resolvePlanState({ profile, subscriptions, isDesktopApp: actor.isDesktopApp });
}

/** The plan state, refusing the action when it is not valid (spec 1 §5: search needs a valid plan state). */
export async function requireValidPlan(
  db: Tx,
  actor: Pick<Actor, "id" | "isDesktopApp">,
): Promise<PlanState> {
  const state = await loadPlanState(db, actor);
  if (!state.valid) throw new AppError("forbidden", planMessages.invalidPlanState);
  return state;
}

/** Lifetime deals are sold through AppSumo; their organisation admins are the app-sumo admins. */
function isAppSumoPlan(plan: PlanId): boolean {
  return plan.startsWith("ltd_tier_");
}

/** GET /api/user/plan. */
export async function getUserPlan(db: Tx, actor: Actor): Promise<UserPlan> {
  const [state, orgAdmin, profile] = await Promise.all([
    loadPlanState(db, actor),
    repo.isOrgAdmin(db, actor.id),
    repo.findPlanProfile(db, actor.id),
  ]);
  return {
    plan: state.plan,
    is_org_admin: orgAdmin,
    is_app_sumo_admin: orgAdmin && isAppSumoPlan(state.plan),
    is_site_admin: profile?.isAdmin ?? false,
    skip_trial: state.skipTrial,
    subscription_status: state.subscriptionStatus,
    is_paid: isPaidPlan(state.plan),
    white_label: isWhiteLabelPlan(state.plan),
    limits: planLimits(state.plan),
    upload_size_limit_mb: uploadSizeLimitMb(state.plan),
    video_max_minutes: videoMaxMinutes(state.plan),
  };
}

/** GET /api/user/stats: today's counters against the plan's limits, and the collections owned. */
export async function getUserStats(
  db: Tx,
  actor: Actor,
  opts: { needDailyStats: boolean; userSystemDate?: string; now?: Date },
): Promise<UserStats> {
  const state = await loadPlanState(db, actor);
  const day = usageDay(opts.now ?? new Date(), opts.userSystemDate);
  const [counts, collections] = await Promise.all([
    opts.needDailyStats ? repo.dailyCounts(db, actor.id, day) : Promise.resolve(undefined),
    repo.countOwnedCollections(db, actor.id),
  ]);
  const stat = (count: number, limit: number | null) => ({ count, limit, remaining: usesLeft(count, limit) });
  const daily = counts
    ? (Object.fromEntries(
        usageKinds.map((k) => [k, stat(counts[k] ?? 0, usageLimitFor(state.plan, k))]),
      ) as NonNullable<UserStats["daily"]>)
    : undefined;
  return {
    plan: state.plan,
    day,
    daily,
    collections: stat(collections, limitFor(state.plan, "collectionCount")),
  };
}

/** Sets a user's plan by e-mail (operator command and admin API). Throws not_found for an unknown e-mail. */
export async function setUserPlan(db: Tx, email: string, plan: PlanId): Promise<{ userId: string }> {
  const userId = await repo.setPlanByEmail(db, email, plan);
  if (!userId) throw notFound("No user has this e-mail address.");
  return { userId };
}

/** Only site administrators (user_profile.is_admin) may set plans through the API. */
export async function requireSiteAdmin(db: Tx, actor: Actor): Promise<void> {
  const profile = await repo.findPlanProfile(db, actor.id);
  if (!profile?.isAdmin) throw forbidden();
}
