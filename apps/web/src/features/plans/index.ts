/** Public pieces of plans and pricing, for the chat toolbar, account settings and the shell. */
export { usePlanGate, useUserPlan, useUserStats } from "./hooks/use-plan";
export type { PlanGate, Gate } from "./logic/plan-gate";
export { UsageMeters } from "./components/usage-meters";
export { PlansDialog } from "./components/plans-dialog";
export { plansHref } from "./logic/links";
export { UpgradePlanPage } from "./components/upgrade-plan-page";
export { AdminPage } from "./components/admin-page";
export { planName } from "./logic/plan-names";
export { getUserStats } from "./api/plans";
