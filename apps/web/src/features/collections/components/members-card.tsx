import { useState, type FormEvent } from "react";
import { CopyIcon, Loader2Icon, UserMinusIcon, UserPlusIcon } from "lucide-react";
import { toast } from "sonner";
import {
  accessTypes,
  collectionMessages,
  type AccessType,
  type Collection,
  type Invitation,
} from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { SectionCard } from "@/components/ui/section-card";
import { errorMessage } from "@/lib/api";
import { useMembers } from "../hooks/use-collections";
import { membersOf, parseEmails } from "../logic/emails";
import { roleLabel } from "./access-badge";

const roleHelp: Record<AccessType, string> = {
  read: "Read — view and chat",
  write: "Write — also add and remove memories",
  admin: "Admin — also share, rename, instructions and delete",
};

const selectClass =
  "h-9 rounded-md border border-input bg-background px-2 text-sm shadow-xs outline-none focus-visible:border-primary focus-visible:ring-[3px] focus-visible:ring-ring";

/**
 * The invitation links the server could not mail (no SMTP): the sharer copies each to its
 * invitee. Each link works once, for the account that opens it (issue 12 item 3).
 */
function InvitationLinks({ invitations, onDone }: { invitations: Invitation[]; onDone: () => void }) {
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(collectionMessages.invitationLinkCopied);
    } catch {
      toast.error("Couldn't copy the link. Select it and copy it instead.");
    }
  };
  return (
    <div className="grid gap-4">
      <p className="text-sm text-muted-foreground">
        Send each person their invitation link. It works once and expires in 14 days.
      </p>
      <ul className="grid gap-3">
        {invitations.map((inv) => (
          <li key={inv.email} className="grid gap-1.5">
            <Label htmlFor={`invite-${inv.email}`}>{inv.email}</Label>
            <div className="flex gap-2">
              <input
                id={`invite-${inv.email}`}
                readOnly
                value={inv.invitation_url}
                aria-label={`Invitation link for ${inv.email}`}
                onFocus={(e) => e.currentTarget.select()}
                className="h-9 min-w-0 flex-1 rounded-md border border-input bg-muted px-2 font-mono text-xs"
              />
              <Button type="button" variant="outline" onClick={() => void copy(inv.invitation_url)}>
                <CopyIcon aria-hidden /> {collectionMessages.copyInvitationLink}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </DialogFooter>
    </div>
  );
}

/** Share dialog: e-mail addresses (people without an account yet included) and a role. */
function ShareDialog({
  collection,
  open,
  onOpenChange,
}: {
  collection: Collection;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const [text, setText] = useState("");
  const [role, setRole] = useState<AccessType>("read");
  const [error, setError] = useState<string | null>(null);
  const [links, setLinks] = useState<Invitation[]>([]);
  const { share } = useMembers(collection.collection_id);
  const close = (o: boolean) => {
    if (!o) setLinks([]);
    onOpenChange(o);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { emails, invalid } = parseEmails(text);
    if (invalid.length > 0) return setError(`Not an e-mail address: ${invalid.join(", ")}`);
    if (emails.length === 0) return setError("Enter at least one e-mail address.");
    try {
      const { invitations } = await share.mutateAsync({ emails, access: role });
      toast.success(`${collection.collection_name} shared with ${emails.join(", ")}.`);
      if (invitations.some((i) => i.mailed)) toast.info(collectionMessages.invitationsMailed);
      setText("");
      const toCopy = invitations.filter((i) => !i.mailed);
      if (toCopy.length > 0) setLinks(toCopy);
      else onOpenChange(false);
    } catch (err) {
      setError(errorMessage(err, "Failed to share the collection. Please try again."));
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Share “{collection.collection_name}”</DialogTitle>
          <DialogDescription>
            Each person gets access by opening their invitation link (or by confirming that address when Mnemo
            sends e-mail).
          </DialogDescription>
        </DialogHeader>
        {links.length > 0 ? (
          <InvitationLinks invitations={links} onDone={() => close(false)} />
        ) : (
          <form className="grid gap-4" onSubmit={submit} noValidate>
            <div className="grid gap-2">
              <Label htmlFor="share-emails">E-mail addresses</Label>
              <textarea
                id="share-emails"
                rows={3}
                value={text}
                placeholder="name@example.com, other@example.com"
                aria-invalid={error ? true : undefined}
                onChange={(e) => {
                  setText(e.target.value);
                  setError(null);
                }}
                className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm shadow-xs outline-none placeholder:text-muted-foreground/70 focus-visible:border-primary focus-visible:ring-[3px] focus-visible:ring-ring aria-invalid:border-destructive"
              />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="share-role">Access</Label>
              <select
                id="share-role"
                className={selectClass}
                value={role}
                onChange={(e) => setRole(e.target.value as AccessType)}
              >
                {accessTypes.map((r) => (
                  <option key={r} value={r}>
                    {roleHelp[r]}
                  </option>
                ))}
              </select>
            </div>
            {error && (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
            <DialogFooter>
              <Button variant="outline" onClick={() => close(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={share.isPending}>
                {share.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
                Share
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Members with their roles; admins change roles, revoke and open the share dialog. */
export function MembersCard({ collection }: { collection: Collection }) {
  const [sharing, setSharing] = useState(false);
  const { share, revoke } = useMembers(collection.collection_id);
  const isAdmin = collection.policies.share;
  const members = membersOf(collection);

  const changeRole = (email: string, access: AccessType) =>
    share.mutate(
      { emails: [email], access },
      {
        onError: (err) => toast.error(errorMessage(err)),
        onSuccess: () => toast.success(`${email} now has ${roleLabel[access].toLowerCase()} access.`),
      },
    );
  const revokeMember = (email: string, access: AccessType) =>
    revoke.mutate(
      { email, access },
      {
        onError: (err) => toast.error(errorMessage(err)),
        onSuccess: () => toast.success(`${email} no longer has access.`),
      },
    );

  return (
    <SectionCard
      title="Members"
      description={isAdmin ? "Share by e-mail with read, write or admin access." : undefined}
    >
      <ul className="flex flex-col gap-2" aria-label="Members">
        {members.map((m) => (
          <li key={m.email} data-testid="member-row" className="flex flex-wrap items-center gap-2 text-sm">
            <span className="min-w-0 flex-1 truncate" title={m.email}>
              {m.email}
            </span>
            {m.owner || !isAdmin ? (
              <span className="text-xs text-muted-foreground">
                {m.owner ? "Owner · Admin" : roleLabel[m.role]}
              </span>
            ) : (
              <>
                <select
                  aria-label={`Access of ${m.email}`}
                  className={`${selectClass} h-8`}
                  value={m.role}
                  onChange={(e) => changeRole(m.email, e.target.value as AccessType)}
                >
                  {accessTypes.map((r) => (
                    <option key={r} value={r}>
                      {roleLabel[r]}
                    </option>
                  ))}
                </select>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Revoke access of ${m.email}`}
                  onClick={() => revokeMember(m.email, m.role)}
                  disabled={revoke.isPending}
                >
                  <UserMinusIcon aria-hidden />
                </Button>
              </>
            )}
          </li>
        ))}
      </ul>
      {isAdmin && (
        <Button variant="outline" size="sm" className="mt-4" onClick={() => setSharing(true)}>
          <UserPlusIcon aria-hidden /> Share
        </Button>
      )}
      {isAdmin && <ShareDialog collection={collection} open={sharing} onOpenChange={setSharing} />}
    </SectionCard>
  );
}
