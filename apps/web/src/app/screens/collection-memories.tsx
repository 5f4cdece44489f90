import { useMemo, useState } from "react";
import { FolderMinusIcon, LibraryBigIcon, Loader2Icon, PlusIcon, RotateCwIcon } from "lucide-react";
import { toast } from "sonner";
import type { Collection, Source } from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { SelectionBar } from "@/components/selection-bar";
import { MemoryPreview } from "@/features/chat";
import { useCollectionSources, useRemoveFromCollection } from "@/features/collections";
import { useMakeReviewCards } from "@/features/review";
import { DeleteMemoriesDialog, MemoryGrid, useWallActions } from "@/features/wall";
import { usePreviewParam } from "@/hooks/use-preview-param";
import { useSelection } from "@/hooks/use-selection";
import { errorMessage } from "@/lib/api";

/**
 * The collection's memories as a wall (the wall's own cards and preview). Members who may write
 * select cards to remove them from the collection; the memories themselves stay in the wall.
 */
export function CollectionMemories({ collection, onAdd }: { collection: Collection; onAdd: () => void }) {
  const id = collection.collection_id;
  const list = useCollectionSources(id);
  const items = useMemo(() => list.data?.pages.flatMap((p) => p.results) ?? [], [list.data]);
  const { previewId, openPreview, closePreview } = usePreviewParam();
  const { selected, toggle, clear: clearSelection } = useSelection();
  const [toDelete, setToDelete] = useState<Source[] | null>(null);
  const { pin } = useWallActions();
  const removeFrom = useRemoveFromCollection(id);
  const makeCards = useMakeReviewCards();
  const canWrite = collection.policies.add_sources;

  const removeSelected = async () => {
    try {
      const r = await removeFrom.mutateAsync([...selected]);
      toast.success(
        r.removed.length === 1
          ? "1 memory removed from the collection."
          : `${r.removed.length} memories removed from the collection.`,
      );
      clearSelection();
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  if (list.isLoading)
    return (
      <p className="flex items-center justify-center gap-2 py-16 text-sm text-muted-foreground" role="status">
        <Loader2Icon className="size-4 animate-spin" aria-hidden /> Loading memories…
      </p>
    );
  if (list.isError && items.length === 0)
    return (
      <div className="flex flex-col items-center gap-3 py-16 text-sm" role="alert">
        <p>Couldn't load this collection's memories.</p>
        <Button variant="outline" onClick={() => void list.refetch()}>
          <RotateCwIcon aria-hidden /> Retry
        </Button>
      </div>
    );

  return (
    <section aria-label="Collection memories" className="flex flex-col gap-4">
      {items.length === 0 ? (
        <EmptyState
          icon={LibraryBigIcon}
          title="No memories in this collection yet"
          description={
            canWrite
              ? "Add new memories or pick from the ones you already saved."
              : "Memories added by the collection's members appear here."
          }
          action={
            canWrite ? (
              <Button onClick={onAdd}>
                <PlusIcon aria-hidden /> Add memories
              </Button>
            ) : undefined
          }
        />
      ) : (
        <MemoryGrid
          items={items}
          selected={selected}
          onToggleSelect={canWrite ? toggle : undefined}
          onOpen={(s) => openPreview(s.id)}
          onPin={(s, p) => pin.mutate({ id: s.id, pinned: p })}
          onDelete={(s) => setToDelete([s])}
          onMakeReviewCards={(s) => makeCards.mutate({ memory_id: s.id })}
          hasMore={!!list.hasNextPage}
          loadingMore={list.isFetchingNextPage}
          onLoadMore={() => !list.isFetchingNextPage && void list.fetchNextPage()}
        />
      )}
      <SelectionBar count={selected.size} onClear={clearSelection}>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void removeSelected()}
          disabled={removeFrom.isPending}
        >
          <FolderMinusIcon aria-hidden /> Remove from collection
        </Button>
      </SelectionBar>
      <DeleteMemoriesDialog
        memories={toDelete}
        onClose={() => setToDelete(null)}
        onDeleted={(ids) => previewId && ids.includes(previewId) && closePreview()}
      />
      {previewId && (
        <MemoryPreview
          sourceId={previewId}
          initial={items.find((s) => s.id === previewId)}
          onClose={() => closePreview()}
        />
      )}
    </section>
  );
}
