import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Building2Icon, Loader2Icon } from "lucide-react";
import { toast } from "sonner";
import type { Organization } from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { PageHeader } from "@/components/ui/page-header";
import { SectionCard } from "@/components/ui/section-card";
import { createOrganization, leaveOrganization } from "../api/orgs";
import { orgKeys, useOrganizations } from "../hooks/use-org";
import { ShareCollectionForm } from "./share-collection-form";

const roleLabel = { owner: "Owner", admin: "Admin", member: "Member" } as const;

function OrgRow({ org }: { org: Organization }) {
  const qc = useQueryClient();
  const leave = useMutation({
    mutationFn: () => leaveOrganization(org.id),
    onSuccess: () => {
      toast.success(`You left ${org.name}.`);
      void qc.invalidateQueries({ queryKey: orgKeys.all });
    },
    onError: (err: Error) => toast.error(err.message),
  });
  const isAdmin = org.role === "owner" || org.role === "admin";
  return (
    <li className="rounded-lg border p-4" data-testid="organization">
      <div className="flex flex-wrap items-center gap-3">
        <Building2Icon className="size-5 text-muted-foreground" aria-hidden />
        <div className="min-w-0 flex-1">
          <p className="font-medium">{org.name}</p>
          <p className="text-xs text-muted-foreground">{roleLabel[org.role]}</p>
        </div>
        {isAdmin && (
          <Button asChild size="sm" variant="outline">
            <Link to={`/org/${encodeURIComponent(org.id)}/admin`}>Manage</Link>
          </Button>
        )}
        {org.role !== "owner" && (
          <Button size="sm" variant="ghost" onClick={() => leave.mutate()} disabled={leave.isPending}>
            Leave
          </Button>
        )}
      </div>
      <ShareCollectionForm organization={org} />
    </li>
  );
}

function CreateOrganization() {
  const qc = useQueryClient();
  const [name, setName] = useState("");
  const create = useMutation({
    mutationFn: () => createOrganization(name.trim()),
    onSuccess: (org) => {
      setName("");
      toast.success(`${org.name} created.`);
      void qc.invalidateQueries({ queryKey: orgKeys.all });
    },
    onError: (err: Error) => toast.error(err.message),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim().length >= 2) create.mutate();
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" aria-label="Create an organisation">
      <div className="grid min-w-60 flex-1 gap-1.5">
        <Label htmlFor="org-name">Organisation name</Label>
        <Input id="org-name" value={name} onChange={(e) => setName(e.target.value)} maxLength={80} />
      </div>
      <Button type="submit" disabled={create.isPending || name.trim().length < 2}>
        {create.isPending && <Loader2Icon className="animate-spin" />} Create organisation
      </Button>
    </form>
  );
}

/** /org: the user's organisations (several allowed), leave, share collections, create one. */
export function OrgPage() {
  const { data, isPending, error } = useOrganizations();
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Organisations"
        description="Work with your team: shared collections, one admin, one bill."
      />
      <SectionCard title="Your organisations">
        {isPending && <p className="text-sm text-muted-foreground">Loading…</p>}
        {error && <p role="alert">{error.message}</p>}
        {data && data.organizations.length === 0 && (
          <p className="text-sm text-muted-foreground">You are not in an organisation yet.</p>
        )}
        <ul className="grid gap-3">
          {data?.organizations.map((o) => (
            <OrgRow key={o.id} org={o} />
          ))}
        </ul>
      </SectionCard>
      <SectionCard
        title="New organisation"
        description="You become its owner and can invite people by e-mail."
      >
        <CreateOrganization />
      </SectionCard>
    </div>
  );
}
