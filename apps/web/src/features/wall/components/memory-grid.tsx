import { useEffect, useRef } from "react";
import { Loader2Icon } from "lucide-react";
import type { Source } from "@mnemo/contracts";
import { useRetrySource } from "@/features/preview";
import { useAppBadges } from "@/features/apps";
import { appBadgeOf } from "../logic/source-label";
import { MemoryCard } from "./memory-card";

/**
 * Responsive grid of memory cards. A sentinel after the last card asks for the next page when it
 * scrolls into view (IntersectionObserver), so the wall loads as the person scrolls.
 */
export function MemoryGrid({
  items,
  selected,
  onToggleSelect,
  onOpen,
  onPin,
  onDelete,
  onAddToCollection,
  onMakeReviewCards,
  hasMore,
  loadingMore,
  onLoadMore,
}: {
  items: (Source & { snippet?: string | null })[];
  selected: ReadonlySet<string>;
  /** Absent when the viewer has no bulk action here (a read-only member): cards show no checkbox. */
  onToggleSelect?: (id: string) => void;
  onOpen: (s: Source) => void;
  onPin: (s: Source, pinned: boolean) => void;
  onDelete: (s: Source) => void;
  onAddToCollection?: (s: Source) => void;
  onMakeReviewCards?: (s: Source) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const retry = useRetrySource();
  const appBadges = useAppBadges();
  const loadMore = useRef(onLoadMore);
  loadMore.current = onLoadMore;

  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore) return;
    const io = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && loadMore.current(),
      { rootMargin: "400px 0px" },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [hasMore, items.length]);

  return (
    <>
      <ul
        className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 md:grid-cols-3 xl:grid-cols-4"
        aria-label="Memory cards"
      >
        {items.map((s) => (
          <li key={s.id} className="flex">
            <div className="flex w-full [&>article]:w-full">
              <MemoryCard
                source={s}
                app={appBadgeOf(s, appBadges)}
                selected={selected.has(s.id)}
                selecting={selected.size > 0}
                onToggleSelect={onToggleSelect ? () => onToggleSelect(s.id) : undefined}
                onOpen={() => onOpen(s)}
                onPin={(p) => onPin(s, p)}
                onDelete={() => onDelete(s)}
                onAddToCollection={onAddToCollection ? () => onAddToCollection(s) : undefined}
                onMakeReviewCards={onMakeReviewCards ? () => onMakeReviewCards(s) : undefined}
                onRetry={s.policies.delete ? () => retry.mutate(s.id) : undefined}
                retrying={retry.isPending && retry.variables === s.id}
              />
            </div>
          </li>
        ))}
      </ul>
      <div ref={sentinel} aria-hidden className="h-1" />
      {loadingMore && (
        <p
          className="flex items-center justify-center gap-2 py-4 text-sm text-muted-foreground"
          role="status"
        >
          <Loader2Icon className="size-4 animate-spin" aria-hidden /> Loading more memories…
        </p>
      )}
    </>
  );
}
