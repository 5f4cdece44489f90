import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SignUpResult } from "@mnemo/contracts";
import { authToken } from "@/lib/auth-token";
import { signIn } from "../api/sign-in";
import { signUp } from "../api/sign-up";
import { signOut } from "../api/sign-out";

/** After signing in without `?next=`, the chat history route (spec 1 §2: the default redirect for login). */
export const afterSignIn = "/chat";

/** Only same-app paths are accepted as a place to return to after signing in (else `fallback`). */
export function safeNext(next: string | null, fallback = "/"): string {
  return next && next.startsWith("/") && !next.startsWith("//") ? next : fallback;
}

const SIGNED_IN_BEFORE = "mnemo.signedInBefore";

/** Whether someone has signed in with this browser before (sign-in then says "Welcome back"). */
export function hasSignedInBefore(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_BEFORE) === "1";
  } catch {
    return false;
  }
}

/** Keeps the token; the guard of the sign-in and sign-up screens then moves on to `?next=`. */
function useSignedIn() {
  const queryClient = useQueryClient();
  return (result: SignUpResult) => {
    // A sign-up waiting for its e-mail confirmation has no session: the form shows the message.
    if (!("token" in result)) return;
    queryClient.clear();
    localStorage.setItem(SIGNED_IN_BEFORE, "1");
    authToken.set(result.token);
  };
}

export function useSignIn() {
  const onSignedIn = useSignedIn();
  return useMutation({ mutationFn: signIn, onSuccess: onSignedIn });
}

export function useSignUp() {
  const onSignedIn = useSignedIn();
  return useMutation({ mutationFn: signUp, onSuccess: onSignedIn });
}

/**
 * Signs out: revokes the token on the server (best effort), then forgets it and all cached data;
 * the route guard then shows sign-in.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => signOut().catch(() => undefined),
    onSettled: () => {
      authToken.signOut();
      queryClient.clear();
    },
  });
}
