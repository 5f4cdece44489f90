import { Navigate, Outlet, useLocation, useSearchParams } from "react-router";
import { safeNext } from "@/features/auth";
import { authToken, useAuthToken } from "@/lib/auth-token";

/** Signed-in screens: without a token, go to sign-in and come back afterwards. */
export function RequireAuth() {
  const token = useAuthToken();
  const location = useLocation();
  if (!token) {
    const here = location.pathname + location.search + location.hash;
    const search =
      here === "/" || authToken.wasSignedOutOnPurpose() ? "" : `?next=${encodeURIComponent(here)}`;
    return <Navigate to={`/sign-in${search}`} replace />;
  }
  return <Outlet />;
}

/** Sign-in and sign-up: someone signed in goes on to `?next=` (or the wall). */
export function RequireGuest() {
  const token = useAuthToken();
  const [params] = useSearchParams();
  if (token) return <Navigate to={safeNext(params.get("next"))} replace />;
  return <Outlet />;
}
