import { MessagesSquareIcon } from "lucide-react";
import { EmptyState } from "@/components/ui/empty-state";

/**
 * The collection's chat. The chat panel is built in features/chat; until it exports
 * `<ChatPanel collectionId>` this says so honestly instead of faking a conversation.
 */
export function CollectionChat({ collectionId }: { collectionId: string }) {
  return (
    <EmptyState
      icon={MessagesSquareIcon}
      title="Chat over this collection"
      description="Chat scoped to this collection's memories is not available in this build yet."
      className="py-12"
      action={<span className="sr-only">{collectionId}</span>}
    />
  );
}
