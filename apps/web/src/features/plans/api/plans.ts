import { endpoints, type UserPlan, type UserStats } from "@mnemo/contracts";
import { api } from "@/lib/api";
import { userSystemDate } from "@/lib/user-system-date";

/** GET /api/user/plan: plan, flags, subscription status and limits. */
export function getUserPlan(signal?: AbortSignal): Promise<UserPlan> {
  return api.request(endpoints.plans.getUserPlan, { signal });
}

/**
 * GET /api/user/stats?needDailyStats=true with the browser's local date-time, so the day counted is
 * the user's own (counters reset at local midnight).
 */
export function getUserStats(signal?: AbortSignal, now: Date = new Date()): Promise<UserStats> {
  return api.request(endpoints.plans.getUserStats, {
    query: { needDailyStats: "true", user_system_date: userSystemDate(now) },
    signal,
  });
}
