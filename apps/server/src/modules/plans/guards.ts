import { agentIds, videoMaxMinutes, type LlmOption, type PlanId, type SearchType } from "@mnemo/contracts";
import type { Actor } from "../../http/context.ts";
import { AppError } from "../../lib/errors.ts";
import { videoLimitMessage } from "./limit-messages.ts";
import { resolveModel } from "./model.ts";
import { consumeQuota } from "./quota.ts";
import type { Tx } from "./repo.ts";
import { requireValidPlan } from "./service.ts";
import { usageDay } from "./usage-day.ts";

/** The parts of a chat request (spec 1 §3) the plan guard reads. */
export type QnaUsage = {
  search_type?: SearchType[] | null;
  selected_generation_model?: string | null;
  disable_apps_search?: boolean | null;
  user_system_date?: string | null;
};

export type QnaGrant = {
  plan: PlanId;
  day: string;
  /** The model to answer with (see `resolveModel`); null when no options were given or none is active. */
  model: string | null;
  /** The request runs an agent (counted against agentCount). */
  agent: boolean;
};

const isAgent = (id: string | null | undefined) => !!id && (agentIds as readonly string[]).includes(id);

/**
 * Plan guard of POST /api/qna; call it inside the transaction that records the question. Refuses
 * without a valid plan state, then checks and counts, in this order, web search (when on), app
 * search (when on), the agent (when one is selected) and the question itself, each with the spec's
 * message. Any refusal throws `plan_limit`; the caller's rollback undoes the counts before it.
 */
export async function guardQna(
  tx: Tx,
  actor: Actor,
  request: QnaUsage,
  opts: { models?: readonly LlmOption[]; now?: Date } = {},
): Promise<QnaGrant> {
  const state = await requireValidPlan(tx, actor);
  const plan = state.plan;
  const day = usageDay(opts.now ?? new Date(), request.user_system_date);
  const modes = request.search_type ?? [];
  if (modes.includes("web")) await consumeQuota(tx, actor, "web", { plan, day });
  if (modes.includes("apps") && !request.disable_apps_search) await consumeQuota(tx, actor, "apps", { plan, day });
  const agent = isAgent(request.selected_generation_model);
  if (agent) await consumeQuota(tx, actor, "agent", { plan, day });
  await consumeQuota(tx, actor, "qna", { plan, day });
  const model = agent ? null : resolveModel(plan, request.selected_generation_model, opts.models ?? []);
  return { plan, day, model, agent };
}

/**
 * Plan guard of an upload confirmation; call it inside the transaction that creates the memory.
 * Counts `count` files against today's fileUploadCount ('Daily upload limit reached…' on free,
 * 'You have exhausted the {plan} plan…' on other limited plans).
 */
export async function guardFileUpload(
  tx: Tx,
  actor: Actor,
  count = 1,
  opts: { userSystemDate?: string | null; now?: Date } = {},
): Promise<{ plan: PlanId; day: string; used: number }> {
  const { plan } = await requireValidPlan(tx, actor);
  const day = usageDay(opts.now ?? new Date(), opts.userSystemDate);
  const used = await consumeQuota(tx, actor, "file_upload", { plan, day, amount: count });
  return { plan, day, used };
}

/** Video length cap (spec 2 §5: free saves up to 60 minutes). Pure; throws `plan_limit`. */
export function guardVideo(plan: PlanId, durationSeconds: number | null | undefined): void {
  const cap = videoMaxMinutes(plan);
  if (cap === null || durationSeconds == null || !Number.isFinite(durationSeconds)) return;
  if (durationSeconds > cap * 60) throw new AppError("plan_limit", videoLimitMessage, { maxMinutes: cap });
}
