import { Link } from "react-router";
import { zSignInInput } from "@mnemo/contracts";
import { useSignIn } from "../hooks/use-auth-mutations";
import { AuthForm, emailField, passwordField } from "./auth-form";

export function SignInPage() {
  return (
    <AuthForm
      title="Welcome back"
      subtitle="Sign in to your Mnemo account."
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
