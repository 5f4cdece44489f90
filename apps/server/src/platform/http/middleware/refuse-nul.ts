import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../context.ts";
import { AppError } from "../../lib/errors.ts";

export const nulMessage = "The request contains a NUL character, which is not allowed.";

/** A JSON text holding an escaped NUL (`\u0000`) that is not itself an escaped backslash. */
const JSON_NUL = /(?:^|[^\\])(?:\\\\)*\\u0000/i;

/** Whether a request's JSON text or URL carries a NUL character. */
export function carriesNul(url: string, jsonText: string | undefined): boolean {
  return /%00/.test(url) || url.includes("\0") || (jsonText !== undefined && JSON_NUL.test(jsonText));
}

/**
 * Refuses a NUL character anywhere in the URL or a JSON body with 400. PostgreSQL text cannot
 * hold one, so letting it through ended as a 500 on every route that stores text.
 */
export function refuseNul(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const isJson = (c.req.header("content-type") ?? "").toLowerCase().includes("json");
    // Hono caches the body: the route's own c.req.json() reads the same text again.
    const text = isJson ? await c.req.text() : undefined;
    if (carriesNul(c.req.url, text)) throw new AppError("validation", nulMessage);
    await next();
  };
}
