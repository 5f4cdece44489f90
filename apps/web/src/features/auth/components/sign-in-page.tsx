import { Link } from "react-router";
import { zSignInInput } from "@mnemo/contracts";
import { useSignIn } from "../hooks/use-auth-mutations";
import { AuthForm, emailField } from "./auth-form";

export function SignInPage() {
  return (
    <AuthForm
      title="Welcome back"
      subtitle="Sign in to your Mnemo account."
      formLabel="Sign in"
      submitLabel="Sign in"
      schema={zSignInInput}
      mutation={useSignIn()}
      fields={[
        { ...emailField, autoFocus: true },
        { name: "password", label: "Password", type: "password", autoComplete: "current-password" },
      ]}
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
