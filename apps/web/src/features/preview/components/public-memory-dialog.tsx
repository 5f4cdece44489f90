import { useQuery } from "@tanstack/react-query";
import { endpoints } from "@mnemo/contracts";
import type { PassageAnchor } from "@mnemo/contracts/chat";
import { Dialog, DialogContent, DialogTitle } from "@/components/ui/dialog";
import { api } from "@/lib/api";
import { MarkdownView } from "./markdown-view";
import { PassageFrame } from "./passage-frame";
import { PreviewError, PreviewLoading } from "./preview-states";

/**
 * A memory cited by a shared chat, for its visitor (issue 22): read-only text, opened at the cited
 * passage. The share token authorizes it; only memories that chat cites open.
 */
export function PublicMemoryDialog({
  chatId,
  token,
  sourceId,
  passage,
  onClose,
}: {
  chatId: string;
  token: string;
  sourceId: string;
  passage?: PassageAnchor | null;
  onClose: () => void;
}) {
  const memory = useQuery({
    queryKey: ["public-memory", chatId, sourceId],
    queryFn: ({ signal }) =>
      api.request(endpoints.chat.publicMemory, {
        query: { chat_id: chatId, source_id: sourceId, token },
        auth: false,
        signal,
      }),
    retry: false,
  });
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent
        aria-describedby={undefined}
        data-testid="public-memory-preview"
        className="flex h-[min(800px,calc(100dvh-2rem))] w-[min(960px,calc(100vw-2rem))] max-w-none flex-col gap-0 p-0"
      >
        <DialogTitle className="border-b px-6 py-3 text-base">
          {memory.data?.title ?? "Cited memory"}
        </DialogTitle>
        <div className="min-h-0 flex-1 overflow-auto" data-testid="preview-pane">
          {memory.isPending ? (
            <PreviewLoading />
          ) : memory.isError ? (
            <PreviewError onRetry={() => void memory.refetch()} />
          ) : (
            <PassageFrame quote={passage?.quote} ready={memory.data.markdown}>
              <MarkdownView markdown={memory.data.markdown} className="mx-auto max-w-3xl p-6" />
            </PassageFrame>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
