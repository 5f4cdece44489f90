import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { CreditCardIcon, LogOutIcon } from "lucide-react";
import { isPlanId, planMessages } from "@mnemo/contracts";
import { pricing, type PlanId } from "@mnemo/contracts/constants";
import { Button } from "@/components/ui/button";
import { Logo } from "@/components/logo";
import { useSignOut } from "@/features/auth";
import { useUserPlan } from "../hooks/use-plan";
import {
  browserTimeZone,
  lifetimePrice,
  parseUpgradeQuery,
  planPrice,
  type BillingMode,
  type PlanCard,
} from "../logic/pricing";
import { planName } from "../logic/plan-names";
import { PaymentsNotice } from "./payments-notice";
import { PlanCards } from "./plan-cards";
import { PlanTabs } from "./plan-tabs";

const modeLabel: Record<BillingMode, string> = { monthly: "Monthly", yearly: "Yearly", lifetime: "Lifetime" };

/**
 * The plan the upgrade link chose, named once ("Team · Yearly", "Lifetime deal"), with its price;
 * the honest state of billing (nothing is charged) is the notice beside it.
 */
function ChosenPlan({ chosen }: { chosen: PlanCard }) {
  const title =
    chosen.mode === "lifetime"
      ? "Lifetime deal"
      : `${chosen.plan === "pro" ? "Pro" : "Team"} · ${modeLabel[chosen.mode]}`;
  const price =
    chosen.mode === "lifetime"
      ? `${lifetimePrice(browserTimeZone()).label} once`
      : `${planPrice(chosen.plan, chosen.mode).label} / month${chosen.mode === "yearly" ? ", billed yearly" : ""}`;
  return (
    <section
      aria-labelledby="chosen-plan"
      className="mx-auto flex w-full max-w-md flex-col items-center gap-3 rounded-xl border bg-card p-6 text-center"
    >
      <div className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <CreditCardIcon className="size-6" aria-hidden />
      </div>
      <div>
        <p className="text-sm text-muted-foreground">You chose</p>
        <h2 id="chosen-plan" className="text-xl font-semibold">
          {title}
        </h2>
        <p className="mt-1 text-sm">{price}</p>
      </div>
    </section>
  );
}

/**
 * The full-screen Upgrade Your Plan screen (spec 3 §2): tabs Monthly, Yearly (-50% off) and
 * Lifetime, Pro and Team cards, Logout. With `?plan=&mode=` it names the chosen plan above them.
 */
export function UpgradePlanPage() {
  const [params] = useSearchParams();
  const chosen = parseUpgradeQuery(params);
  const [mode, setMode] = useState<BillingMode>(chosen?.mode ?? "monthly");
  const { data: plan } = useUserPlan();
  const signOut = useSignOut();
  const current: PlanId | undefined = plan && isPlanId(plan.plan) ? plan.plan : undefined;

  return (
    <div className="min-h-dvh bg-background">
      <header className="flex items-center justify-between gap-3 border-b px-4 py-3 sm:px-6">
        <Link to="/" className="flex items-center gap-2 font-semibold">
          <Logo /> Mnemo
        </Link>
        <Button variant="ghost" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          <LogOutIcon aria-hidden /> {planMessages.logout}
        </Button>
      </header>
      <main className="mx-auto flex max-w-4xl flex-col gap-8 px-4 py-10 sm:px-6">
        <div className="text-center">
          <h1 className="text-3xl font-semibold tracking-tight">{planMessages.upgradeScreenTitle}</h1>
          {current && (
            <p className="mt-2 text-sm text-muted-foreground">
              Current plan: <span className="font-medium">{planName(current)}</span>
            </p>
          )}
        </div>
        {chosen && <ChosenPlan chosen={chosen} />}
        <PaymentsNotice isSiteAdmin={plan?.is_site_admin === true} className="mx-auto w-full max-w-xl" />
        {/* Every plan stays in view beside the chosen one, its tab open (issue 41). */}
        <section aria-label="All plans" className="flex flex-col gap-6">
          <div className="flex justify-center">
            <PlanTabs mode={mode} onMode={setMode} yearlyBadge={pricing.yearlyDiscount.label} />
          </div>
          <PlanCards mode={mode} currentPlan={current} timeZone={browserTimeZone()} />
        </section>
        <p className="text-center text-sm">
          <Link
            to="/"
            className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
          >
            Back to Mnemo
          </Link>
        </p>
      </main>
    </div>
  );
}
