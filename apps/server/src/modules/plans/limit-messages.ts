import { chatMessages, fileMessages, linkMessages, type PlanId, type UsageKind } from "@mnemo/contracts";
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
