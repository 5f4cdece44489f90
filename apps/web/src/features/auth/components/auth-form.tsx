import { useState, type ComponentProps, type FormEvent, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { Loader2Icon } from "lucide-react";
import type { UseMutationResult } from "@tanstack/react-query";
import type { z } from "zod";
import type { SignUpResult } from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import { FormField } from "@/components/form-field";
import { errorMessage } from "@/lib/api";
import { useFormErrors } from "../hooks/use-form-errors";
import { AuthLayout } from "./auth-layout";
import { FormAlert } from "./form-alert";

/** One input of an auth form: its name in the schema plus what FormField shows. */
export type AuthField<K extends string> = { name: K; label: string } & Omit<
  ComponentProps<typeof FormField>,
  "value" | "onChange" | "onBlur" | "error" | "label" | "name"
>;

/** The email field both screens ask for first or second. */
export const emailField = {
  name: "email",
  label: "Email",
  type: "email",
  autoComplete: "email",
  placeholder: "you@example.com",
} as const;

/** The password field of both screens; `autoComplete` tells a password manager which password it is. */
export const passwordField = (autoComplete: "current-password" | "new-password") =>
  ({ name: "password", label: "Password", type: "password", autoComplete }) as const;

/**
 * The sign-in and sign-up screens: the frame, inline validation with the contracts schema, the
 * server's refusal above the fields, and a link to the other screen that keeps `?next=`.
 */
export function AuthForm<K extends string, T>({
  title,
  subtitle,
  submitLabel,
  formLabel = submitLabel,
  schema,
  fields,
  mutation,
  other,
  alternatives,
  notice,
}: {
  title: string;
  subtitle: string;
  submitLabel: string;
  /** The form's accessible name, when it is not the submit button's label. */
  formLabel?: string;
  schema: z.ZodType<T>;
  fields: AuthField<K>[];
  mutation: UseMutationResult<SignUpResult, Error, T>;
  /** The other auth screen: "New to Mnemo?" → Create an account. */
  other: { prompt: string; label: string; pathname: string };
  /** More ways in, under the form (e.g. single sign-on). */
  alternatives?: ReactNode;
  /** Said above the fields (e.g. the invitation the page was opened for). */
  notice?: ReactNode;
}) {
  const [params] = useSearchParams();
  const [values, setValues] = useState(
    () => Object.fromEntries(fields.map((f) => [f.name, ""])) as Record<K, string>,
  );
  const form = useFormErrors<K, T>(schema, values);

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    const input = form.submit();
    if (input && !mutation.isPending) mutation.mutate(input);
  }

  const footer: ReactNode = (
    <>
      {other.prompt}{" "}
      <Link
        to={{ pathname: other.pathname, search: params.toString() }}
        className="font-medium text-primary hover:underline"
      >
        {other.label}
      </Link>
      {alternatives}
    </>
  );

  return (
    <AuthLayout title={title} subtitle={subtitle} footer={footer}>
      <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label={formLabel}>
        {notice}
        <FormAlert message={mutation.isError ? errorMessage(mutation.error) : null} />
        {mutation.data && "verification_required" in mutation.data && (
          <p role="status" className="rounded-md border bg-muted px-3 py-2.5 text-sm">
            {mutation.data.message}
          </p>
        )}
        {fields.map(({ name, ...field }) => (
          <FormField
            key={name}
            {...field}
            value={values[name]}
            onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
            onBlur={() => form.touch(name)}
            error={form.error(name)}
          />
        ))}
        <Button type="submit" size="lg" className="w-full" disabled={mutation.isPending}>
          {mutation.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
          {submitLabel}
        </Button>
      </form>
    </AuthLayout>
  );
}
