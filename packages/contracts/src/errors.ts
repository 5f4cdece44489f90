import { z } from "zod";

/** The closed set of error codes every API failure carries (ARCHITECTURE §4). */
export const errorCodes = [
  "unauthorized",
  "forbidden",
  "not_found",
  "validation",
  "conflict",
  "plan_limit",
  "rate_limited",
  "upstream",
  "internal",
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** HTTP status for each error code. */
export const errorStatus: Record<ErrorCode, number> = {
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  validation: 400,
  conflict: 409,
  plan_limit: 403,
  rate_limited: 429,
  upstream: 502,
  internal: 500,
};

/** Body of every failed API call: `{ error, message, details? }`. A bare 401 carries only `error`. */
export const zErrorBody = z.object({
  error: z.enum(errorCodes),
  message: z.string().optional(),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof zErrorBody>;
