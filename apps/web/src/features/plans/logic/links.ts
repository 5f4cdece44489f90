import { routes } from "@mnemo/contracts/constants";

/** The current address with `?showPlans=true` added, which opens the pricing modal over it. */
export function plansHref(location: { pathname: string; search: string }): string {
  const q = new URLSearchParams(location.search);
  q.set(routes.dashboardQuery.showPlans, "true");
  return `${location.pathname}?${q.toString()}`;
}
