import { SparklesIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";

/** Placeholder of the pricing modal until plans and billing arrive. */
export function PlansDialog({ open, onOpenChange, plan }: { open: boolean; onOpenChange: (open: boolean) => void; plan: string | undefined }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <div className="mb-2 flex size-10 items-center justify-center rounded-full bg-primary/12 text-primary">
            <SparklesIcon className="size-5" aria-hidden />
          </div>
          <DialogTitle>Plans</DialogTitle>
          <DialogDescription>Plans and upgrades are available soon.</DialogDescription>
        </DialogHeader>
        {plan && (
          <p className="rounded-md border bg-muted/50 px-3 py-2 text-sm">
            Your current plan: <span className="font-medium capitalize">{plan}</span>
          </p>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
