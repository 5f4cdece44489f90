import type { Context, MiddlewareHandler } from "hono";
import { APIError } from "better-auth/api";
import type { Auth } from "./auth.ts";
import type { DesktopTokens } from "./desktop-token.ts";
import type { AppEnv } from "../../platform/http/context.ts";
import { AppError } from "../../platform/lib/errors.ts";
import { DESKTOP_TOKEN_HEADER } from "./desktop-token.ts";
import type { CachedSignIn, SessionCache } from "./session-cache.ts";

/** What the auth middleware uses: the session lookup, its cache and the desktop-token check. */
export type AuthContext = {
  auth: Auth;
  /** Sign-ins already checked, by bearer token (embedded PGlite only; a no-op on PostgreSQL). */
  sessions: SessionCache;
  /** Desktop-app tokens (HMAC under a key derived from the auth secret), bound to a user. */
  desktopTokens: DesktopTokens;
};

/** What the auth middleware uses: the session lookup, its cache and the desktop-token check. */
export type RequireAuthDeps = AuthContext;

/**
 * Requires a valid bearer token: a missing, malformed or unknown token is 401
 * {"error":"unauthorized"}. A lookup that fails for another reason (the database is down) is a
 * 503, so an outage never signs everyone out. A token checked before is served from
 * `ctx.sessions` (embedded PGlite), which every change to its session or user forgets.
 */
export function requireAuth(ctx: RequireAuthDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header("authorization") ?? "";
    const match = /^Bearer\s+(\S{10,1024})$/.exec(header.trim());
    if (!match) throw new AppError("unauthorized");
    const token = match[1];
    const signIn = ctx.sessions.get(token) ?? (await lookUp(ctx, c, token));
    c.set("actor", {
      id: signIn.userId,
      email: signIn.email,
      name: signIn.name,
      // Proven by a token issued to this user, never by the `Source: desktop_app` header.
      isDesktopApp: ctx.desktopTokens.verify(c.req.header(DESKTOP_TOKEN_HEADER), signIn.userId),
      activeOrganizationId: signIn.activeOrganizationId,
    });
    await next();
  };
}

/** better-auth's session lookup; a valid sign-in is kept in the cache. */
async function lookUp(ctx: RequireAuthDeps, c: Context<AppEnv>, token: string): Promise<CachedSignIn> {
  const store = ctx.sessions.begin();
  let session: Awaited<ReturnType<Auth["api"]["getSession"]>>;
  try {
    session = await ctx.auth.api.getSession({ headers: new Headers({ authorization: `Bearer ${token}` }) });
  } catch (err) {
    // better-auth answers a token it rejects with an APIError; anything else is a failed lookup.
    if (err instanceof APIError && err.statusCode < 500) throw new AppError("unauthorized");
    c.var.log.error({ err }, "session lookup failed");
    throw new AppError("internal", "Could not check your session. Please try again.", undefined, 503);
  }
  if (!session?.user) throw new AppError("unauthorized");
  const signIn: CachedSignIn = {
    userId: session.user.id,
    email: session.user.email.toLowerCase(),
    name: session.user.name,
    activeOrganizationId: session.session.activeOrganizationId ?? null,
    expiresAt: new Date(session.session.expiresAt).getTime(),
  };
  store(token, signIn);
  return signIn;
}
