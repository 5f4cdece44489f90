import { planMessages } from "@mnemo/contracts";
import { cn } from "@/lib/utils";
import type { BillingMode } from "../logic/pricing";

const modes: BillingMode[] = ["monthly", "yearly", "lifetime"];

/** Monthly, Yearly (with its discount badge) and Lifetime. */
export function PlanTabs({
  mode,
  onMode,
  yearlyBadge,
}: {
  mode: BillingMode;
  onMode: (m: BillingMode) => void;
  yearlyBadge: string;
}) {
  return (
    <div
      role="tablist"
      aria-label="Billing period"
      className="mx-auto inline-flex rounded-full border bg-muted/60 p-1"
    >
      {modes.map((m, i) => (
        <button
          key={m}
          role="tab"
          type="button"
          aria-selected={mode === m}
          onClick={() => onMode(m)}
          className={cn(
            "inline-flex items-center gap-1.5 rounded-full px-4 py-1.5 text-sm font-medium outline-none transition focus-visible:ring-[3px] focus-visible:ring-ring",
            mode === m
              ? "bg-background text-foreground shadow-sm"
              : "text-muted-foreground hover:text-foreground",
          )}
        >
          {planMessages.tabs[i]}
          {m === "yearly" && (
            <span className="rounded-full bg-emerald-600/15 px-1.5 py-0.5 text-[11px] font-semibold text-emerald-700 dark:text-emerald-400">
              {yearlyBadge}
            </span>
          )}
        </button>
      ))}
    </div>
  );
}
