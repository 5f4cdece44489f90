import { useMemo } from "react";
import { useQuery } from "@tanstack/react-query";
import { creativeUnavailable, EXTRACTIVE_MODEL_ID, type LlmOption } from "@mnemo/contracts/llm";
import { useUserPlan } from "@/features/plans";
import { fetchAgents, fetchLlms } from "../api/chats";

/** LLM and agent options and whether the plan lets the user choose (spec 1 §5). */
export function useModels(enabled = true) {
  const llms = useQuery({
    queryKey: ["chat", "llms"],
    queryFn: ({ signal }) => fetchLlms(signal),
    enabled,
    staleTime: 60_000,
  });
  const agents = useQuery({
    queryKey: ["chat", "agents"],
    queryFn: ({ signal }) => fetchAgents(signal),
    enabled,
    staleTime: 60_000,
  });
  const plan = useUserPlan(enabled);
  // Stable while the queries do not change: chat items are memoized on these props.
  const llmList = llms.data?.llms;
  const agentList = agents.data?.agents;
  const options = useMemo<LlmOption[]>(
    () => [
      ...[...(llmList ?? [])].sort((a, b) => a.rank - b.rank),
      ...(agentList ?? []).map((a): LlmOption => ({
        id: a.id,
        name: a.name,
        is_active: a.is_active,
        type: "agent",
        provider: a.provider,
        env: a.env,
        rank: a.rank,
        paid_default: a.paid_default,
        free_default: a.free_default,
        reason: a.reason,
      })),
    ],
    [llmList, agentList],
  );
  const canChoose = plan.data ? plan.data.limits.modelSelection : true;
  const paid = plan.data?.is_paid ?? false;
  const fallback =
    options.find((o) => o.is_active && (paid ? o.paid_default : o.free_default)) ??
    options.find((o) => o.is_active && o.id === EXTRACTIVE_MODEL_ID) ??
    options.find((o) => o.is_active);
  const stronger = options.find(
    (o) => o.type === "llm" && o.is_active && o.generative && o.id !== EXTRACTIVE_MODEL_ID,
  );
  const strongerModel = useMemo(
    () => (stronger ? { id: stronger.id, name: stronger.name } : undefined),
    [stronger],
  );
  // Until the list arrives web search is assumed available (the server still decides).
  const webSearch = llms.data?.web_search ?? { available: true };
  // Creative mode is general chat: it needs an active generative model (ARCHITECTURE §8); until the
  // list arrives it is assumed available, like web search.
  const creative = useMemo(
    () => (!llmList || stronger ? { available: true } : { available: false, reason: creativeUnavailable }),
    [llmList, stronger],
  );
  return { options, canChoose, fallback, stronger: strongerModel, webSearch, creative };
}
