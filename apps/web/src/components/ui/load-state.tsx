import type { ReactNode } from "react";
import { AlertCircleIcon, Loader2Icon } from "lucide-react";
import { Button } from "@/components/ui/button";

/** A page's or section's loading line ("Loading review cards…"), announced politely. */
export function LoadingLine({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
      <Loader2Icon className="size-4 animate-spin" aria-hidden /> {children}
    </p>
  );
}

/** What could not be loaded ("Review cards"), in a bordered alert with Try again. */
export function LoadFailure({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/40 p-4 text-sm"
    >
      <AlertCircleIcon className="size-4 text-destructive" aria-hidden />
      <span className="flex-1">{what} could not be loaded.</span>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
