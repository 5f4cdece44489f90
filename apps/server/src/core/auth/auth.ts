import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { bearer, organization } from "better-auth/plugins";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { commonPasswordMessage, isTrivialPassword } from "./password-policy.ts";
import * as schema from "../../platform/db/schema/index.ts";
import type { Db } from "../../platform/db/client.ts";

export type AuthOptions = {
  db: Db;
  secret: string;
  baseURL: string;
  /** Called after a user row is created (profile row, pending collection grants). */
  onUserCreated: (user: { id: string; email: string; name: string }) => Promise<void>;
  /**
   * E-mail verification, when SMTP is configured: `send` mails the link (to our own
   * /api/auth/verify-email), `onVerified` runs once the address is proven.
   */
  verification?: {
    send: (to: string, url: string) => Promise<void>;
    onVerified: (user: { id: string; email: string }) => Promise<void>;
    /**
     * REQUIRE_EMAIL_VERIFICATION: no session before the address is confirmed, and a sign-up with
     * a registered address answers like a new one; `notifyExisting` mails that address's owner.
     */
    required?: { notifyExisting: (to: string) => Promise<void> };
  };
  /**
   * Why a password sign-in of this address is refused (its organisation signs in with SSO and
   * the account is not the owner's break-glass login), or null.
   */
  refusePasswordSignIn?: (email: string) => Promise<string | null>;
  /**
   * Called once a session or user row of this user was written or deleted through better-auth
   * (after the transaction commits), null when the row does not say whose: the session cache
   * (session-cache.ts) forgets their sign-ins.
   */
  onSignInsChanged?: (userId: string | null) => void;
};

/**
 * Every endpoint that sets a password refuses a trivial one (issue 12: breached/common list);
 * password sign-in is refused where the organisation requires single sign-on (issue 20).
 */
const beforeAuth = (opts: AuthOptions) =>
  createAuthMiddleware(async (ctx) => {
    const body = (ctx.body ?? {}) as { email?: unknown };
    if (ctx.path === "/sign-in/email" && opts.refusePasswordSignIn && typeof body.email === "string") {
      const refusal = await opts.refusePasswordSignIn(body.email);
      if (refusal) throw new APIError("FORBIDDEN", { code: "SSO_REQUIRED", message: refusal });
    }
    await refuseTrivialPasswords(ctx);
  });

async function refuseTrivialPasswords(ctx: { path: string; body?: unknown }) {
  const body = (ctx.body ?? {}) as { password?: unknown; newPassword?: unknown; email?: unknown };
  const password = ctx.path === "/sign-up/email" ? body.password : body.newPassword;
  if (typeof password !== "string") return;
  if (isTrivialPassword(password, typeof body.email === "string" ? body.email : "")) {
    throw new APIError("BAD_REQUEST", { code: "PASSWORD_TOO_COMMON", message: commonPasswordMessage });
  }
}

/**
 * better-auth's e-mail verification: a signed token (24 h) mailed on sign-up as a link to
 * GET /api/auth/verify-email (auth/routes.ts). Sign-in waits for it only when verification is
 * required (then a sign-in with the right password but an unconfirmed address mails a new link).
 */
function emailVerification(baseURL: string, v: NonNullable<AuthOptions["verification"]>) {
  return {
    sendOnSignUp: true,
    sendOnSignIn: Boolean(v.required),
    expiresIn: 60 * 60 * 24,
    sendVerificationEmail: async ({ user, token }: { user: { email: string }; token: string }) => {
      await v.send(user.email, `${baseURL}/api/auth/verify-email?token=${encodeURIComponent(token)}`);
    },
    afterEmailVerification: async (user: { id: string; email: string }) => {
      await v.onVerified({ id: user.id, email: user.email });
    },
  };
}

/** better-auth: email + password, bearer tokens for the API, organizations. */
export function createAuth(opts: AuthOptions) {
  const changed = (userId: unknown) => opts.onSignInsChanged?.(typeof userId === "string" ? userId : null);
  return betterAuth({
    secret: opts.secret,
    baseURL: opts.baseURL,
    basePath: "/api/auth",
    database: drizzleAdapter(opts.db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        organization: schema.organization,
        member: schema.member,
        invitation: schema.invitation,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      // better-auth then answers a registered address like a new one (the password is hashed
      // either way, so the time taken does not tell them apart either).
      requireEmailVerification: Boolean(opts.verification?.required),
      ...(opts.verification?.required
        ? {
            onExistingUserSignUp: async ({ user }: { user: { email: string } }) => {
              await opts.verification!.required!.notifyExisting(user.email);
            },
          }
        : {}),
    },
    ...(opts.verification ? { emailVerification: emailVerification(opts.baseURL, opts.verification) } : {}),
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    // The SPA is served from the same origin; the API is used with bearer tokens.
    trustedOrigins: ["*"],
    advanced: { disableCSRFCheck: true },
    telemetry: { enabled: false },
    rateLimit: { enabled: false },
    logger: { disabled: true },
    // Organisations are managed through /api/org/* (seats, roles, white-label); the plugin owns
    // the tables and creates organisations. Its HTTP handler is not mounted.
    plugins: [bearer(), organization({ invitationExpiresIn: 7 * 24 * 60 * 60 })],
    hooks: { before: beforeAuth(opts) },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await opts.onUserCreated({ id: user.id, email: user.email, name: user.name });
          },
        },
        // Name, e-mail, verification; deletion (its sessions go first, each through the hook below).
        update: { after: async (user) => changed((user as { id?: unknown } | null)?.id) },
        delete: { after: async (user) => changed(user?.id) },
      },
      session: {
        // Sign-out, revocation, password change with revokeOtherSessions, the active organisation,
        // better-auth's daily expiry refresh.
        update: { after: async (session) => changed((session as { userId?: unknown } | null)?.userId) },
        delete: { after: async (session) => changed(session?.userId) },
      },
    },
  });
}
export type Auth = ReturnType<typeof createAuth>;
