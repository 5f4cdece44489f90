import { useEffect, useState } from "react";
import { Loader2Icon } from "lucide-react";
import { hintDelay, hintSteps } from "../logic/hints";

/** The loading hint line: steps by active search mode, first at 3 s, later every 2–6 s (spec 1 §4). */
export function LoadingHint({ modes, integrations = [] }: { modes: string[]; integrations?: string[] }) {
  const steps = hintSteps(modes, integrations);
  const [step, setStep] = useState(-1);
  useEffect(() => {
    if (step >= steps.length - 1) return;
    const t = setTimeout(() => setStep((s) => s + 1), hintDelay(step + 1, Math.random()));
    return () => clearTimeout(t);
  }, [step, steps.length]);
  return (
    <p
      className="flex items-center gap-2 text-sm text-muted-foreground"
      role="status"
      data-testid="loading-hint"
    >
      <Loader2Icon className="size-4 animate-spin" aria-hidden />
      {step >= 0 ? steps[step] : null}
    </p>
  );
}
