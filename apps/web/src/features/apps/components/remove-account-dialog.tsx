import { Loader2Icon } from "lucide-react";
import { toast } from "sonner";
import { integrationMessages, type ConnectedAccount } from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { useRemoveAccount } from "../hooks/use-apps";

/**
 * Remove a connected account (spec 3 §4: busy spinner, removal, then toast). Its syncs stop; the
 * person chooses whether the memories it brought in stay on the wall.
 */
export function RemoveAccountDialog({
  account,
  onOpenChange,
}: {
  account: ConnectedAccount | null;
  onOpenChange: (open: boolean) => void;
}) {
  const remove = useRemoveAccount();
  const run = async (deleteMemories: boolean) => {
    if (!account) return;
    try {
      await remove.mutateAsync({ account, deleteMemories });
      toast.success(integrationMessages.removed({ title: account.title }));
      onOpenChange(false);
    } catch {
      toast.error(integrationMessages.removeFailed({ title: account.title }));
    }
  };
  const synced = account?.sync.items_synced ?? 0;
  return (
    <Dialog open={!!account} onOpenChange={(o) => !remove.isPending && onOpenChange(o)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Remove {account?.title}?</DialogTitle>
          <DialogDescription>
            Mnemo stops syncing this account.{" "}
            {synced > 0
              ? `Keep the ${synced} ${synced === 1 ? "memory" : "memories"} it brought in, or delete them too?`
              : "Nothing it synced is on your wall yet."}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter className="gap-2">
          <Button variant="outline" disabled={remove.isPending} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          {synced > 0 && (
            <Button variant="destructive" disabled={remove.isPending} onClick={() => void run(true)}>
              Remove and delete memories
            </Button>
          )}
          <Button disabled={remove.isPending} onClick={() => void run(false)}>
            {remove.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
            {synced > 0 ? "Remove, keep memories" : "Remove"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
