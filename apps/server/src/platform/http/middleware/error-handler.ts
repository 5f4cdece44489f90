import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { ZodError } from "zod";
import type { AppEnv } from "../context.ts";
import { AppError, fromPgError } from "../../lib/errors.ts";
import type { Logger } from "../../logger.ts";

/** The one place errors become HTTP answers: `{ error: code, message, details? }`. */
export function errorHandler(log: Logger) {
  return (err: Error, c: Context<AppEnv>) => {
    const reqLog = c.get("log") ?? log;
    let appErr = err instanceof AppError ? err : fromPgError(err);
    // A schema parse inside a handler (path parameters) is the request's fault.
    if (!appErr && err instanceof ZodError)
      appErr = new AppError("validation", "The request contains an invalid value.", err.issues);
    if (!appErr && err instanceof HTTPException) {
      appErr =
        err.status === 413
          ? new AppError("validation", "The request body is too large.", undefined, 413)
          : err.status === 401
            ? new AppError("unauthorized")
            : new AppError(
                err.status === 404 ? "not_found" : "validation",
                err.message,
                undefined,
                err.status,
              );
    }
    if (!appErr) {
      reqLog.error({ err }, "unhandled error");
      return c.json({ error: "internal", message: "Something went wrong. Please try again." }, 500);
    }
    if (appErr.status >= 500) reqLog.error({ err }, "request failed");
    if (appErr.bare) return c.json({ error: appErr.code }, appErr.status as 400);
    const body: Record<string, unknown> = { error: appErr.code, message: appErr.message };
    if (appErr.details !== undefined) body.details = appErr.details;
    return c.json(body, appErr.status as 400);
  };
}
