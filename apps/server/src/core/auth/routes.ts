import { z } from "zod";
import {
  authMessages,
  zAuthResult,
  zDesktopTokenInput,
  zDesktopTokenResult,
  zSignInInput,
  zSignUpInput,
  zSignUpResult,
} from "@mnemo/contracts";

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

  defineRoute(
    r,
    {
      method: "post",
      path: "/auth/sign-up",
      summary:
        "Create an account. With REQUIRE_EMAIL_VERIFICATION no session yet: the same answer for a new and a registered address (a link is mailed to finish)",
      tag: "auth",
      auth: false,
      body: zSignUpInput,
      response: zSignUpResult,
    },
    [],
    async (c, { body }) => {
      const res = await ctx.auth.api.signUpEmail({ body }).catch(mapAuthError);
      // better-auth answers a registered address like a new one here (a made-up user, no token):
      // only the message goes out, identical in both cases.
      if (!res.token)
        return c.json({ verification_required: true as const, message: authMessages.checkEmailToFinish });
      return c.json(authResult(res));
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/auth/verify-email",
      summary:
        "The link of the verification mail (SMTP configured): proves the address, binds the collections shared with it, then opens the app",
      tag: "auth",
      auth: false,
      query: z.object({ token: z.string().min(1).max(4096) }),
      contentType: "text/html",
      responseDescription: "A redirect to the app: /?email_verified=1, or =0 for an invalid or expired link",
    },
    [],
    async (c, { query }) => {
      const ok = await ctx.auth.api
        .verifyEmail({ query: { token: query.token } })
        .then(() => true)
        .catch(() => false);
      return c.redirect(`/?email_verified=${ok ? 1 : 0}`, 302);
    },
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/auth/sign-in",
      summary: "Sign in with email and password",
      tag: "auth",
      auth: false,
      body: zSignInInput,
      response: zAuthResult,
    },
    [],
    async (c, { body }) => c.json(authResult(await ctx.auth.api.signInEmail({ body }).catch(mapAuthError))),
  );

  defineRoute(
    r,
    { method: "post", path: "/auth/sign-out", summary: "Sign out (revokes the bearer token)", tag: "auth" },
    [requireAuth(ctx)],
    async (c) => {
      await ctx.auth.api.signOut({
        headers: new Headers({ authorization: c.req.header("authorization") ?? "" }),
      });
      return c.json({ success: true });
    },
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/auth/refresh",
      summary: "Refresh the session behind a bearer token",
      tag: "auth",
      response: zAuthResult,
    },
    [requireAuth(ctx)],
    async (c) => {
      const headers = new Headers({ authorization: c.req.header("authorization") ?? "" });
      const res = await ctx.auth.api.getSession({ headers, query: { disableCookieCache: true } });
      if (!res) throw new AppError("unauthorized");
      return c.json({
        token: res.session.token,
        user: { id: res.user.id, name: res.user.name, email: res.user.email },
      });
    },
  );
  defineRoute(
    r,
    {
      method: "post",
      path: "/auth/desktop_token",
      summary:
        "Register a desktop client: with the operator's DESKTOP_CLIENT_SECRET, a token (X-Desktop-Token) that serves this user as the desktop app",
      tag: "auth",
      body: zDesktopTokenInput,
      response: zDesktopTokenResult,
    },
    [requireAuth(ctx)],
    async (c, { body }) => {
      if (!ctx.desktopTokens.isClientSecret(body.client_secret))
        throw new AppError("forbidden", "This client is not a registered desktop app.");
      const { token, expiresAt } = ctx.desktopTokens.issue(c.var.actor.id);
      return c.json({ desktop_token: token, expires_at: expiresAt });
    },
  );
  return r;
}
