import { FileTextIcon } from "lucide-react";
import type { PassageAnchor } from "@mnemo/contracts/chat";

/** A cited memory: opens its preview at the passage (as an answer's chip does). */
export function CitationChip({
  title,
  onOpen,
}: {
  title: string;
  anchor: PassageAnchor;
  onOpen: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={`Open ${title || "Untitled"} at this passage`}
      className="inline-flex max-w-full items-center gap-1 rounded-md border bg-card px-1.5 py-0.5 align-middle text-xs font-medium text-primary transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:outline-none"
    >
      <FileTextIcon className="size-3 shrink-0" aria-hidden />
      <span className="truncate">{title || "Untitled"}</span>
    </button>
  );
}
