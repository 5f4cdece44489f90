import {
  isAgentId,
  isAtLimit,
  planLimits,
  usageLimitFor,
  videoMaxMinutes,
  type LlmOption,
  type PlanId,
  type SearchType,
  type UsageKind,
} from "@mnemo/contracts";
import { chatMessages } from "@mnemo/contracts/messages";
import type { Actor } from "../../platform/context.ts";
import { AppError } from "../../platform/lib/errors.ts";
import { limitError, videoLimitMessage } from "./limit-messages.ts";
import { resolveModel } from "./model.ts";
import { consumeQuota } from "./quota.ts";
import { dailyCounts, type Tx } from "./repo.ts";
import { loadPlanState, requireValidPlan } from "./service.ts";
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
  /** The model to answer with (see `resolveModel`); null for agents, or when no option is active. */
  model: string | null;
  /** The plan cannot choose its model (free): `model` is imposed whatever the request asked for. */
  modelLocked: boolean;
  /** The request runs an agent (counted against agentCount). */
  agent: boolean;
};

/** The daily counters a question uses, in the order they are checked (web, apps, agent, the question). */
export function qnaUsageKinds(request: QnaUsage): UsageKind[] {
  const modes = request.search_type ?? [];
  const kinds: UsageKind[] = [];
  if (modes.includes("web")) kinds.push("web");
  if (modes.includes("apps") && !request.disable_apps_search) kinds.push("apps");
  if (isAgentId(request.selected_generation_model)) kinds.push("agent");
  kinds.push("qna");
  return kinds;
}

/**
 * What actually ran for a question: its answer (a memory search or a model — false only for a
 * reply that merely says no generative model is configured), the web search (the provider was
 * configured and answered) and an app search (none is wired yet).
 */
export type QnaRan = {
  answer: boolean;
  web: boolean;
  apps: boolean;
  /** An agent's tool loop ran (not a re-routing offer, not a plain model answer); default: `answer`. */
  agent?: boolean;
};

/**
 * The counters a question spends: of those it asked for (`qnaUsageKinds`), only the parts that
 * ran (docs/decisions.md, "Quota counts only what ran"). Regenerating and a memory's preview chat
 * are questions like any other: they run a search and a model, so they count.
 */
export function spentQnaKinds(request: QnaUsage, ran: QnaRan): UsageKind[] {
  return qnaUsageKinds(request).filter((kind) =>
    kind === "web"
      ? ran.web
      : kind === "apps"
        ? ran.apps
        : kind === "agent"
          ? (ran.agent ?? ran.answer)
          : ran.answer,
  );
}

/** Throws the spec's message for the first counter already at its limit; counts nothing. */
async function refuseAtLimit(
  db: Tx,
  actor: Actor,
  plan: PlanId,
  day: string,
  kinds: UsageKind[],
): Promise<void> {
  const counts = await dailyCounts(db, actor.id, day);
  for (const kind of kinds) {
    const limit = usageLimitFor(plan, kind);
    if (limit !== null && isAtLimit(counts[kind] ?? 0, limit)) throw limitError(kind, plan, limit);
  }
}

function grantFor(plan: PlanId, day: string, request: QnaUsage, models?: readonly LlmOption[]): QnaGrant {
  const agent = isAgentId(request.selected_generation_model);
  const model = agent ? null : resolveModel(plan, request.selected_generation_model, models ?? []);
  return { plan, day, model, agent, modelLocked: !agent && !planLimits(plan).modelSelection };
}

/**
 * Early, read-only check of POST /api/qna before any search runs: refuses without a valid plan
 * state or when a counter the question needs is already at its limit, and resolves the model.
 * It counts nothing; `guardQna` (inside the turn's transaction) is the authority under races.
 */
export async function previewQna(
  db: Tx,
  actor: Actor,
  request: QnaUsage,
  opts: { models?: readonly LlmOption[]; now?: Date } = {},
): Promise<QnaGrant> {
  const { plan } = await requireValidPlan(db, actor);
  const day = usageDay(opts.now ?? new Date(), request.user_system_date);
  await refuseAtLimit(db, actor, plan, day, qnaUsageKinds(request));
  return grantFor(plan, day, request, opts.models);
}

/**
 * Plan guard of POST /api/qna; call it inside the transaction that records the question. Refuses
 * without a valid plan state, then checks and counts, in this order, web search (when on), app
 * search (when on), the agent (when one is selected) and the question itself, each with the spec's
 * message — only the parts that ran (`ran`; by default all that was asked for). Any refusal throws
 * `plan_limit`; the caller's rollback undoes the counts before it.
 */
export async function guardQna(
  tx: Tx,
  actor: Actor,
  request: QnaUsage,
  opts: { models?: readonly LlmOption[]; now?: Date; ran?: QnaRan } = {},
): Promise<QnaGrant> {
  const { plan } = await requireValidPlan(tx, actor);
  const day = usageDay(opts.now ?? new Date(), request.user_system_date);
  const kinds = opts.ran ? spentQnaKinds(request, opts.ran) : qnaUsageKinds(request);
  for (const kind of kinds) await consumeQuota(tx, actor, kind, { plan, day });
  return grantFor(plan, day, request, opts.models);
}

/** Early, read-only check before an upload starts (presigned URL): refuses when today's file cap is reached. */
export async function previewFileUpload(
  db: Tx,
  actor: Actor,
  opts: { userSystemDate?: string | null; now?: Date } = {},
): Promise<void> {
  const { plan } = await requireValidPlan(db, actor);
  await refuseAtLimit(db, actor, plan, usageDay(opts.now ?? new Date(), opts.userSystemDate), [
    "file_upload",
  ]);
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

/**
 * Plan guard of a visitor's follow-up on a public chat: the answer is over the owner's memories,
 * so it is one of the owner's questions today (the server's UTC day: a visitor's date is not the
 * owner's). Counts it inside `tx`; at the owner's limit refuses with a visitor's wording (no
 * Upgrade offer: the visitor cannot upgrade someone else's plan).
 */
export async function guardPublicFollowUp(tx: Tx, ownerId: string, opts: { now?: Date } = {}): Promise<void> {
  const { plan, valid } = await loadPlanState(tx, { id: ownerId, isDesktopApp: false });
  if (!valid) throw new AppError("plan_limit", chatMessages.publicChatDailyLimit);
  try {
    await consumeQuota(tx, { id: ownerId }, "qna", { plan, day: usageDay(opts.now ?? new Date()) });
  } catch (err) {
    if (err instanceof AppError && err.code === "plan_limit")
      throw new AppError("plan_limit", chatMessages.publicChatDailyLimit, { kind: "qna" });
    throw err;
  }
}
