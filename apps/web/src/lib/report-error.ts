import type { ApiError } from "./api-error.ts";

type Reporter = (err: unknown, context?: Record<string, unknown>) => void;

const reporters = new Set<Reporter>();
/** Failures already reported: a caller that reports what the API client reported logs nothing more. */
const reported = new WeakSet<object>();

/** Adds a channel that receives every reported failure (for example a remote error tracker). */
export function onReportedError(reporter: Reporter): () => void {
  reporters.add(reporter);
  return () => reporters.delete(reporter);
}

/**
 * An answer the server gives by design (4xx: a limit, a permission, a wrong password, a
 * validation): the screen says it; it is not a fault of the app and is not logged.
 */
export function isExpectedAnswer(err: unknown): boolean {
  const status = (err as ApiError | undefined)?.status;
  return typeof status === "number" && status >= 400 && status < 500;
}

/**
 * Reports a failure once: to the console as an error, and to every channel added with
 * `onReportedError`. Expected answers (4xx) are not reported at all.
 */
export function reportError(err: unknown, context?: Record<string, unknown>) {
  if (isExpectedAnswer(err)) return;
  if (typeof err === "object" && err !== null) {
    if (reported.has(err)) return;
    reported.add(err);
  }
  console.error("[mnemo]", err, context);
  for (const r of reporters) {
    try {
      r(err, context);
    } catch {
      // a broken reporter must never hide the original failure
    }
  }
}
