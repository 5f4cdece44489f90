import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";

/** Confirms clearing this memory's chat history, with a 'Do not show again' checkbox. */
export function ClearChatDialog({ open, onCancel, onConfirm }: { open: boolean; onCancel: () => void; onConfirm: (doNotShowAgain: boolean) => void }) {
  const [dontShow, setDontShow] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onCancel()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Clear chat history?</DialogTitle>
          <DialogDescription>The conversation about this memory will be removed. The memory itself stays.</DialogDescription>
        </DialogHeader>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={dontShow} onChange={(e) => setDontShow(e.target.checked)} className="size-4 accent-primary" />
          Do not show again
        </label>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => onConfirm(dontShow)}>
            Clear
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
