import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../context.ts";
import type { Logger } from "../../logger.ts";

/** Gives every request an id (echoed in `x-request-id`) and a child logger; logs one line per request. */
export function requestId(log: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const id = incoming && /^[A-Za-z0-9-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    const child = log.child({ reqId: id });
    c.set("requestId", id);
    c.set("log", child);
    c.header("x-request-id", id);
    const started = performance.now();
    await next();
    const path = c.req.path;
    if (path.startsWith("/api/")) {
      child.info(
        { method: c.req.method, path, status: c.res.status, ms: Math.round(performance.now() - started) },
        "request",
      );
    }
  };
}
