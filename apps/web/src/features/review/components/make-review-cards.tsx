import { useRef } from "react";
import { LayersIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useMakeReviewCards, useReviewDue } from "../hooks/use-review";

/** "Make review cards" for a collection: every memory of it, cards of the viewer's own. */
export function MakeReviewCardsButton({ collectionId }: { collectionId: string }) {
  const make = useMakeReviewCards();
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={make.isPending}
      onClick={() => make.mutate({ collection_id: collectionId })}
    >
      <LayersIcon aria-hidden />
      {make.isPending ? "Making review cards…" : "Make review cards"}
    </Button>
  );
}

/** The count of due cards beside the Review entry of the navigation (nothing when none). */
export function ReviewDueBadge({ collapsed = false }: { collapsed?: boolean }) {
  const due = useReviewDue();
  const n = due.data?.due_count ?? 0;
  if (!n) return null;
  const text = n > 99 ? "99+" : String(n);
  return (
    <span
      data-testid="review-due-badge"
      className={
        collapsed
          ? "absolute top-0.5 right-0.5 min-w-4 rounded-full bg-primary px-1 text-center text-[10px] leading-4 font-semibold text-primary-foreground"
          : "ml-auto min-w-5 rounded-full bg-primary px-1.5 text-center text-xs leading-5 font-semibold text-primary-foreground"
      }
    >
      {text}
      <span className="sr-only"> due</span>
    </span>
  );
}

/**
 * "Make review cards" in a memory's preview: from the text selected in it when there is some (only
 * the memory's sentences within the selection make cards), else from the whole memory. The
 * selection is read when the button is pressed, before the press can clear it.
 */
export function MakeReviewCardsFromPreview({ memoryId }: { memoryId: string }) {
  const make = useMakeReviewCards();
  const selection = useRef<string | null>(null);
  const capture = (el: HTMLElement) => {
    const sel = window.getSelection();
    const text = sel?.toString().trim() ?? "";
    const dialog = el.closest("[data-testid=source-preview]");
    const inside = !!sel?.anchorNode && !!dialog && dialog.contains(sel.anchorNode);
    selection.current = text && inside ? text.slice(0, 50_000) : null;
  };
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      aria-label="Make review cards"
      title="Make review cards (from the selected text, when some is selected)"
      disabled={make.isPending}
      onPointerDown={(e) => capture(e.currentTarget)}
      onKeyDown={(e) => (e.key === "Enter" || e.key === " ") && capture(e.currentTarget)}
      onClick={() =>
        make.mutate({ memory_id: memoryId, ...(selection.current ? { selection: selection.current } : {}) })
      }
    >
      <LayersIcon aria-hidden />
    </Button>
  );
}
