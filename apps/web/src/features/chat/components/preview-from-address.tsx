import { usePreviewParam } from "@/hooks/use-preview-param";
import { MemoryPreview } from "./memory-preview";

/** Shows the memory named by `?preview=<id>` (a citation opened from the chat on this page). */
export function PreviewFromAddress() {
  const { previewId, closePreview } = usePreviewParam();
  return previewId ? <MemoryPreview sourceId={previewId} onClose={closePreview} /> : null;
}
