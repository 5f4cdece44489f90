import { FolderPlusIcon, Trash2Icon, XIcon } from "lucide-react";
import { Button } from "@/components/ui/button";

/** The bar shown while memories are selected: bulk delete and add to collection. */
export function SelectionBar({
  count,
  onClear,
  onDelete,
  onAddToCollection,
}: {
  count: number;
  onClear: () => void;
  onDelete: () => void;
  /** Absent until collections provide their add-to-collection dialog. */
  onAddToCollection?: () => void;
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
      <Button
        variant="outline"
        size="sm"
        onClick={onAddToCollection}
        disabled={!onAddToCollection}
        title={onAddToCollection ? undefined : "Collections arrive soon"}
      >
        <FolderPlusIcon aria-hidden /> Add to collection
      </Button>
      {!onAddToCollection && <span className="text-xs text-muted-foreground">Collections arrive soon</span>}
      <Button variant="destructive" size="sm" onClick={onDelete}>
        <Trash2Icon aria-hidden /> Delete
      </Button>
    </div>
  );
}
