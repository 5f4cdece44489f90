import { Navigate, Outlet, useLocation } from "react-router";
import { authToken, useAuthToken } from "@/lib/auth-token";

/** Signed-in screens: without a token, go to sign-in and come back afterwards. */
export function RequireAuth() {
  const token = useAuthToken();
  const location = useLocation();
  if (!token) {
    const here = location.pathname + location.search + location.hash;
    const search = here === "/" || authToken.wasSignedOutOnPurpose() ? "" : `?next=${encodeURIComponent(here)}`;
    return <Navigate to={`/sign-in${search}`} replace />;
  }
  return <Outlet />;
}

/** Sign-in and sign-up: someone already signed in goes to the app. */
export function RequireGuest() {
  const token = useAuthToken();
  if (token) return <Navigate to="/" replace />;
  return <Outlet />;
}
