import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Loader2Icon } from "lucide-react";
import { toast } from "sonner";
import { zUpdateProfileInput } from "@mnemo/contracts";
import { authMessages } from "@mnemo/contracts/messages";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useUpdateProfile } from "../hooks/use-me";

/** Full-name field with inline validation; saves through PUT /api/user/profile. */
export function ProfileNameForm({
  initial,
  onSaved,
  submitLabel = "Save",
  footer,
}: {
  initial: string;
  onSaved?: () => void;
  submitLabel?: string;
  footer?: (submit: ReactNode) => ReactNode;
}) {
  const id = useId();
  const [name, setName] = useState(initial);
  const [showError, setShowError] = useState(false);
  const mutation = useUpdateProfile({
    onSuccess: () => {
      toast.success("Name saved.");
      onSaved?.();
    },
    onError: () => toast.error(authMessages.updateUsernameFailed),
  });
  const parsed = zUpdateProfileInput.safeParse({ full_name: name });
  const error = showError && !parsed.success ? parsed.error.issues[0]?.message : undefined;

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    setShowError(true);
    if (!parsed.success || mutation.isPending) return;
    mutation.mutate(parsed.data);
  }

  const submit = (
    <Button type="submit" disabled={mutation.isPending}>
      {mutation.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
      {submitLabel}
    </Button>
  );

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={id}>Full name</Label>
        <Input
          id={id}
          value={name}
          autoComplete="name"
          onChange={(e) => setName(e.target.value)}
          onBlur={() => setShowError(true)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error && (
          <p id={`${id}-error`} className="text-[13px] text-destructive">
            {error}
          </p>
        )}
      </div>
      {footer ? footer(submit) : <div>{submit}</div>}
    </form>
  );
}
