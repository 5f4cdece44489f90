import { describe, expect, it } from "vitest";
import { chatMessages } from "@mnemo/contracts";
import { AppError } from "../../../platform/lib/errors.ts";
import { limitError } from "../../../core/plans/limit-messages.ts";
import { answerErrorCode } from "./answer-error.ts";

describe("answerErrorCode", () => {
  it.each([
    ["the free daily question limit", limitError("qna", "free", 10), "daily_limit"],
    ["a paid plan's question limit", limitError("qna", "pro", 100), "plan_limit"],
    ["the web search limit", limitError("web", "free", 5), "plan_limit"],
    [
      "a plan_limit whose text merely looks like the daily limit",
      new AppError("plan_limit", chatMessages.copilotDailyLimit({ n: 3 })),
      "plan_limit",
    ],
    ["a missing memory", new AppError("not_found", "Memory not found."), "not_found"],
    ["a crash", new Error("Daily Copilot limit reached."), "internal"],
  ])("%s → %s", (_name, err, code) => expect(answerErrorCode(err)).toBe(code));
});
