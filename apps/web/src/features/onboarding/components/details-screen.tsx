import { useId, useMemo, useState, type FormEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Loader2Icon } from "lucide-react";
import { userDetailChoices, zCreateUserInput, type CreateUserInput } from "@mnemo/contracts";
import { FormField } from "@/components/form-field";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { errorMessage } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";
import { useSignOut } from "@/features/auth";
import { createUser } from "../api/first-run";
import { countryChoices, guessCountry } from "../logic/countries";
import { FirstRunFrame } from "./first-run-frame";

type Form = Record<keyof Omit<CreateUserInput, "customer_id" | "price_id">, string>;

function Choice({
  label,
  value,
  options,
  error,
  autoComplete,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly string[];
  error?: string;
  autoComplete?: string;
  onChange: (v: string) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="h-9 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive"
      >
        <option value="">Choose…</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="text-[13px] text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** The free-text details: key, label and the browser's autofill name. */
const textFields: [keyof Form, string, string][] = [["role", "Role", "organization-title"]];

/** The details chosen from a list, in the order they are asked (after the country). */
const choiceFields: [keyof Form, string, readonly string[]][] = [
  ["company_size", "Company size", userDetailChoices.companySize],
  ["kind_of_work", "Kind of work", userDetailChoices.kindOfWork],
  ["referrer", "How did you hear about Mnemo?", userDetailChoices.referrer],
];

/**
 * The blocking screen for free-plan users who have not given their details (spec 3 §2, §4): the
 * create-user details (country, company size, kind of work, referrer, role), then onboarding.
 */
export function DetailsScreen() {
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  const countries = useMemo(() => countryChoices().map((c) => c.name), []);
  const [form, setForm] = useState<Form>(() => ({
    // Prefilled from the browser's language (en-IE → Ireland); the person can change it.
    country: guessCountry(
      navigator.languages?.length ? navigator.languages : [navigator.language],
      countryChoices(),
    ),
    company_size: "",
    kind_of_work: "",
    referrer: "",
    role: "",
  }));
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const parsed = zCreateUserInput.safeParse(form);
  const errors: Partial<Record<keyof Form, string>> = {};
  if (shown && !parsed.success)
    for (const issue of parsed.error.issues) errors[issue.path[0] as keyof Form] ??= issue.message;
  const set = (k: keyof Form) => (v: string) => setForm((f) => ({ ...f, [k]: v }));

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setShown(true);
    if (!parsed.success || busy) return;
    setBusy(true);
    setFailure(null);
    try {
      queryClient.setQueryData(queryKeys.me, await createUser(parsed.data));
    } catch (err) {
      setFailure(errorMessage(err, "Your details could not be saved. Please try again."));
    } finally {
      setBusy(false);
    }
  }

  return (
    <FirstRunFrame
      title="Tell us about yourself"
      subtitle="A few details before you start. This takes a minute."
    >
      <form className="grid gap-4" onSubmit={(e) => void onSubmit(e)} noValidate>
        <Choice
          label="Country"
          value={form.country}
          options={countries}
          error={errors.country}
          autoComplete="country-name"
          onChange={set("country")}
        />
        {textFields.map(([key, label, autoComplete]) => (
          <FormField
            key={key}
            label={label}
            value={form[key]}
            onChange={(e) => set(key)(e.target.value)}
            error={errors[key]}
            autoComplete={autoComplete}
          />
        ))}
        {choiceFields.map(([key, label, options]) => (
          <Choice
            key={key}
            label={label}
            value={form[key]}
            options={options}
            error={errors[key]}
            onChange={set(key)}
          />
        ))}
        {failure && (
          <p role="alert" className="text-sm text-destructive">
            {failure}
          </p>
        )}
        <Button type="submit" disabled={busy}>
          {busy && <Loader2Icon className="size-4 animate-spin" />} Continue
        </Button>
        <Button type="button" variant="ghost" onClick={() => signOut.mutate()}>
          Sign out
        </Button>
      </form>
    </FirstRunFrame>
  );
}
