import { useState, type FormEvent } from "react";
import { Loader2Icon } from "lucide-react";
import { toast } from "sonner";
import { integrationMessages, type Integration } from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FormField } from "@/components/form-field";
import { ApiError } from "@/lib/api";
import { useConnectAccount } from "../hooks/use-apps";

/** The server's reason when it gave one (wrong credentials, limits); the spec's text otherwise. */
function connectError(err: unknown): string {
  if (err instanceof ApiError && ["validation", "plan_limit", "conflict", "upstream"].includes(err.code))
    return err.message;
  return integrationMessages.connectFailed;
}

/**
 * Connect an account of an app that takes credentials (a feed URL, a server and password): the
 * server checks them against the app before anything is stored; the reason of a refusal shows
 * here and the form keeps what was typed.
 */
export function ConnectDialog({
  app,
  open,
  onOpenChange,
}: {
  app: Integration;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const connect = useConnectAccount();

  const change = (o: boolean) => {
    if (!o) {
      setValues({});
      setError(null);
      connect.reset();
    }
    onOpenChange(o);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const missing = app.credential_fields.find((f) => f.required && !values[f.name]?.trim());
    if (missing) {
      setError(`${missing.label} is required.`);
      return;
    }
    try {
      const account = await connect.mutateAsync({ appName: app.applications_id, credentials: values });
      toast.success(`${account.title} connected. The first sync has started.`);
      change(false);
    } catch (err) {
      setError(connectError(err));
    }
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Connect {app.application_name}</DialogTitle>
          <DialogDescription>{app.description}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          {app.credential_fields.map((f, i) => (
            <FormField
              key={f.name}
              label={f.label}
              type={
                f.kind === "password"
                  ? "password"
                  : f.kind === "number"
                    ? "number"
                    : f.kind === "url"
                      ? "url"
                      : "text"
              }
              placeholder={f.placeholder}
              autoFocus={i === 0}
              autoComplete={f.secret ? "new-password" : "off"}
              value={values[f.name] ?? ""}
              onChange={(e) => {
                setValues((v) => ({ ...v, [f.name]: e.target.value }));
                setError(null);
              }}
            />
          ))}
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => change(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={connect.isPending}>
              {connect.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
              {connect.isPending ? "Connecting…" : "Connect"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
