import type { ApiError } from "./api-error.ts";

type Reporter = (err: unknown, context?: Record<string, unknown>) => void;

const reporters = new Set<Reporter>();

/** Adds a channel that receives every reported failure (for example a remote error tracker). */
export function onReportedError(reporter: Reporter): () => void {
  reporters.add(reporter);
  return () => reporters.delete(reporter);
}

/**
 * Reports a failure: to the console, and to every channel added with `onReportedError`.
 * Expected answers such as a wrong password (4xx) are warnings; the rest are errors.
 */
export function reportError(err: unknown, context?: Record<string, unknown>) {
  const status = (err as ApiError | undefined)?.status;
  if (typeof status === "number" && status >= 400 && status < 500) console.warn("[mnemo]", err, context);
  else console.error("[mnemo]", err, context);
  for (const r of reporters) {
    try {
      r(err, context);
    } catch {
      // a broken reporter must never hide the original failure
    }
  }
}
