import { Link } from "react-router";
import { zSignInInput } from "@mnemo/contracts";
import { hasSignedInBefore, useSignIn } from "../hooks/use-auth-mutations";
import { AuthForm, emailField, passwordField } from "./auth-form";

/** Sign-in: "Welcome back" only to someone who signed in with this browser before. */
export function SignInPage() {
  const returning = hasSignedInBefore();
  return (
    <AuthForm
      title={returning ? "Welcome back" : "Sign in to Mnemo"}
      subtitle={returning ? "Sign in to your Mnemo account." : "New here? Create an account below."}
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
