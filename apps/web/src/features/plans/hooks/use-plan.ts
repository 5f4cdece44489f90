import { useCallback } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { queryKeys } from "@/lib/query-keys";
import { getUserPlan, getUserStats } from "../api/plans";
import { planGateFrom, type PlanGate } from "../logic/plan-gate";

const planKey = queryKeys.plans.plan;
const statsKey = queryKeys.plans.stats;

export function useUserPlan(enabled = true) {
  return useQuery({
    queryKey: planKey,
    queryFn: ({ signal }) => getUserPlan(signal),
    staleTime: 60_000,
    enabled,
  });
}

export function useUserStats(enabled = true) {
  return useQuery({
    queryKey: statsKey,
    queryFn: ({ signal }) => getUserStats(signal),
    staleTime: 5_000,
    enabled,
  });
}

/**
 * For the chat toolbar: whether web search, app search and agents may be turned on now, with the
 * spec's refusal messages (e.g. 'Daily web search limit reached. Turn off web search or upgrade
 * your plan to get unlimited searches.'). Call `refresh()` after each question so the counts follow.
 * Pass `enabled: false` for visitors without an account (nothing is fetched, nothing is refused).
 */
export function usePlanGate({ enabled = true }: { enabled?: boolean } = {}): PlanGate & {
  refresh: () => Promise<void>;
  loading: boolean;
} {
  const qc = useQueryClient();
  const plan = useUserPlan(enabled);
  const stats = useUserStats(enabled);
  const refresh = useCallback(() => qc.invalidateQueries({ queryKey: queryKeys.plans.all }), [qc]);
  return {
    ...planGateFrom(plan.data, stats.data),
    loading: enabled && (plan.isPending || stats.isPending),
    refresh,
  };
}
