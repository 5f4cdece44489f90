import { planLimits, type LlmOption, type PlanId } from "@mnemo/contracts";

/**
 * The model a question is answered with (spec 1 §5). Plans without model selection (free) always
 * get the active free default and cannot choose; paid plans get the model they asked for when it
 * is an active LLM, else the active paid default. Falls back to the best-ranked active LLM, and to
 * null when none is active. Agents are not models: they are counted, not resolved, here.
 */
export function resolveModel(
  plan: PlanId,
  requested: string | null | undefined,
  options: readonly LlmOption[],
): string | null {
  const active = options.filter((o) => o.is_active && o.type === "llm").sort((a, b) => a.rank - b.rank);
  if (planLimits(plan).modelSelection) {
    const chosen = requested ? active.find((o) => o.id === requested) : undefined;
    if (chosen) return chosen.id;
    return (active.find((o) => o.paid_default) ?? active[0])?.id ?? null;
  }
  return (active.find((o) => o.free_default) ?? active[0])?.id ?? null;
}

/** Whether the plan may pick this model itself (a free user picking another model is offered an upgrade). */
export function mayChooseModel(plan: PlanId, requested: string, options: readonly LlmOption[]): boolean {
  if (planLimits(plan).modelSelection) return true;
  return options.some((o) => o.id === requested && o.free_default);
}
