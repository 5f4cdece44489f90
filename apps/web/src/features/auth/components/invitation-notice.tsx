import { UsersIcon } from "lucide-react";
import { collectionMessages } from "@mnemo/contracts";
import type { useInvitation } from "../hooks/use-invitation";
import { FormAlert } from "./form-alert";

/**
 * What an auth page opened from an invitation link says first (issue 41): who shared which
 * collection, or that the link no longer works. Nothing while it is looked up.
 */
export function InvitationNotice({
  invitation,
}: {
  invitation: NonNullable<ReturnType<typeof useInvitation>>;
}) {
  if (invitation.isError) return <FormAlert message={collectionMessages.invitationInvalid} />;
  if (!invitation.data) return null;
  return (
    <div
      role="status"
      className="flex items-start gap-2 rounded-md border border-primary/30 bg-primary/8 px-3 py-2.5 text-sm"
    >
      <UsersIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
      <span>
        {collectionMessages.invitedYou({
          inviter: invitation.data.inviter_name,
          name: invitation.data.collection_name,
        })}
      </span>
    </div>
  );
}
