import { endpoints, type SiteUsers } from "@mnemo/contracts";
import type { PlanId } from "@mnemo/contracts/constants";
import { api } from "@/lib/api";

/** GET /api/admin/users: every account with its plan, and the plan new accounts get. */
export function listSiteUsers(signal?: AbortSignal): Promise<SiteUsers> {
  return api.request(endpoints.plans.listSiteUsers, { signal });
}

/** PUT /api/admin/user_plan. */
export async function setUserPlan(email: string, plan: PlanId): Promise<void> {
  await api.request(endpoints.plans.setUserPlan, { body: { email, plan } });
}

/** PUT /api/admin/default_plan: stored over DEFAULT_PLAN. */
export async function setDefaultPlan(plan: PlanId): Promise<void> {
  await api.request(endpoints.plans.setDefaultPlan, { body: { plan } });
}

/** PUT /api/admin/site_admin: promote or demote (the server keeps the last administrator). */
export async function setSiteAdmin(email: string, isAdmin: boolean): Promise<void> {
  await api.request(endpoints.plans.setSiteAdmin, { body: { email, is_admin: isAdmin } });
}
