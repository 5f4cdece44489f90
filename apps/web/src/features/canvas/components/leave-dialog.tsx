import { canvasMessages } from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";

/** 'Save changes?' with Don't save and Save changes, when leaving with unsaved work (spec 3 §2). */
export function LeaveDialog({
  open,
  saving,
  onStay,
  onDiscard,
  onSave,
}: {
  open: boolean;
  saving: boolean;
  onStay: () => void;
  onDiscard: () => void;
  onSave: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(o) => !o && !saving && onStay()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{canvasMessages.saveDialogTitle}</DialogTitle>
          <DialogDescription>This canvas has changes that are not saved yet.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onDiscard} disabled={saving}>
            {canvasMessages.dontSave}
          </Button>
          <Button onClick={onSave} disabled={saving}>
            {canvasMessages.saveChanges}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** The version check refused a save: load the other version, or keep this one over it. */
export function ConflictDialog({
  open,
  onReload,
  onOverwrite,
}: {
  open: boolean;
  onReload: () => void;
  onOverwrite: () => void;
}) {
  return (
    <Dialog open={open}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>This canvas was changed elsewhere</DialogTitle>
          <DialogDescription>
            Another tab or window saved this canvas after you opened it. Load that version (your unsaved
            changes here are dropped), or keep yours and replace it.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onReload}>
            Load their version
          </Button>
          <Button onClick={onOverwrite}>Keep mine</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
