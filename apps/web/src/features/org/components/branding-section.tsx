import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link, useLocation } from "react-router";
import { toast } from "sonner";
import { orgMessages } from "@mnemo/contracts";
import { plansHref } from "@/features/plans";
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
    <SectionCard id="branding" title="Branding" description="Your app name and icon for every member.">
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

/**
 * Branding comes with the owner's top Lifetime plan (spec 3 §6); on any other plan the form is not
 * offered (it would be refused), only what it would take, named as users see plans (issue 41).
 */
export function BrandingUnavailable() {
  const location = useLocation();
  return (
    <SectionCard id="branding" title="Branding" description="Your app name and icon for every member.">
      <p className="text-sm text-muted-foreground" data-testid="branding-unavailable">
        {orgMessages.whiteLabelPlanOnly}{" "}
        <Link to={plansHref(location)} className="font-medium text-foreground underline underline-offset-4">
          See the plans
        </Link>
      </p>
    </SectionCard>
  );
}
