import { zSetUserPlanInput, zSetUserPlanResponse, zUserPlan, zUserStats, zUserStatsQuery } from "../plans.ts";
import { endpoint } from "./endpoint.ts";

/** Plan state, daily usage and the administrators' plan switch (spec 1 §3, spec 3 §3, §6, §7). */
export const plans = {
  getUserPlan: endpoint({
    method: "get",
    path: "/user/plan",
    summary: "The signed-in user's plan, admin flags, subscription status and limits",
    tag: "plans",
    response: zUserPlan,
  }),
  getUserStats: endpoint({
    method: "get",
    path: "/user/stats",
    summary:
      "Today's usage (qna, web, apps, agent, file_upload) against the plan's limits when needDailyStats=true; owned collections",
    tag: "plans",
    query: zUserStatsQuery,
    response: zUserStats,
  }),
  setUserPlan: endpoint({
    method: "put",
    path: "/admin/user_plan",
    summary: "Set a user's plan (site administrators only)",
    tag: "plans",
    body: zSetUserPlanInput,
    response: zSetUserPlanResponse,
  }),
};
