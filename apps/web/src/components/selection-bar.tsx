import type { ReactNode } from "react";
import { XIcon } from "lucide-react";
import { Button } from "@/components/ui/button";

/**
 * The floating bar shown while memories are selected: the count, a clear button and the actions
 * the screen offers for a selection (bulk delete, add to or remove from a collection).
 */
export function SelectionBar({
  count,
  onClear,
  children,
}: {
  count: number;
  onClear: () => void;
  children: ReactNode;
}) {
  if (count === 0) return null;
  return (
    <div
      role="toolbar"
      aria-label="Selected memories"
      className="sticky bottom-4 z-30 mx-auto flex w-fit max-w-full flex-wrap items-center gap-2 rounded-xl border bg-popover px-3 py-2 text-sm shadow-lg"
    >
      <Button variant="ghost" size="icon-sm" onClick={onClear} aria-label="Clear selection">
        <XIcon aria-hidden />
      </Button>
      <span className="font-medium">{count} selected</span>
      {children}
    </div>
  );
}
