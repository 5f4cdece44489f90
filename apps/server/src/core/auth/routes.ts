import { endpoints, authMessages } from "@mnemo/contracts";

import { APIError } from "better-auth/api";
import type { AppEnv } from "../../platform/http/context.ts";
import { createRouter, defineRoute } from "../../platform/http/route.ts";
import { requireAuth, type RequireAuthDeps } from "./middleware.ts";
import { AppError } from "../../platform/lib/errors.ts";

/** Maps better-auth's failures to our closed error codes by its stable error code, not by text. */
function mapAuthError(err: unknown): never {
  if (err instanceof APIError) {
    const code = (err.body as { code?: string } | undefined)?.code ?? "";
    switch (code) {
      case "USER_ALREADY_EXISTS":
      case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
        throw new AppError("conflict", "An account with this email already exists.");
      case "INVALID_EMAIL_OR_PASSWORD":
      case "INVALID_PASSWORD":
      case "INVALID_EMAIL":
        throw new AppError("unauthorized", "Invalid email or password.", undefined, 401);
      case "EMAIL_NOT_VERIFIED":
        throw new AppError("forbidden", authMessages.verifyEmailFirst, undefined, 403);
      case "PASSWORD_TOO_SHORT":
        throw new AppError("validation", "Password must be at least 8 characters.");
      case "PASSWORD_TOO_LONG":
        throw new AppError("validation", "Password is too long.");
      case "SSO_REQUIRED":
        throw new AppError("forbidden", (err.body as { message?: string } | undefined)?.message);
      default:
        throw new AppError(
          "validation",
          (err.body as { message?: string } | undefined)?.message ?? "Request failed.",
        );
    }
  }
  throw err;
}

/** The answer to a sign-up or sign-in: the bearer token and whom it signs in. */
function authResult(res: { token: string | null; user: { id: string; name: string; email: string } }) {
  if (!res.token) throw new AppError("internal", "The sign-in did not return a session.");
  return { token: res.token, user: { id: res.user.id, name: res.user.name, email: res.user.email } };
}

/** What authRoutes uses of the application context (bootstrap.ts builds it once). */
export type AuthRouteDeps = RequireAuthDeps;

export function authRoutes(ctx: AuthRouteDeps) {
  const r = createRouter<AppEnv>();

  defineRoute(r, endpoints.auth.signUp, [], async (c, { body }) => {
    const res = await ctx.auth.api.signUpEmail({ body }).catch(mapAuthError);
    // better-auth answers a registered address like a new one here (a made-up user, no token):
    // only the message goes out, identical in both cases.
    if (!res.token)
      return c.json({ verification_required: true as const, message: authMessages.checkEmailToFinish });
    return c.json(authResult(res));
  });

  defineRoute(r, endpoints.auth.verifyEmail, [], async (c, { query }) => {
    const ok = await ctx.auth.api
      .verifyEmail({ query: { token: query.token } })
      .then(() => true)
      .catch(() => false);
    return c.redirect(`/?email_verified=${ok ? 1 : 0}`, 302);
  });

  defineRoute(r, endpoints.auth.signIn, [], async (c, { body }) =>
    c.json(authResult(await ctx.auth.api.signInEmail({ body }).catch(mapAuthError))),
  );

  defineRoute(r, endpoints.auth.signOut, [requireAuth(ctx)], async (c) => {
    await ctx.auth.api.signOut({
      headers: new Headers({ authorization: c.req.header("authorization") ?? "" }),
    });
    return c.json({ success: true });
  });

  defineRoute(r, endpoints.auth.refresh, [requireAuth(ctx)], async (c) => {
    const headers = new Headers({ authorization: c.req.header("authorization") ?? "" });
    const res = await ctx.auth.api.getSession({ headers, query: { disableCookieCache: true } });
    if (!res) throw new AppError("unauthorized");
    return c.json({
      token: res.session.token,
      user: { id: res.user.id, name: res.user.name, email: res.user.email },
    });
  });
  defineRoute(r, endpoints.auth.desktopToken, [requireAuth(ctx)], async (c, { body }) => {
    if (!ctx.desktopTokens.isClientSecret(body.client_secret))
      throw new AppError("forbidden", "This client is not a registered desktop app.");
    const { token, expiresAt } = ctx.desktopTokens.issue(c.var.actor.id);
    return c.json({ desktop_token: token, expires_at: expiresAt });
  });
  return r;
}
