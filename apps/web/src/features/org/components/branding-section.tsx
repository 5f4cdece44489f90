import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { SectionCard } from "@/components/ui/section-card";
import { updateSelfLabel } from "../api/orgs";
import { orgKeys, useSelfLabel } from "../hooks/use-org";
import { AdminForm, useAdminFormValues, type AdminField } from "./admin-form";

const fields: AdminField<"name" | "url">[] = [
  { name: "name", id: "label-name", label: "App name" },
  { name: "url", id: "label-icon", label: "Icon URL", placeholder: "https://…/icon.png" },
];

/** White-label (ltd_tier_5): the app name and icon the organisation's members see. */
export function BrandingSection({ organizationId }: { organizationId: string }) {
  const qc = useQueryClient();
  const { data } = useSelfLabel();
  const current = data?.organization_id === organizationId ? data : null;
  const { values: form, setValues: setForm } = useAdminFormValues(fields.map((f) => f.name));
  const save = useMutation({
    mutationFn: () => updateSelfLabel(organizationId, form.url.trim(), form.name.trim()),
    onSuccess: () => toast.success("Branding saved."),
    onError: (err: Error) => toast.error(err.message),
    onSettled: () => qc.invalidateQueries({ queryKey: orgKeys.label }),
  });
  return (
    <SectionCard
      id="branding"
      title="Branding"
      description="Your app name and icon for every member (ltd_tier_5)."
    >
      {current?.app_name && (
        <p className="mb-4 flex items-center gap-2 text-sm">
          {current.image_url && <img src={current.image_url} alt="" className="size-6 rounded" />}
          Now: <span className="font-medium">{current.app_name}</span>
        </p>
      )}
      <AdminForm
        label="Set branding"
        fields={fields}
        values={form}
        onChange={setForm}
        pending={save.isPending}
        submitLabel="Save branding"
        onSubmit={() => save.mutate()}
      />
    </SectionCard>
  );
}
