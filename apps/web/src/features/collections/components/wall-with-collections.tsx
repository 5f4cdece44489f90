import { useState } from "react";
import { WallPage } from "@/features/wall/components/wall-page";
import { AddToCollectionDialog } from "./add-to-collection-dialog";

/** The memory wall with its "Add to collection" actions (selection bar and card menu) wired to the dialog. */
export function WallWithCollections() {
  const [ids, setIds] = useState<string[] | null>(null);
  return (
    <>
      <WallPage onAddToCollection={setIds} />
      <AddToCollectionDialog sourceIds={ids} onOpenChange={(o) => !o && setIds(null)} />
    </>
  );
}
