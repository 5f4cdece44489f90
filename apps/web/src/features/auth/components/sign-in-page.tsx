import { useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router";
import { Loader2Icon } from "lucide-react";
import { zSignInInput, type SignInInput } from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api";
import { useSignIn } from "../hooks/use-auth-mutations";
import { useFormErrors } from "../hooks/use-form-errors";
import { AuthLayout } from "./auth-layout";
import { FormAlert } from "./form-alert";
import { FormField } from "@/components/form-field";

type Field = "email" | "password";

export function SignInPage() {
  const [params] = useSearchParams();
  const [values, setValues] = useState<Record<Field, string>>({ email: "", password: "" });
  const form = useFormErrors<Field, SignInInput>(zSignInInput, values);
  const mutation = useSignIn();

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
      title="Welcome back"
      subtitle="Sign in to your Mnemo account."
      footer={
        <>
          New to Mnemo?{" "}
          <Link
            to={{ pathname: "/sign-up", search: params.toString() }}
            className="font-medium text-primary hover:underline"
          >
            Create an account
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label="Sign in">
        <FormAlert message={mutation.isError ? errorMessage(mutation.error) : null} />
        <FormField
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
          placeholder="you@example.com"
          {...bind("email")}
        />
        <FormField label="Password" type="password" autoComplete="current-password" {...bind("password")} />
        <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
          {mutation.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
          Sign in
        </Button>
      </form>
    </AuthLayout>
  );
}
