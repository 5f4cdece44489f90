import { useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";

/** Confirms deleting one or more memories (their content, chunks and files go with them). */
export function DeleteMemoriesDialog({
  titles,
  onConfirm,
  onCancel,
}: {
  titles: string[] | null;
  onConfirm: () => Promise<void>;
  onCancel: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const count = titles?.length ?? 0;
  return (
    <Dialog open={titles !== null} onOpenChange={(o) => !o && !busy && onCancel()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{count === 1 ? "Delete this memory?" : `Delete ${count} memories?`}</DialogTitle>
          <DialogDescription>
            {count === 1 ? `"${titles?.[0] ?? ""}" will be removed` : "They will be removed"} with everything
            saved for it: content, search index and files. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              onConfirm().finally(() => setBusy(false));
            }}
          >
            Delete
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
