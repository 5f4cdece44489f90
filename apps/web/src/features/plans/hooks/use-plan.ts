import { useQuery, useQueryClient } from "@tanstack/react-query";
import { getUserPlan, getUserStats } from "../api/plans";
import { planGateFrom, type PlanGate } from "../logic/plan-gate";

export const planKey = ["plans", "plan"] as const;
export const statsKey = ["plans", "stats"] as const;

export function useUserPlan() {
  return useQuery({ queryKey: planKey, queryFn: ({ signal }) => getUserPlan(signal), staleTime: 60_000 });
}

export function useUserStats() {
  return useQuery({ queryKey: statsKey, queryFn: ({ signal }) => getUserStats(signal), staleTime: 5_000 });
}

/**
 * For the chat toolbar: whether web search, app search and agents may be turned on now, with the
 * spec's refusal messages (e.g. 'Daily web search limit reached. Turn off web search or upgrade
 * your plan to get unlimited searches.'). Call `refresh()` after each question so the counts follow.
 */
export function usePlanGate(): PlanGate & { refresh: () => Promise<void>; loading: boolean } {
  const qc = useQueryClient();
  const plan = useUserPlan();
  const stats = useUserStats();
  return {
    ...planGateFrom(plan.data, stats.data),
    loading: plan.isPending || stats.isPending,
    refresh: () => qc.invalidateQueries({ queryKey: ["plans"] }),
  };
}
