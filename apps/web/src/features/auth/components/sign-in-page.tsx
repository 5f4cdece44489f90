import { zSignInInput } from "@mnemo/contracts";
import { useSignIn } from "../hooks/use-auth-mutations";
import { AuthForm } from "./auth-form";

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
        {
          name: "email",
          label: "Email",
          type: "email",
          autoComplete: "email",
          autoFocus: true,
          placeholder: "you@example.com",
        },
        { name: "password", label: "Password", type: "password", autoComplete: "current-password" },
      ]}
      other={{ prompt: "New to Mnemo?", label: "Create an account", pathname: "/sign-up" }}
    />
  );
}
