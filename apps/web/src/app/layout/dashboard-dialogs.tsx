import { useSearchParams } from "react-router";
import { routes } from "@mnemo/contracts/constants";
import { PlansDialog, useUserPlan } from "@/features/plans";
import { SupportDialog } from "@/features/support";

/** `?showPlans=true` opens the plans, `?support=true` opens contact support; closing drops the parameter. */
export function DashboardDialogs({ plan }: { plan: string | undefined }) {
  const [params, setParams] = useSearchParams();
  const isSiteAdmin = useUserPlan().data?.is_site_admin === true;
  const { showPlans, support } = routes.dashboardQuery;
  const close = (key: string) => (open: boolean) => {
    if (open) return;
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete(key);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  return (
    <>
      <PlansDialog
        open={params.get(showPlans) === "true"}
        onOpenChange={close(showPlans)}
        plan={plan}
        isSiteAdmin={isSiteAdmin}
      />
      <SupportDialog open={params.get(support) === "true"} onOpenChange={close(support)} />
    </>
  );
}
