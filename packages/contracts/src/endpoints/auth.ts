import {
  zAuthResult,
  zDesktopTokenInput,
  zDesktopTokenResult,
  zSignInInput,
  zSignUpInput,
  zSignUpResult,
  zVerifyEmailQuery,
} from "../auth.ts";
import { endpoint } from "./endpoint.ts";

export const auth = {
  signUp: endpoint({
    method: "post",
    path: "/auth/sign-up",
    summary:
      "Create an account. With REQUIRE_EMAIL_VERIFICATION no session yet: the same answer for a new and a registered address (a link is mailed to finish)",
    tag: "auth",
    auth: false,
    body: zSignUpInput,
    response: zSignUpResult,
  }),
  verifyEmail: endpoint({
    method: "get",
    path: "/auth/verify-email",
    summary:
      "The link of the verification mail (SMTP configured): proves the address, binds the collections shared with it, then opens the app",
    tag: "auth",
    auth: false,
    query: zVerifyEmailQuery,
    contentType: "text/html",
    responseDescription: "A redirect to the app: /?email_verified=1, or =0 for an invalid or expired link",
  }),
  signIn: endpoint({
    method: "post",
    path: "/auth/sign-in",
    summary: "Sign in with email and password",
    tag: "auth",
    auth: false,
    body: zSignInInput,
    response: zAuthResult,
  }),
  signOut: endpoint({
    method: "post",
    path: "/auth/sign-out",
    summary: "Sign out (revokes the bearer token)",
    tag: "auth",
  }),
  refresh: endpoint({
    method: "post",
    path: "/auth/refresh",
    summary: "Refresh the session behind a bearer token",
    tag: "auth",
    response: zAuthResult,
  }),
  desktopToken: endpoint({
    method: "post",
    path: "/auth/desktop_token",
    summary:
      "Register a desktop client: with the operator's DESKTOP_CLIENT_SECRET, a token (X-Desktop-Token) that serves this user as the desktop app",
    tag: "auth",
    body: zDesktopTokenInput,
    response: zDesktopTokenResult,
  }),
};
