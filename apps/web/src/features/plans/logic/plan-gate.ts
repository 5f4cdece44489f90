import { chatMessages, type UserPlan, type UserStats } from "@mnemo/contracts";

/** One toggle's answer: allowed, or refused with the spec's message. */
export type Gate =
  { allowed: true; refusal: null; left: number | null } | { allowed: false; refusal: string; left: number };

export type PlanGate = {
  /** False until the plan state is known, or when the server gives none (search blocked). */
  known: boolean;
  web: Gate;
  apps: Gate;
  agents: Gate;
  /** Free users get the free default model and cannot choose one. */
  modelSelection: boolean;
};

function gate(stat: { count: number; limit: number | null } | undefined, refusal: string): Gate {
  if (!stat || stat.limit === null) return { allowed: true, refusal: null, left: null };
  const left = Math.max(0, stat.limit - stat.count);
  return left > 0 ? { allowed: true, refusal: null, left } : { allowed: false, refusal, left: 0 };
}

/**
 * What the chat toolbar may turn on today (spec 1 §5): web search and app search are refused at
 * or over their daily limit with the spec's messages; agents are selectable only with uses left.
 * Without stats nothing is refused here — the server still enforces every limit.
 */
export function planGateFrom(plan: UserPlan | undefined, stats: UserStats | undefined): PlanGate {
  const d = stats?.daily;
  return {
    known: !!plan,
    web: gate(d?.web, chatMessages.webSearchLimit),
    apps: gate(d?.apps, chatMessages.appSearchLimit),
    agents: gate(d?.agent, chatMessages.agenticSearchLimit),
    modelSelection: plan?.limits.modelSelection ?? false,
  };
}
