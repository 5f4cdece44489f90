import type { Source } from "@mnemo/contracts";
import { SourcePreviewDialog } from "@/features/preview";
import { SourceChat, clearSourceChat } from "./source-chat";

/** The source preview with the memory's own chat in its side panel (spec 2 §2). */
export function MemoryPreview({
  sourceId,
  initial,
  onClose,
}: {
  sourceId: string;
  initial?: Source;
  onClose: () => void;
}) {
  return (
    <SourcePreviewDialog
      sourceId={sourceId}
      initial={initial}
      onClose={onClose}
      onClearChat={(id) => void clearSourceChat(id)}
      chat={(s) => <SourceChat key={sourceId} sourceId={sourceId} pageChat={s.type === "page"} />}
    />
  );
}
