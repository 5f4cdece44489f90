import { useState } from "react";
import { chatMessages } from "@mnemo/contracts/messages";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";

/**
 * Clear chat history confirmation with 'Do not show again' (hideResetChatConfirmation, spec 1 §2),
 * for a chat and for a memory's own chat in the source preview.
 */
export function ClearChatConfirm({
  open,
  onCancel,
  onConfirm,
  description = "The questions and answers of this chat will be removed. Your memories stay.",
}: {
  open: boolean;
  onCancel: () => void;
  onConfirm: (dontShowAgain: boolean) => void;
  description?: string;
}) {
  const [dontShow, setDontShow] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onCancel()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Clear chat history?</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={dontShow}
            onChange={(e) => setDontShow(e.target.checked)}
            className="size-4 accent-primary"
          />
          {chatMessages.doNotShowAgain}
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
