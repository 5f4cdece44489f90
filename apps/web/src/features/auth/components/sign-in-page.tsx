import { Link } from "react-router";
import { zSignInInput } from "@mnemo/contracts";
import { hasSignedInBefore, useSignIn } from "../hooks/use-auth-mutations";
import { useInvitation } from "../hooks/use-invitation";
import { AuthForm, emailField, passwordField } from "./auth-form";
import { InvitationNotice } from "./invitation-notice";

/**
 * Sign-in: "Welcome back" only to someone who signed in with this browser before. Opened from an
 * invitation link, it names the collection and who shared it (issue 41).
 */
export function SignInPage() {
  const returning = hasSignedInBefore();
  const invitation = useInvitation();
  return (
    <AuthForm
      title={invitation ? "Sign in to open the collection" : returning ? "Welcome back" : "Sign in to Mnemo"}
      subtitle={
        invitation
          ? "New to Mnemo? Create an account below to join it."
          : returning
            ? "Sign in to your Mnemo account."
            : "New here? Create an account below."
      }
      notice={invitation && <InvitationNotice invitation={invitation} />}
      submitLabel="Sign in"
      schema={zSignInInput}
      mutation={useSignIn()}
      fields={[{ ...emailField, autoFocus: true }, passwordField("current-password")]}
      other={{ prompt: "New to Mnemo?", label: "Create an account", pathname: "/sign-up" }}
      alternatives={
        <span className="mt-3 block">
          <Link to="/sso" className="font-medium text-primary hover:underline">
            Sign in with single sign-on
          </Link>
        </span>
      }
    />
  );
}
