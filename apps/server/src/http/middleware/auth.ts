import type { MiddlewareHandler } from "hono";
import { APIError } from "better-auth/api";
import type { AppContext } from "../../context.ts";
import type { AppEnv } from "../context.ts";
import { AppError } from "../../lib/errors.ts";
import { DESKTOP_TOKEN_HEADER } from "../../modules/auth/desktop-token.ts";

/** What the auth middleware uses: the session lookup and the desktop-token check. */
export type RequireAuthDeps = Pick<AppContext, "auth" | "desktopTokens">;

/**
 * Requires a valid bearer token: a missing, malformed or unknown token is 401
 * {"error":"unauthorized"}. A lookup that fails for another reason (the database is down) is a
 * 503, so an outage never signs everyone out.
 */
export function requireAuth(ctx: RequireAuthDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header("authorization") ?? "";
    const match = /^Bearer\s+(\S{10,1024})$/.exec(header.trim());
    if (!match) throw new AppError("unauthorized");
    const headers = new Headers({ authorization: `Bearer ${match[1]}` });
    let session: Awaited<ReturnType<AppContext["auth"]["api"]["getSession"]>>;
    try {
      session = await ctx.auth.api.getSession({ headers });
    } catch (err) {
      // better-auth answers a token it rejects with an APIError; anything else is a failed lookup.
      if (err instanceof APIError && err.statusCode < 500) throw new AppError("unauthorized");
      c.var.log.error({ err }, "session lookup failed");
      throw new AppError("internal", "Could not check your session. Please try again.", undefined, 503);
    }
    if (!session?.user) throw new AppError("unauthorized");
    c.set("actor", {
      id: session.user.id,
      email: session.user.email.toLowerCase(),
      name: session.user.name,
      // Proven by a token issued to this user, never by the `Source: desktop_app` header.
      isDesktopApp: ctx.desktopTokens.verify(c.req.header(DESKTOP_TOKEN_HEADER), session.user.id),
      activeOrganizationId: session.session.activeOrganizationId ?? null,
    });
    await next();
  };
}
