import { zSignUpInput } from "@mnemo/contracts";
import { useSignUp } from "../hooks/use-auth-mutations";
import { AuthForm, emailField, passwordField } from "./auth-form";

export function SignUpPage() {
  return (
    <AuthForm
      title="Create your Mnemo account"
      subtitle="Your second brain for everything you read, save and ask."
      formLabel="Sign up"
      submitLabel="Create account"
      schema={zSignUpInput}
      mutation={useSignUp()}
      fields={[
        {
          name: "name",
          label: "Full name",
          autoComplete: "name",
          autoFocus: true,
          placeholder: "Ada Lovelace",
        },
        emailField,
        { ...passwordField("new-password"), hint: "At least 8 characters." },
      ]}
      other={{ prompt: "Already have an account?", label: "Sign in", pathname: "/sign-in" }}
    />
  );
}
