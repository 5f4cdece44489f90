import type { ComponentProps } from "react";
import { Dialog as SheetPrimitive } from "radix-ui";
import { cn } from "@/lib/utils";
import { OverlayPanel } from "./overlay-panel";

/** A panel that slides in from the left edge (the mobile navigation drawer). */
export const Sheet = SheetPrimitive.Root;
export const SheetTitle = SheetPrimitive.Title;
export const SheetDescription = SheetPrimitive.Description;

export function SheetContent({ className, ...props }: ComponentProps<typeof SheetPrimitive.Content>) {
  return (
    <OverlayPanel
      slot="sheet"
      className={cn(
        "inset-y-0 left-0 flex h-full w-72 max-w-[85vw] flex-col border-r bg-sidebar text-sidebar-foreground",
        className,
      )}
      closeClassName="top-3.5 right-3 hover:bg-sidebar-accent"
      closeLabel="Close navigation"
      {...props}
    />
  );
}
