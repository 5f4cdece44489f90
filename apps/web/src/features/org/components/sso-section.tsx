import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { SectionCard } from "@/components/ui/section-card";
import { getSso, updateSso, verifySsoDomain } from "../api/orgs";
import { orgKeys } from "../hooks/use-org";
import { AdminForm, useAdminFormValues, type AdminField } from "./admin-form";

type SsoField = "issuer" | "client_id" | "client_secret" | "domain";

const fields: AdminField<SsoField>[] = [
  { name: "issuer", id: "sso-issuer", label: "Issuer URL" },
  { name: "domain", id: "sso-domain", label: "E-mail domain", placeholder: "example.com" },
  { name: "client_id", id: "sso-client", label: "Client ID" },
  { name: "client_secret", id: "sso-secret", label: "Client secret", type: "password" },
];

/** OpenID Connect sign-in for the organisation's e-mail domain. */
export function SsoSection({ organizationId }: { organizationId: string }) {
  const qc = useQueryClient();
  const { data } = useQuery({
    queryKey: orgKeys.sso(organizationId),
    queryFn: ({ signal }) => getSso(organizationId, signal),
  });
  const { values: form, setValues: setForm } = useAdminFormValues(fields.map((f) => f.name));
  const refresh = () => qc.invalidateQueries({ queryKey: orgKeys.sso(organizationId) });
  const save = useMutation({
    mutationFn: () => updateSso({ organization_id: organizationId, ...form }),
    onSuccess: () => toast.success("Single sign-on saved."),
    onError: (err: Error) => toast.error(err.message),
    onSettled: refresh,
  });
  const verify = useMutation({
    mutationFn: () => verifySsoDomain(organizationId),
    onError: (err: Error) => toast.error(err.message),
    onSettled: refresh,
  });
  return (
    <SectionCard
      id="sso"
      title="Single sign-on"
      description="Members of your e-mail domain sign in with your OpenID provider."
    >
      {data?.configured && (
        <div className="mb-4 grid gap-1 text-sm" data-testid="sso-status">
          <p>
            {data.issuer} · {data.domain} · {data.domain_verified ? "Domain verified" : "Domain not verified"}
          </p>
          {!data.domain_verified && (
            <p className="text-muted-foreground">
              Publish a TXT record at <code>_mnemo-sso.{data.domain}</code> with{" "}
              <code>{data.verification_record}</code>, then{" "}
              <Button size="sm" variant="link" className="h-auto p-0" onClick={() => verify.mutate()}>
                check it
              </Button>
              .
            </p>
          )}
        </div>
      )}
      <p className="mb-3 text-xs text-muted-foreground">
        Redirect URI for your provider: {data?.redirect_uri}
      </p>
      <p className="mb-3 text-xs text-muted-foreground">
        Organisation id (for the server's SSO_TRUSTED_DOMAINS): <code>{organizationId}</code>
      </p>
      <AdminForm
        label="Set single sign-on"
        fields={fields}
        values={form}
        onChange={setForm}
        pending={save.isPending}
        submitLabel="Save single sign-on"
        onSubmit={() => save.mutate()}
      />
    </SectionCard>
  );
}
