import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";

/** A dialog that only informs: optional icon, title, description, any body, and Close. */
export function InfoDialog({
  open,
  onOpenChange,
  title,
  description,
  hideDescription = false,
  icon,
  closeLabel = "Close",
  className,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** Kept for screen readers only (the body says it visibly). */
  hideDescription?: boolean;
  icon?: ReactNode;
  closeLabel?: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={className}>
        <DialogHeader>
          {icon}
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className={hideDescription ? "sr-only" : undefined}>
            {description}
          </DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{closeLabel}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
