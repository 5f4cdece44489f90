import { useState } from "react";
import { CheckIcon, FolderClosedIcon, FolderPlusIcon, Loader2Icon } from "lucide-react";
import { collectionMessages } from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { useAddToCollection } from "../hooks/use-add-to-collection";
import { useCollections } from "../hooks/use-collections";
import { CreateCollectionDialog } from "./create-collection-dialog";

const memoryCount = (n: number) => `${n} ${n === 1 ? "memory" : "memories"}`;

/**
 * Add memories to collection dialog (spec 2 §2): every collection with its memory count, a
 * Create New Collection entry, and '(View only)' disabled entries where the user cannot write.
 */
export function AddToCollectionDialog({
  sourceIds,
  onOpenChange,
  onAdded,
}: {
  sourceIds: string[] | null;
  onOpenChange: (open: boolean) => void;
  onAdded?: () => void;
}) {
  const { data: collections, isPending } = useCollections();
  const { add, stateOf, reset } = useAddToCollection();
  const [creating, setCreating] = useState(false);
  const open = sourceIds !== null;
  const n = sourceIds?.length ?? 0;

  const addTo = async (c: { collection_id: string; collection_name: string }) => {
    if (!sourceIds) return;
    const outcome = await add(c, sourceIds);
    if (outcome.added.length > 0) onAdded?.();
  };

  return (
    <>
      <Dialog
        open={open && !creating}
        onOpenChange={(o) => {
          if (!o) {
            reset();
            onOpenChange(false);
          }
        }}
      >
        <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
          <DialogHeader>
            <DialogTitle>Add to collection</DialogTitle>
            <DialogDescription>{`Add ${memoryCount(n)} to a collection.`}</DialogDescription>
          </DialogHeader>
          <ul className="flex flex-col gap-1" aria-label="Collections">
            <li>
              <button
                type="button"
                onClick={() => setCreating(true)}
                className="flex w-full items-center gap-3 rounded-lg border border-dashed px-3 py-2.5 text-left text-sm font-medium text-primary outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring"
              >
                <FolderPlusIcon className="size-4" aria-hidden /> {collectionMessages.createNewCollection}
              </button>
            </li>
            {isPending && (
              <li className="flex items-center gap-2 px-3 py-2 text-sm text-muted-foreground" role="status">
                <Loader2Icon className="size-4 animate-spin" aria-hidden /> Loading collections…
              </li>
            )}
            {collections?.map((c) => {
              const canAdd = c.policies.add_sources;
              const state = stateOf(c.collection_id);
              return (
                <li
                  key={c.collection_id}
                  data-testid="add-to-collection-row"
                  className="flex items-center gap-3 rounded-lg px-3 py-2 hover:bg-muted/50"
                  aria-disabled={!canAdd || undefined}
                >
                  <FolderClosedIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                  <div className="min-w-0 flex-1">
                    <p
                      className={
                        canAdd
                          ? "truncate text-sm font-medium"
                          : "truncate text-sm font-medium text-muted-foreground"
                      }
                    >
                      {c.collection_name}{" "}
                      {!canAdd && <span className="font-normal">{collectionMessages.viewOnly}</span>}
                    </p>
                    <p className="text-xs text-muted-foreground">{memoryCount(c.document_count)}</p>
                  </div>
                  <Button
                    size="sm"
                    variant={state === "added" ? "secondary" : "outline"}
                    disabled={!canAdd || state !== "idle"}
                    aria-label={`${state === "added" ? collectionMessages.addedToMemories : collectionMessages.addMemory}: ${c.collection_name}`}
                    onClick={() => void addTo(c)}
                  >
                    {state === "loading" && <Loader2Icon className="animate-spin" aria-hidden />}
                    {state === "added" && <CheckIcon aria-hidden />}
                    {state === "added" ? collectionMessages.addedToMemories : collectionMessages.addMemory}
                  </Button>
                </li>
              );
            })}
          </ul>
        </DialogContent>
      </Dialog>
      <CreateCollectionDialog
        open={open && creating}
        onOpenChange={setCreating}
        onCreated={(c) => {
          setCreating(false);
          void addTo(c);
        }}
      />
    </>
  );
}
