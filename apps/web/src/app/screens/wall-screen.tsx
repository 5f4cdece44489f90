import { useState } from "react";
import { MemoryPreview } from "@/features/chat";
import { AddToCollectionDialog } from "@/features/collections";
import { TutorialTip } from "@/features/onboarding";
import { useMakeReviewCards } from "@/features/review";
import { WallPage } from "@/features/wall";

/**
 * The main route: the memory wall, its "Add to collection" actions (selection bar and card menu)
 * wired to the collections dialog, "Make review cards" on a card, and the open memory's preview
 * with its chat.
 */
export function WallScreen() {
  const [ids, setIds] = useState<string[] | null>(null);
  const makeCards = useMakeReviewCards();
  return (
    <>
      <TutorialTip />
      <WallPage
        onAddToCollection={setIds}
        onMakeReviewCards={(id) => makeCards.mutate({ memory_id: id })}
        renderPreview={(p) => <MemoryPreview {...p} />}
      />
      <AddToCollectionDialog sourceIds={ids} onOpenChange={(o) => !o && setIds(null)} />
    </>
  );
}
