import type { AnswerErrorCode } from "@mnemo/contracts/stream";
import { AppError } from "../../../platform/lib/errors.ts";

/**
 * The code a failed answer carries (stream `error_code`, or the `x-answer-error` header of a
 * refusal before streaming): the error's code, `daily_limit` for the free daily question limit,
 * `internal` for anything that is not an AppError. Decided from the error's fields, never its text.
 */
export function answerErrorCode(err: unknown): AnswerErrorCode {
  if (!(err instanceof AppError)) return "internal";
  const details = err.details as { daily_question_limit?: unknown } | undefined;
  if (err.code === "plan_limit" && details?.daily_question_limit === true) return "daily_limit";
  return err.code;
}
