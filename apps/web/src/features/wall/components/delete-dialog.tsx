import { useState } from "react";
import type { Source } from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { useWallActions } from "../hooks/use-wall-actions";

/**
 * Confirms deleting one or more memories (their content, chunks and files go with them) and
 * deletes them; `onDeleted` gets the ids (to drop them from a selection or close their preview).
 */
export function DeleteMemoriesDialog({
  memories,
  onClose,
  onDeleted,
}: {
  memories: Source[] | null;
  onClose: () => void;
  onDeleted?: (ids: string[]) => void;
}) {
  const [busy, setBusy] = useState(false);
  const { remove } = useWallActions();
  const titles = memories?.map((s) => s.title) ?? null;
  const onCancel = onClose;
  const onConfirm = async () => {
    if (!memories) return;
    const ids = memories.map((s) => s.id);
    await remove.mutateAsync(ids).catch(() => undefined);
    onClose();
    onDeleted?.(ids);
  };
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
