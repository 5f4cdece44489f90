import { useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { Loader2Icon } from "lucide-react";
import { zSignUpInput, type SignUpInput } from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api";
import { useSignUp } from "../hooks/use-auth-mutations";
import { useFormErrors } from "../hooks/use-form-errors";
import { AuthLayout } from "./auth-layout";
import { FormAlert } from "./form-alert";
import { FormField } from "@/components/form-field";

type Field = "name" | "email" | "password";

export function SignUpPage() {
  const [params] = useSearchParams();
  const [values, setValues] = useState<Record<Field, string>>({ name: "", email: "", password: "" });
  const form = useFormErrors<Field, SignUpInput>(zSignUpInput, values);
  const mutation = useSignUp();

  const bind = (k: Field) => ({
    value: values[k],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value })),
    onBlur: () => form.touch(k),
    error: form.error(k),
  });

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const input = form.submit();
    if (input && !mutation.isPending) mutation.mutate(input);
  }

  return (
    <AuthLayout
      title="Create your Mnemo account"
      subtitle="Your second brain for everything you read, save and ask."
      footer={
        <>
          Already have an account?{" "}
          <Link
            to={{ pathname: "/sign-in", search: params.toString() }}
            className="font-medium text-primary hover:underline"
          >
            Sign in
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Sign up">
        <FormAlert message={mutation.isError ? errorMessage(mutation.error) : null} />
        <FormField
          label="Full name"
          autoComplete="name"
          autoFocus
          placeholder="Ada Lovelace"
          {...bind("name")}
        />
        <FormField
          label="Email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          {...bind("email")}
        />
        <FormField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters."
          {...bind("password")}
        />
        <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
          {mutation.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
          Create account
        </Button>
      </form>
    </AuthLayout>
  );
}
