import { errorCodes, type ErrorCode } from "@mnemo/contracts/errors";

/** A failed API call: the HTTP status and the server's `{ error, message }`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly details?: unknown;

  constructor(status: number, code: ErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

const fallbackMessages: Partial<Record<ErrorCode, string>> = {
  unauthorized: "Your session has ended. Please sign in again.",
  forbidden: "You do not have access to this.",
  not_found: "Not found.",
  rate_limited: "Too many requests. Please wait a moment and try again.",
  internal: "Something went wrong. Please try again.",
  upstream: "A service Mnemo depends on is not answering. Please try again.",
};

function codeForStatus(status: number): ErrorCode {
  if (status === 401) return "unauthorized";
  if (status === 403) return "forbidden";
  if (status === 404) return "not_found";
  if (status === 409) return "conflict";
  if (status === 429) return "rate_limited";
  if (status === 502 || status === 503 || status === 504) return "upstream";
  if (status >= 400 && status < 500) return "validation";
  return "internal";
}

/** Builds an ApiError from a failed response body, keeping the server's code and message. */
export function apiErrorFromBody(status: number, body: unknown): ApiError {
  const obj = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  const code = errorCodes.includes(obj.error as ErrorCode) ? (obj.error as ErrorCode) : codeForStatus(status);
  const message =
    typeof obj.message === "string" && obj.message.length > 0
      ? obj.message
      : (fallbackMessages[code] ?? "Request failed. Please try again.");
  return new ApiError(status, code, message, obj.details);
}

/** Message to show a person for any thrown value. */
export function errorMessage(err: unknown, fallback = "Something went wrong. Please try again."): string {
  if (err instanceof ApiError) return err.message;
  return fallback;
}
