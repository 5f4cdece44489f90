import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { toast } from "sonner";
import { chatMessages } from "@mnemo/contracts/messages";
import { usePlanGate } from "@/features/plans";

/**
 * Plan limits on web search (spec 1 §5): at its daily limit the Web toggle and a send with Web on
 * are refused with an Upgrade toast. The gate refreshes after every answer (`busy` going false).
 */
export function useWebSearchGate(enabled: boolean, busy: boolean) {
  const [, setParams] = useSearchParams();
  const gate = usePlanGate({ enabled });
  const refresh = gate.refresh;
  useEffect(() => {
    if (!busy && enabled) void refresh();
  }, [busy, enabled, refresh]);
  const refuse = () =>
    toast.error(gate.web.refusal ?? chatMessages.webSearchLimit, {
      id: "web-search-limit",
      action: {
        label: chatMessages.labels.upgrade,
        onClick: () => setParams((p) => new URLSearchParams([...p, ["showPlans", "true"]])),
      },
    });
  return { allowed: gate.web.allowed, refuse, agents: gate.agents };
}
