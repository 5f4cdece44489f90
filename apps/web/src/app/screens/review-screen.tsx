import { MemoryPreview } from "@/features/chat";
import { ReviewPage } from "@/features/review";
import { usePreviewParam } from "@/hooks/use-preview-param";

/** The Review tab, and a card's source opened in the memory's preview at its passage. */
export function ReviewScreen() {
  const { previewId, closePreview } = usePreviewParam();
  return (
    <>
      <ReviewPage />
      {previewId && <MemoryPreview sourceId={previewId} onClose={closePreview} />}
    </>
  );
}
