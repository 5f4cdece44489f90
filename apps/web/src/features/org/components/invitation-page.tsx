import { useNavigate, useParams } from "react-router";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { SectionCard } from "@/components/ui/section-card";
import { queryKeys } from "@/lib/query-keys";
import { acceptInvitation, getInvitation } from "../api/orgs";
import { orgKeys } from "../hooks/use-org";

/** /org/invitation/{id}: the invitee (signed in with the invited address) joins the organisation. */
export function InvitationPage() {
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { data, error, isPending } = useQuery({
    queryKey: ["org", "invitation", id],
    queryFn: ({ signal }) => getInvitation(id, signal),
    retry: false,
  });
  const accept = useMutation({
    mutationFn: () => acceptInvitation(id),
    onSuccess: (org) => {
      toast.success(`You joined ${org.name}.`);
      void qc.invalidateQueries({ queryKey: orgKeys.all });
      void qc.invalidateQueries({ queryKey: queryKeys.collections.all });
      void navigate("/org");
    },
    onError: (err: Error) => toast.error(err.message),
  });
  return (
    <div className="grid gap-6">
      <PageHeader title="Organisation invitation" />
      <SectionCard title={data ? `Join ${data.organization_name}` : "Invitation"}>
        {isPending && <p className="text-sm text-muted-foreground">Loading…</p>}
        {error && <p role="alert">{error.message}</p>}
        {data && (
          <div className="grid gap-4">
            <p className="text-sm">
              {data.inviter_name || "An admin"} invited {data.email} to join {data.organization_name} as{" "}
              {data.role}.
            </p>
            <div>
              <Button onClick={() => accept.mutate()} disabled={accept.isPending}>
                Join {data.organization_name}
              </Button>
            </div>
          </div>
        )}
      </SectionCard>
    </div>
  );
}
