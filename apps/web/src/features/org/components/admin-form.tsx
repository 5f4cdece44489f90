import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/** One labelled input of an admin form; `name` is its key in the form's values. */
export interface AdminField<K extends string> {
  name: K;
  id: string;
  label: string;
  type?: string;
  placeholder?: string;
}

/** The values of an admin form, each field empty at first, and a reset to that. */
export function useAdminFormValues<K extends string>(names: readonly K[]) {
  const empty = () => Object.fromEntries(names.map((n) => [n, ""])) as Record<K, string>;
  const [values, setValues] = useState(empty);
  return { values, setValues, reset: () => setValues(empty()) };
}

/**
 * The admin forms' layout (organisation settings): labelled inputs in two columns and a submit
 * button, enabled once every field has text and no save is under way.
 */
export function AdminForm<K extends string>({
  label,
  fields,
  values,
  onChange,
  pending,
  submitLabel,
  onSubmit,
}: {
  /** The form's accessible name. */
  label: string;
  fields: AdminField<K>[];
  values: Record<K, string>;
  onChange: (values: Record<K, string>) => void;
  pending: boolean;
  submitLabel: string;
  onSubmit: () => void;
}) {
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2" aria-label={label}>
      {fields.map((f) => (
        <div key={f.id} className="grid gap-1.5">
          <Label htmlFor={f.id}>{f.label}</Label>
          <Input
            id={f.id}
            type={f.type ?? "text"}
            value={values[f.name]}
            placeholder={f.placeholder}
            onChange={(e) => onChange({ ...values, [f.name]: e.target.value })}
          />
        </div>
      ))}
      <div>
        <Button type="submit" disabled={pending || fields.some((f) => !values[f.name].trim())}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
