import { z } from "zod";

export const zSignUpInput = z.object({
  name: z.string().trim().min(1, "Full name is required.").max(120, "Full name is too long."),
  email: z.string().trim().toLowerCase().max(254).email("Enter a valid email address."),
  password: z.string().min(8, "Password must be at least 8 characters.").max(128, "Password is too long."),
});
export type SignUpInput = z.infer<typeof zSignUpInput>;

export const zSignInInput = z.object({
  email: z.string().trim().toLowerCase().max(254).email("Enter a valid email address."),
  password: z.string().min(1, "Password is required.").max(128, "Password is too long."),
});
export type SignInInput = z.infer<typeof zSignInInput>;

export const zAuthUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
});

/** Answer of sign-up and sign-in: the bearer token and the user. */
export const zAuthResult = z.object({ token: z.string(), user: zAuthUser });
export type AuthResult = z.infer<typeof zAuthResult>;

/**
 * POST /api/auth/sign-up answers a session, or — when the server requires e-mail verification —
 * only that a link was mailed. That answer is the same for a new and a registered address.
 */
export const zSignUpPending = z.object({ verification_required: z.literal(true), message: z.string() });
export const zSignUpResult = z.union([zAuthResult, zSignUpPending]);
export type SignUpResult = z.infer<typeof zSignUpResult>;

/** POST /api/auth/desktop_token: a signed-in desktop client proves itself with the operator's secret. */
export const zDesktopTokenInput = z.object({ client_secret: z.string().min(1).max(512) });
/** The token to send as `X-Desktop-Token` (bound to this user), and when it expires (Unix seconds). */
export const zDesktopTokenResult = z.object({ desktop_token: z.string(), expires_at: z.number().int() });

/** GET /api/auth/verify-email: the token of the verification mail's link. */
export const zVerifyEmailQuery = z.object({ token: z.string().min(1).max(4096) });
