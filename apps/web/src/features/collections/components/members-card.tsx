import { useState, type FormEvent } from "react";
import { Loader2Icon, UserMinusIcon, UserPlusIcon } from "lucide-react";
import { toast } from "sonner";
import { accessTypes, type AccessType, type Collection } from "@mnemo/contracts";
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
  const { share } = useMembers(collection.collection_id);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { emails, invalid } = parseEmails(text);
    if (invalid.length > 0) return setError(`Not an e-mail address: ${invalid.join(", ")}`);
    if (emails.length === 0) return setError("Enter at least one e-mail address.");
    try {
      await share.mutateAsync({ emails, access: role });
      toast.success(`${collection.collection_name} shared with ${emails.join(", ")}.`);
      setText("");
      onOpenChange(false);
    } catch (err) {
      setError(errorMessage(err, "Failed to share the collection. Please try again."));
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Share “{collection.collection_name}”</DialogTitle>
          <DialogDescription>
            People without a Mnemo account get access when they sign up with that address.
          </DialogDescription>
        </DialogHeader>
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
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={share.isPending}>
              {share.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
              Share
            </Button>
          </DialogFooter>
        </form>
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
