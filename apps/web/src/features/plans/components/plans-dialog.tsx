import { useState } from "react";
import { pricing, type PlanId } from "@mnemo/contracts/constants";
import { isPlanId } from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { browserTimeZone, type BillingMode } from "../logic/pricing";
import { planName } from "../logic/plan-names";
import { PaymentsNotice } from "./payments-notice";
import { PlanCards } from "./plan-cards";
import { PlanTabs } from "./plan-tabs";

/**
 * The pricing modal opened by `?showPlans=true` (spec 3 §2): tabs Monthly, Yearly (-40%) and
 * Lifetime; Pro and a highlighted Team card, or one Lifetime card; Close.
 */
export function PlansDialog({
  open,
  onOpenChange,
  plan,
  isSiteAdmin = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  plan: string | undefined;
  /** The viewer administers this server: the notice links to the Admin page. */
  isSiteAdmin?: boolean;
}) {
  const [mode, setMode] = useState<BillingMode>("monthly");
  const current: PlanId | undefined = plan && isPlanId(plan) ? plan : undefined;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-3xl overflow-y-auto" showClose={false}>
        <DialogHeader className="items-center pr-0 text-center">
          <DialogTitle className="text-xl">Plans</DialogTitle>
          <DialogDescription>
            {current ? (
              <>
                You are on the <span className="font-medium">{planName(current)}</span> plan.
              </>
            ) : (
              "Choose the plan that fits."
            )}
          </DialogDescription>
        </DialogHeader>
        <div className="flex justify-center">
          <PlanTabs mode={mode} onMode={setMode} yearlyBadge={pricing.yearlyDiscount.label} />
        </div>
        <PlanCards mode={mode} currentPlan={current} timeZone={browserTimeZone()} />
        <PaymentsNotice isSiteAdmin={isSiteAdmin} />
        <div className="flex justify-center">
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
