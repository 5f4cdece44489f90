import { useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import type { OrgMember, Organization } from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { SectionCard } from "@/components/ui/section-card";
import { getMembers, inviteMember, removeMember, updateMemberRole } from "../api/orgs";
import { orgKeys } from "../hooks/use-org";

function MemberRow({ org, m }: { org: Organization; m: OrgMember }) {
  const qc = useQueryClient();
  const done = () => qc.invalidateQueries({ queryKey: orgKeys.members(org.id) });
  const fail = (err: Error) => toast.error(err.message);
  const role = useMutation({
    mutationFn: (r: "admin" | "member") => updateMemberRole(org.id, m.id, r),
    onSettled: done,
    onError: fail,
  });
  const remove = useMutation({
    mutationFn: () => removeMember(org.id, m.id),
    onSettled: done,
    onError: fail,
  });
  return (
    <li className="flex flex-wrap items-center gap-2 py-2" data-testid="org-member">
      <div className="min-w-0 flex-1">
        <p className="font-medium">{m.name}</p>
        <p className="text-xs text-muted-foreground">{m.email}</p>
      </div>
      {m.role === "owner" ? (
        <span className="text-sm text-muted-foreground">Owner</span>
      ) : (
        <>
          <select
            aria-label={`Role of ${m.email}`}
            className="h-8 rounded-md border bg-background px-2 text-sm"
            value={m.role}
            onChange={(e) => role.mutate(e.target.value as "admin" | "member")}
            disabled={role.isPending}
          >
            <option value="member">Member</option>
            <option value="admin">Admin</option>
          </select>
          <Button size="sm" variant="ghost" onClick={() => remove.mutate()} disabled={remove.isPending}>
            Remove
          </Button>
        </>
      )}
    </li>
  );
}

/** Members, pending invitations and seats; invite by e-mail (the link is mailed when SMTP is set up). */
export function MembersSection({ org }: { org: Organization }) {
  const qc = useQueryClient();
  const { data, error } = useQuery({
    queryKey: orgKeys.members(org.id),
    queryFn: ({ signal }) => getMembers(org.id, signal),
  });
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<"admin" | "member">("member");
  const invite = useMutation({
    mutationFn: () => inviteMember(org.id, email.trim(), role),
    onSuccess: (inv) => {
      setEmail("");
      toast.success(
        inv.mailed ? `Invitation sent to ${inv.email}.` : `Invitation link: ${inv.invitation_url}`,
      );
    },
    onError: (err: Error) => toast.error(err.message),
    onSettled: () => qc.invalidateQueries({ queryKey: orgKeys.members(org.id) }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (email.trim()) invite.mutate();
  };
  return (
    <SectionCard
      id="members"
      title="Members"
      description={
        data
          ? `${data.seats.used} of ${data.seats.limit} seats used (members and pending invitations).`
          : undefined
      }
    >
      {error && <p role="alert">{error.message}</p>}
      <ul className="divide-y">
        {data?.members.map((m) => (
          <MemberRow key={m.id} org={org} m={m} />
        ))}
      </ul>
      {!!data?.invitations.length && (
        <div className="mt-4">
          <h3 className="text-sm font-medium">Pending invitations</h3>
          <ul className="mt-1 text-sm text-muted-foreground">
            {data.invitations.map((i) => (
              <li key={i.id}>
                {i.email} · {i.role} · expires {new Date(i.expires_at).toLocaleDateString()}
              </li>
            ))}
          </ul>
        </div>
      )}
      <form onSubmit={submit} className="mt-4 flex flex-wrap items-end gap-2" aria-label="Invite a member">
        <div className="grid min-w-60 flex-1 gap-1.5">
          <Label htmlFor="invite-email">E-mail</Label>
          <Input id="invite-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <select
          aria-label="Role"
          className="h-9 rounded-md border bg-background px-2 text-sm"
          value={role}
          onChange={(e) => setRole(e.target.value as "admin" | "member")}
        >
          <option value="member">Member</option>
          <option value="admin">Admin</option>
        </select>
        <Button type="submit" disabled={invite.isPending || !email.trim()}>
          Invite
        </Button>
      </form>
    </SectionCard>
  );
}
