import { chatMessages, fileMessages, linkMessages, type PlanId, type UsageKind } from "@mnemo/contracts";
import { AppError } from "../../platform/lib/errors.ts";
import { planLabel } from "./limits.ts";

/**
 * The spec's message for a daily counter at its limit (spec 1 §5/§8, spec 2 §5). The free
 * question limit starts with 'Daily Copilot limit reached.' so the client offers Upgrade.
 */
export function limitMessage(kind: UsageKind, plan: PlanId, limit: number): string {
  switch (kind) {
    case "web":
      return chatMessages.webSearchLimit;
    case "apps":
      return chatMessages.appSearchLimit;
    case "agent":
      return chatMessages.agenticSearchLimit;
    case "qna":
      return plan === "free" ? chatMessages.copilotDailyLimit({ n: limit }) : chatMessages.searchLimit;
    case "file_upload":
      return plan === "free"
        ? fileMessages.dailyUploadLimit({ n: limit })
        : fileMessages.planExhausted({ plan: planLabel(plan) });
  }
}

/** Video saves beyond the plan's cap (spec 2 §5). */
export const videoLimitMessage = linkMessages.videoTooLong;

/** Whether a refusal is the free plan's daily question limit (the client offers Upgrade, spec 1 §4). */
export function isDailyQuestionLimit(kind: UsageKind, plan: PlanId): boolean {
  return kind === "qna" && plan === "free";
}

/** Details of a `plan_limit` refusal of a daily counter. */
export type LimitDetails = { kind: UsageKind; limit: number | null; daily_question_limit?: true };

/** The `plan_limit` error for a daily counter at its limit, with the spec's message. */
export function limitError(kind: UsageKind, plan: PlanId, limit: number | null): AppError {
  const details: LimitDetails = { kind, limit };
  if (isDailyQuestionLimit(kind, plan)) details.daily_question_limit = true;
  return new AppError("plan_limit", limitMessage(kind, plan, limit ?? 0), details);
}
