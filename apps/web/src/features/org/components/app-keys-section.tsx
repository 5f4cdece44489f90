import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { SectionCard } from "@/components/ui/section-card";
import { getAppKeys, updateAppKeys } from "../api/orgs";
import { orgKeys } from "../hooks/use-org";
import { AdminForm, useAdminFormValues, type AdminField } from "./admin-form";

type KeyField = "app_name" | "client_id" | "client_secret" | "redirect_url";

const fields: AdminField<KeyField>[] = [
  { name: "app_name", id: "key-app", label: "App", placeholder: "github" },
  { name: "client_id", id: "key-client", label: "Client ID" },
  { name: "client_secret", id: "key-secret", label: "Client secret", type: "password" },
  { name: "redirect_url", id: "key-redirect", label: "Redirect URL" },
];

/** The organisation's own OAuth clients per app, used when its members connect that app. */
export function AppKeysSection({ organizationId }: { organizationId: string }) {
  const qc = useQueryClient();
  const { data } = useQuery({
    queryKey: orgKeys.keys(organizationId),
    queryFn: ({ signal }) => getAppKeys(organizationId, signal),
  });
  const { values: form, setValues: setForm, reset } = useAdminFormValues(fields.map((f) => f.name));
  const save = useMutation({
    mutationFn: () => updateAppKeys(organizationId, form),
    onSuccess: () => {
      toast.success(`Keys for ${form.app_name} saved.`);
      reset();
    },
    onError: (err: Error) => toast.error(err.message),
    onSettled: () => qc.invalidateQueries({ queryKey: orgKeys.keys(organizationId) }),
  });
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
      <AdminForm
        label="Set app keys"
        fields={fields}
        values={form}
        onChange={setForm}
        pending={save.isPending}
        submitLabel="Save keys"
        onSubmit={() => save.mutate()}
      />
    </SectionCard>
  );
}
