import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { orgMessages } from "@mnemo/contracts";
import { AuthLayout } from "@/features/auth";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { authToken } from "@/lib/auth-token";
import { exchangeSsoCode, ssoStartUrl } from "../api/orgs";

/**
 * /sso: asks for the work e-mail and goes to the organisation's OpenID provider; on the way back
 * (`?code=`) exchanges the one-time code for a session and opens the app.
 */
export function SsoPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get("code");
  const refused = params.get("error");
  const [error, setError] = useState<string | null>(
    refused === "existing_account" ? orgMessages.ssoExistingAccount : refused ? orgMessages.ssoFailed : null,
  );
  const [email, setEmail] = useState("");
  const exchanged = useRef(false);
  useEffect(() => {
    if (!code || exchanged.current) return;
    exchanged.current = true;
    exchangeSsoCode(code)
      .then(({ token }) => {
        authToken.set(token);
        void navigate("/", { replace: true });
      })
      .catch(() => setError(orgMessages.ssoFailed));
  }, [code, navigate]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (email.includes("@")) window.location.assign(ssoStartUrl(email.trim()));
  };
  return (
    <AuthLayout
      title="Single sign-on"
      subtitle="Sign in with your organisation's account."
      footer={
        <Link to="/sign-in" className="font-medium text-primary hover:underline">
          Sign in with a password
        </Link>
      }
    >
      {code && !error ? (
        <p className="text-sm">Signing you in…</p>
      ) : (
        <form onSubmit={submit} className="grid gap-5" aria-label="Single sign-on">
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <div className="grid gap-1.5">
            <Label htmlFor="sso-email">Work e-mail</Label>
            <Input
              id="sso-email"
              type="email"
              autoFocus
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          <Button type="submit">Continue</Button>
        </form>
      )}
    </AuthLayout>
  );
}
