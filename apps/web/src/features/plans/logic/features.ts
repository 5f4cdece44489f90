import { planMessages, planTable } from "@mnemo/contracts";
import type { UpgradePlan } from "./pricing";

const per = (n: number | null, what: string, period = " a day") =>
  n === null ? `Unlimited ${what}` : `${n} ${what}${period}`;

/** The feature lines of a Pro or Team card, read from the plan table so they never drift from the limits. */
export function planFeatures(plan: UpgradePlan): string[] {
  const l = planTable[plan].limits;
  return [
    per(l.qnaCount, "questions and copilot app searches"),
    per(l.webSearchCount, "web searches"),
    per(l.agentCount, "agent runs"),
    per(l.fileUploadCount, "file uploads"),
    per(l.collectionCount, "collections", ""),
    "Collaboration invites",
    l.modelSelection ? "Model choice" : "Default model",
  ];
}

/** The Lifetime card's list (spec 3 §2), first letter capitalised for display. */
export const lifetimeFeatures: string[] = planMessages.lifetimeFeatures.map(
  (f) => f.charAt(0).toUpperCase() + f.slice(1),
);
