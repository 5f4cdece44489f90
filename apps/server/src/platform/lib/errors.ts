import { errorStatus, type ErrorCode } from "@mnemo/contracts";

/** The one error type of the server: a code from the closed set, a user-facing message. */
export class AppError extends Error {
  readonly status: number;
  /** Made without a message: the answer carries only `{ error: code }` (a bare 401). */
  readonly bare: boolean;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: unknown,
    status?: number,
  ) {
    super(message ?? code);
    this.status = status ?? errorStatus[code];
    this.bare = message === undefined;
  }
}

export const unauthorized = () => new AppError("unauthorized");
export const forbidden = (message = "You do not have access to this.") => new AppError("forbidden", message);
export const notFound = (message = "Not found.") => new AppError("not_found", message);
export const validation = (message: string, details?: unknown) =>
  new AppError("validation", message, details);
export const conflict = (message: string, details?: unknown) => new AppError("conflict", message, details);

/** SQLSTATE codes mapped to API errors; message text is never inspected. */
export function fromPgError(err: unknown): AppError | undefined {
  const code =
    (err as { code?: unknown; cause?: { code?: unknown } })?.code ??
    (err as { cause?: { code?: unknown } })?.cause?.code;
  if (typeof code !== "string" || code.length !== 5) return undefined;
  switch (code) {
    case "23505":
      return conflict("This already exists.");
    case "23503":
      return notFound("A referenced item does not exist.");
    case "22P02":
    case "22001":
    case "23502":
    case "23514":
    case "22021": // character_not_in_repertoire (a NUL in text)
    case "22P05": // untranslatable_character
      return validation("The request contains an invalid value.");
    // A serialization failure or deadlock: a concurrent request won; this one may be repeated.
    case "40001":
    case "40P01":
      return conflict("Another request changed this at the same time. Please try again.");
    default:
      return undefined;
  }
}
