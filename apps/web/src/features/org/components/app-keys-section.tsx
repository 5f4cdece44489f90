import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { SectionCard } from "@/components/ui/section-card";
import { getAppKeys, updateAppKeys } from "../api/orgs";
import { orgKeys } from "../hooks/use-org";
import { Field } from "./field";

const empty = { app_name: "", client_id: "", client_secret: "", redirect_url: "" };

/** The organisation's own OAuth clients per app, used when its members connect that app. */
export function AppKeysSection({ organizationId }: { organizationId: string }) {
  const qc = useQueryClient();
  const { data } = useQuery({
    queryKey: orgKeys.keys(organizationId),
    queryFn: ({ signal }) => getAppKeys(organizationId, signal),
  });
  const [form, setForm] = useState(empty);
  const set = (k: keyof typeof empty) => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  const save = useMutation({
    mutationFn: () => updateAppKeys(organizationId, form),
    onSuccess: () => {
      toast.success(`Keys for ${form.app_name} saved.`);
      setForm(empty);
    },
    onError: (err: Error) => toast.error(err.message),
    onSettled: () => qc.invalidateQueries({ queryKey: orgKeys.keys(organizationId) }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <SectionCard
      id="app-keys"
      title="App keys"
      description="Your organisation's OAuth client for an app. Secrets are encrypted and never shown again."
    >
      <ul className="mb-4 grid gap-1 text-sm">
        {data?.keys.map((k) => (
          <li key={k.app_name}>
            <span className="font-medium">{k.app_name}</span> · {k.client_id} · {k.redirect_url}
          </li>
        ))}
        {data && data.keys.length === 0 && <li className="text-muted-foreground">No app keys yet.</li>}
      </ul>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2" aria-label="Set app keys">
        <Field
          id="key-app"
          label="App"
          value={form.app_name}
          onChange={set("app_name")}
          placeholder="github"
        />
        <Field id="key-client" label="Client ID" value={form.client_id} onChange={set("client_id")} />
        <Field
          id="key-secret"
          label="Client secret"
          type="password"
          value={form.client_secret}
          onChange={set("client_secret")}
        />
        <Field
          id="key-redirect"
          label="Redirect URL"
          value={form.redirect_url}
          onChange={set("redirect_url")}
        />
        <div>
          <Button type="submit" disabled={save.isPending || Object.values(form).some((v) => !v.trim())}>
            Save keys
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
