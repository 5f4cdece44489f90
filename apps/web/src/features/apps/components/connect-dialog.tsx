import { useState, type FormEvent } from "react";
import { Loader2Icon } from "lucide-react";
import { toast } from "sonner";
import { integrationMessages, type ConnectedAccount, type Integration } from "@mnemo/contracts";
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
import { useConnectAccount, useReconnectAccount } from "../hooks/use-apps";

/** The server's reason when it gave one (wrong credentials, limits); the spec's text otherwise. */
function connectError(err: unknown): string {
  if (err instanceof ApiError && ["validation", "plan_limit", "conflict", "upstream"].includes(err.code))
    return err.message;
  return integrationMessages.connectFailed;
}

/**
 * Connect an account of an app that takes credentials (a feed URL, a server and password): the
 * server checks them against the app before anything is stored; the reason of a refusal shows
 * here and the form keeps what was typed. With `account` it is Reconnect: only the secret fields
 * are asked, and the same account takes them (its id and memories kept; issue 43).
 */
export function ConnectDialog({
  app,
  account,
  open,
  onOpenChange,
}: {
  app: Integration;
  account?: ConnectedAccount | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const connectNew = useConnectAccount();
  const reconnect = useReconnectAccount();
  const connect = account ? reconnect : connectNew;
  const fields = account ? app.credential_fields.filter((f) => f.secret) : app.credential_fields;

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
    const missing = fields.find((f) => f.required && !values[f.name]?.trim());
    if (missing) {
      setError(`${missing.label} is required.`);
      return;
    }
    try {
      if (account) {
        const same = await reconnect.mutateAsync({ accountId: account.id, credentials: values });
        toast.success(integrationMessages.reconnected({ title: same.title }));
      } else {
        const created = await connectNew.mutateAsync({ appName: app.applications_id, credentials: values });
        toast.success(`${created.title} connected. The first sync has started.`);
      }
      change(false);
    } catch (err) {
      setError(connectError(err));
    }
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            {account ? `Reconnect ${account.title}` : `Connect ${app.application_name}`}
          </DialogTitle>
          <DialogDescription>{app.description}</DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          {fields.map((f, i) => (
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
              {connect.isPending
                ? account
                  ? "Reconnecting…"
                  : "Connecting…"
                : account
                  ? "Reconnect"
                  : "Connect"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
