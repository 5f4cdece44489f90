import { useState } from "react";
import type { z } from "zod";

type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** First message per field of a failed parse. */
export function fieldErrors<K extends string>(error: z.ZodError | undefined): FieldErrors<K> {
  const out: FieldErrors<K> = {};
  for (const issue of error?.issues ?? []) {
    const key = String(issue.path[0]) as K;
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/**
 * Inline validation with a zod schema: a field shows its error once it was left with something
 * typed in it (blur) or the form was submitted, and updates as the person types. Leaving an
 * empty field says nothing yet, so tabbing through the form or clicking a link does not make
 * the layout jump under the pointer.
 */
export function useFormErrors<K extends string, T>(schema: z.ZodType<T>, values: Record<K, string>) {
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const result = schema.safeParse(values);
  const all = fieldErrors<K>(result.success ? undefined : result.error);
  const visible = (k: K) => (submitted || (touched[k] && values[k] !== "") ? all[k] : undefined);
  return {
    error: visible,
    touch: (k: K) => setTouched((t) => ({ ...t, [k]: true })),
    /** Marks the form submitted; returns the parsed value when valid. */
    submit: (): T | null => {
      setSubmitted(true);
      return result.success ? result.data : null;
    },
  };
}
