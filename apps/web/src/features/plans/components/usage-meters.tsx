import { Link } from "react-router";
import { Loader2Icon } from "lucide-react";
import { SectionCard } from "@/components/ui/section-card";
import { cn } from "@/lib/utils";
import { useUserStats } from "../hooks/use-plan";
import { usageCountingNote, usageMeters, type Meter } from "../logic/usage";

function MeterRow({ m }: { m: Meter }) {
  return (
    <li className="grid gap-1.5" data-testid={`usage-${m.key}`}>
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span>{m.label}</span>
        <span
          className={cn("tabular-nums text-muted-foreground", m.atLimit && "font-medium text-destructive")}
        >
          {m.text}
        </span>
      </div>
      <div
        role="meter"
        aria-label={m.label}
        aria-valuemin={0}
        aria-valuemax={m.limit ?? m.count}
        aria-valuenow={m.count}
        aria-valuetext={m.text}
        className="h-1.5 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn("h-full rounded-full", m.atLimit ? "bg-destructive" : "bg-primary")}
          style={{ width: `${m.percent ?? 0}%` }}
        />
      </div>
    </li>
  );
}

/** Account settings: today's counts against the plan's daily limits (GET /api/user/stats). */
export function UsageMeters() {
  const { data, isPending, isError } = useUserStats();
  return (
    <SectionCard id="usage" title="Usage today" description="Daily limits reset at your local midnight.">
      {isPending ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
          <Loader2Icon className="size-4 animate-spin" aria-hidden /> Loading usage…
        </p>
      ) : isError ? (
        <p className="text-sm text-muted-foreground">Your usage could not be loaded.</p>
      ) : (
        <div className="grid gap-5">
          <ul className="grid gap-4 sm:grid-cols-2">
            {[...usageMeters(data).daily, usageMeters(data).collections].map((m) => (
              <MeterRow key={m.key} m={m} />
            ))}
          </ul>
          <p className="text-xs text-muted-foreground" data-testid="usage-note">
            {usageCountingNote}
          </p>
          <p className="text-sm">
            <Link
              to="?showPlans=true"
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              See plans
            </Link>
          </p>
        </div>
      )}
    </SectionCard>
  );
}
