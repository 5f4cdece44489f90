import type { ComponentProps } from "react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { XIcon } from "lucide-react";
import { cn } from "@/lib/utils";

/**
 * A modal panel on Radix Dialog: portal, dimmed backdrop, the content and its close button. The
 * centred dialog and the side sheet are this panel with their own placement and colours.
 */
export function OverlayPanel({
  slot,
  className,
  overlayClassName,
  closeClassName,
  closeLabel = "Close",
  showClose = true,
  children,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & {
  /** `data-slot` prefix: "dialog" gives dialog-overlay and dialog-content. */
  slot: string;
  overlayClassName?: string;
  closeClassName?: string;
  closeLabel?: string;
  showClose?: boolean;
}) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay
        data-slot={`${slot}-overlay`}
        className={cn("fixed inset-0 z-50 bg-black/40", overlayClassName)}
      />
      <DialogPrimitive.Content
        data-slot={`${slot}-content`}
        className={cn("fixed z-50 shadow-xl outline-none", className)}
        {...props}
      >
        {children}
        {showClose && (
          <DialogPrimitive.Close
            className={cn(
              "absolute rounded-sm p-1 text-muted-foreground focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:outline-none",
              closeClassName,
            )}
            aria-label={closeLabel}
          >
            <XIcon className="size-4" />
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
