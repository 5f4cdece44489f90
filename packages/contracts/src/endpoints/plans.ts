import {
  zSetDefaultPlanInput,
  zSetDefaultPlanResponse,
  zSetSiteAdminInput,
  zSetSiteAdminResponse,
  zSetUserPlanInput,
  zSetUserPlanResponse,
  zSiteSupport,
  zSiteUsers,
  zUserPlan,
  zUserStats,
  zUserStatsQuery,
} from "../plans.ts";
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
    summary: "Set a user's plan (site administrators or the operator command)",
    tag: "plans",
    body: zSetUserPlanInput,
    response: zSetUserPlanResponse,
  }),
  listSiteUsers: endpoint({
    method: "get",
    path: "/admin/users",
    summary: "Every account with its plan and administrator flag, and the default plan (site administrators)",
    tag: "plans",
    response: zSiteUsers,
  }),
  setDefaultPlan: endpoint({
    method: "put",
    path: "/admin/default_plan",
    summary:
      "The plan new accounts get, stored over DEFAULT_PLAN (site administrators or the operator command)",
    tag: "plans",
    body: zSetDefaultPlanInput,
    response: zSetDefaultPlanResponse,
  }),
  setSiteAdmin: endpoint({
    method: "put",
    path: "/admin/site_admin",
    summary:
      "Promote or demote a site administrator; the last one stays (site administrators or the operator command)",
    tag: "plans",
    body: zSetSiteAdminInput,
    response: zSetSiteAdminResponse,
  }),
  siteSupport: endpoint({
    method: "get",
    path: "/site/support",
    summary:
      "Whom to contact for help on this server (SUPPORT_CONTACT, else the first site administrator's name) and the docs link (DOCS_URL)",
    tag: "plans",
    response: zSiteSupport,
  }),
};
