import { Link } from "react-router";
import { ShieldIcon } from "lucide-react";
import { planMessages } from "@mnemo/contracts";
import { cn } from "@/lib/utils";

/**
 * No payment provider is configured (issue 41): who changes plans on this server, and for a site
 * administrator the way there, instead of a dead end.
 */
export function PaymentsNotice({ isSiteAdmin, className }: { isSiteAdmin: boolean; className?: string }) {
  return (
    <div
      role="status"
      className={cn(
        "flex flex-col items-center gap-2 rounded-md border border-amber-500/40 bg-amber-500/10 px-3 py-2 text-center text-sm",
        className,
      )}
    >
      <p>{isSiteAdmin ? planMessages.plansSetByYou : planMessages.plansSetByAdmin}</p>
      {isSiteAdmin && (
        <Link
          to="/admin"
          className="inline-flex h-9 items-center gap-1.5 rounded-md bg-primary px-3 font-medium text-primary-foreground outline-none hover:bg-primary/90 focus-visible:ring-[3px] focus-visible:ring-ring"
        >
          <ShieldIcon className="size-4" aria-hidden /> Open the Admin page
        </Link>
      )}
    </div>
  );
}
