import { Link } from "react-router";
import { CheckIcon } from "lucide-react";
import type { PlanId } from "@mnemo/contracts/constants";
import { cn } from "@/lib/utils";
import { lifetimeFeatures, planFeatures } from "../logic/features";
import {
  lifetimeCard,
  lifetimePrice,
  planPrice,
  upgradeHref,
  type BillingMode,
  type PlanCard,
  type UpgradePlan,
} from "../logic/pricing";

const titles: Record<UpgradePlan, string> = { pro: "Pro", team: "Team" };
const blurbs: Record<UpgradePlan, string> = {
  pro: "For one person's second brain.",
  team: "For teams sharing knowledge.",
};

function Card({
  card,
  title,
  blurb,
  price,
  period,
  features,
  highlighted,
  currentPlan,
}: {
  card: PlanCard;
  title: string;
  blurb: string;
  price: string;
  period: string;
  features: string[];
  highlighted: boolean;
  currentPlan: PlanId | undefined;
}) {
  const href = upgradeHref(card, currentPlan);
  return (
    <article
      data-testid={`plan-card-${card.mode === "lifetime" ? "lifetime" : card.plan}`}
      aria-label={`${title} plan`}
      className={cn(
        "relative flex flex-col gap-4 rounded-xl border bg-card p-5",
        highlighted && "border-primary shadow-lg ring-1 ring-primary",
      )}
    >
      {card.mode !== "lifetime" && highlighted && (
        <span className="absolute -top-3 left-5 rounded-full bg-primary px-2.5 py-0.5 text-xs font-semibold text-primary-foreground">
          Most popular
        </span>
      )}
      <div>
        <h3 className="text-lg font-semibold">{title}</h3>
        <p className="text-sm text-muted-foreground">{blurb}</p>
      </div>
      <p className="flex items-baseline gap-1">
        <span className="text-3xl font-bold tracking-tight" data-testid="plan-price">
          {price}
        </span>
        <span className="text-sm text-muted-foreground">{period}</span>
      </p>
      <ul className="flex flex-1 flex-col gap-2 text-sm">
        {features.map((f) => (
          <li key={f} className="flex items-start gap-2">
            <CheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden /> {f}
          </li>
        ))}
      </ul>
      {href ? (
        <Link
          to={href}
          className={cn(
            "inline-flex h-10 items-center justify-center rounded-md px-4 text-sm font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring",
            highlighted
              ? "bg-primary text-primary-foreground hover:bg-primary/90"
              : "border bg-background hover:bg-accent",
          )}
        >
          Upgrade to {title}
        </Link>
      ) : (
        <p className="inline-flex h-10 items-center justify-center rounded-md bg-muted text-sm font-medium text-muted-foreground">
          Current plan
        </p>
      )}
    </article>
  );
}

/**
 * The cards of a tab: Pro and a highlighted Team for Monthly and Yearly, one Lifetime card for
 * Lifetime. The current plan's card has no link.
 */
export function PlanCards({
  mode,
  currentPlan,
  timeZone,
}: {
  mode: BillingMode;
  currentPlan: PlanId | undefined;
  timeZone: string | undefined;
}) {
  if (mode === "lifetime") {
    return (
      <div className="mx-auto w-full max-w-sm">
        <Card
          card={lifetimeCard}
          title="Lifetime"
          blurb="Pay once, keep it for good."
          price={lifetimePrice(timeZone).label}
          period="once"
          features={lifetimeFeatures}
          highlighted
          currentPlan={currentPlan}
        />
      </div>
    );
  }
  return (
    <div className="grid gap-5 pt-2 sm:grid-cols-2">
      {(["pro", "team"] as const).map((plan) => (
        <Card
          key={plan}
          card={{ plan, mode }}
          title={titles[plan]}
          blurb={blurbs[plan]}
          price={planPrice(plan, mode).label}
          period={mode === "yearly" ? "/ month, billed yearly" : "/ month"}
          features={planFeatures(plan)}
          highlighted={plan === "team"}
          currentPlan={currentPlan}
        />
      ))}
    </div>
  );
}
