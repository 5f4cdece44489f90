import { ChatView } from "./chat-view";
import { PreviewFromAddress } from "./preview-from-address";

/**
 * Chat scoped to one collection, for the collection page (spec 1 §2: a collection page chat).
 * Give it a height (it fills its parent). The chosen model is remembered per collection.
 */
export function ChatPanel({
  collectionId,
  chatId = null,
  onChatId,
}: {
  collectionId: string;
  chatId?: string | null;
  onChatId?: (id: string) => void;
}) {
  return (
    <>
      <ChatView scope={{ kind: "collection", collectionId, chatId }} onChatId={onChatId} compact />
      <PreviewFromAddress />
    </>
  );
}
