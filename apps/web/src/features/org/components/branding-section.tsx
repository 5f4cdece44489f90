import { useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { SectionCard } from "@/components/ui/section-card";
import { updateSelfLabel } from "../api/orgs";
import { orgKeys, useSelfLabel } from "../hooks/use-org";
import { Field } from "./field";

/** White-label (ltd_tier_5): the app name and icon the organisation's members see. */
export function BrandingSection({ organizationId }: { organizationId: string }) {
  const qc = useQueryClient();
  const { data } = useSelfLabel();
  const current = data?.organization_id === organizationId ? data : null;
  const [name, setName] = useState("");
  const [url, setUrl] = useState("");
  const save = useMutation({
    mutationFn: () => updateSelfLabel(organizationId, url.trim(), name.trim()),
    onSuccess: () => toast.success("Branding saved."),
    onError: (err: Error) => toast.error(err.message),
    onSettled: () => qc.invalidateQueries({ queryKey: orgKeys.label }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
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
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2" aria-label="Set branding">
        <Field id="label-name" label="App name" value={name} onChange={setName} />
        <Field
          id="label-icon"
          label="Icon URL"
          value={url}
          onChange={setUrl}
          placeholder="https://…/icon.png"
        />
        <div>
          <Button type="submit" disabled={save.isPending || !name.trim() || !url.trim()}>
            Save branding
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
