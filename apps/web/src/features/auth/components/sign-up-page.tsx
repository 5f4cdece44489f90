import { zSignUpInput } from "@mnemo/contracts";
import { useSignUp } from "../hooks/use-auth-mutations";
import { useInvitation } from "../hooks/use-invitation";
import { AuthForm, emailField, passwordField } from "./auth-form";
import { InvitationNotice } from "./invitation-notice";

/** Sign-up; opened from an invitation link (kept in `?next=`), it names the collection (issue 41). */
export function SignUpPage() {
  const invitation = useInvitation();
  return (
    <AuthForm
      title="Create your Mnemo account"
      subtitle={
        invitation
          ? "Create your account to open the shared collection."
          : "Your second brain for everything you read, save and ask."
      }
      notice={invitation && <InvitationNotice invitation={invitation} />}
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
