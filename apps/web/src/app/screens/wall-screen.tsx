import { useState } from "react";
import { MemoryPreview } from "@/features/chat";
import { AddToCollectionDialog } from "@/features/collections";
import { TutorialTip } from "@/features/onboarding";
import { WallPage } from "@/features/wall";

/**
 * The main route: the memory wall, its "Add to collection" actions (selection bar and card menu)
 * wired to the collections dialog, and the open memory's preview with its chat.
 */
export function WallScreen() {
  const [ids, setIds] = useState<string[] | null>(null);
  return (
    <>
      <TutorialTip />
      <WallPage onAddToCollection={setIds} renderPreview={(p) => <MemoryPreview {...p} />} />
      <AddToCollectionDialog sourceIds={ids} onOpenChange={(o) => !o && setIds(null)} />
    </>
  );
}
