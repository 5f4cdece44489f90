import { lazy, Suspense } from "react";
import { Navigate, Outlet, useLocation, useParams, useSearchParams } from "react-router";
import { afterSignIn, safeNext } from "@/features/auth";
import { authToken, useAuthToken } from "@/lib/auth-token";
import { sharedChatOf, sharedChatPath } from "@/lib/shared-chat";

const PublicChatPage = lazy(() => import("@/features/chat").then((m) => ({ default: m.PublicChatPage })));

/**
 * Signed-in screens: without a token, go to sign-in and come back afterwards. A shared chat
 * (`/chat/{id}?shared=true`, spec 1 §2) is the public view, open to everyone.
 */
export function RequireAuth() {
  const token = useAuthToken();
  const location = useLocation();
  if (sharedChatOf(location.pathname, location.search))
    return (
      <Suspense fallback={null}>
        <PublicChatPage />
      </Suspense>
    );
  if (!token) {
    const here = location.pathname + location.search + location.hash;
    const search =
      here === "/" || authToken.wasSignedOutOnPurpose() ? "" : `?next=${encodeURIComponent(here)}`;
    return <Navigate to={`/sign-in${search}`} replace />;
  }
  return <Outlet />;
}

/**
 * Sign-in and sign-up: someone signed in goes on to `?next=`, else from sign-in to the chat history
 * (spec 1 §2) and from sign-up to the wall (where first-run onboarding starts).
 */
export function RequireGuest() {
  const token = useAuthToken();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const fallback = pathname.startsWith("/sign-in") ? afterSignIn : "/";
  if (token) return <Navigate to={safeNext(params.get("next"), fallback)} replace />;
  return <Outlet />;
}

/** The older public address `/public/chat/{id}?token=…` moves to the spec's shared-chat address. */
export function PublicChatRedirect() {
  const { id = "" } = useParams();
  const [params] = useSearchParams();
  return <Navigate to={sharedChatPath(id, params.get("token") ?? "")} replace />;
}
