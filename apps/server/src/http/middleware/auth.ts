import type { MiddlewareHandler } from "hono";
import type { AppContext, AppEnv } from "../context.ts";
import { AppError } from "../../lib/errors.ts";

/** Requires a valid bearer token; answers 401 {"error":"unauthorized"} otherwise. */
export function requireAuth(ctx: AppContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header("authorization") ?? "";
    const match = /^Bearer\s+(\S{10,1024})$/.exec(header.trim());
    if (!match) throw new AppError("unauthorized");
    const headers = new Headers({ authorization: `Bearer ${match[1]}` });
    const session = await ctx.auth.api.getSession({ headers }).catch(() => null);
    if (!session?.user) throw new AppError("unauthorized");
    c.set("actor", {
      id: session.user.id,
      email: session.user.email.toLowerCase(),
      name: session.user.name,
      isDesktopApp: (c.req.header("source") ?? "").toLowerCase() === "desktop_app",
    });
    await next();
  };
}
