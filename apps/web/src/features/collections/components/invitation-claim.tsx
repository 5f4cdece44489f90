import { useEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { collectionMessages } from "@mnemo/contracts";
import { errorMessage } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";
import { claimInvitation, getCollection } from "../api/collections";
import { useRefreshCollections } from "../hooks/use-collections";

/**
 * Opens an invitation link (`/?invitation=TOKEN`, issue 12 item 3) for the signed-in account:
 * the grant becomes this account's and the link is used up. Someone signed out went through
 * sign-in or sign-up first (the guard keeps the link in `?next=`). It is claimed during
 * onboarding too: the user's document then names the collection joined, and onboarding asks no
 * memory of its own and finishes into it (issue 41).
 */
export function InvitationClaim() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const refresh = useRefreshCollections();
  const queryClient = useQueryClient();
  const token = params.get("invitation");
  const claimed = useRef<string | null>(null);

  useEffect(() => {
    if (!token || claimed.current === token) return;
    claimed.current = token;
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete("invitation");
        return next;
      },
      { replace: true },
    );
    claimInvitation(token)
      .then(async ({ collection_id }) => {
        await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: queryKeys.me })]);
        const name = await getCollection(collection_id)
          .then((c) => c.collection_name)
          .catch(() => "the collection");
        toast.success(collectionMessages.invitationAccepted({ name }));
        void navigate(`/collections/${encodeURIComponent(collection_id)}`);
      })
      .catch((err: unknown) => toast.error(errorMessage(err, collectionMessages.invitationInvalid)));
  }, [token, setParams, navigate, refresh, queryClient]);

  return null;
}
