import { useEffect, useState } from "react";
import { toast } from "sonner";
import { errorMessage } from "@/lib/api";
import { deleteConversationHistory, fetchSourceChats } from "../api/chats";
import { ChatView } from "./chat-view";

const cleared = new Set<(sourceId: string) => void>();

/**
 * Clears one memory's chat (DELETE /api/delete_conversation_history for its per-source chat) and
 * empties the open side panel.
 */
export async function clearSourceChat(sourceId: string): Promise<void> {
  try {
    const chats = await fetchSourceChats(sourceId);
    for (const c of chats.chats) await deleteConversationHistory(c.chat_id);
    cleared.forEach((fn) => fn(sourceId));
    toast.success("Chat history cleared.");
  } catch (err) {
    toast.error(errorMessage(err, "The chat history could not be cleared."));
  }
}

/**
 * The per-source chat of the source preview's Chat tab (source_id + is_qna_source_preview_chat).
 * A page's chat is the page chat type: 'Plan, ask, write anything...' (spec 1 §2).
 */
export function SourceChat({ sourceId, pageChat }: { sourceId: string; pageChat?: boolean }) {
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    const fn = (id: string) => id === sourceId && setGeneration((g) => g + 1);
    cleared.add(fn);
    return () => void cleared.delete(fn);
  }, [sourceId]);
  return <ChatView key={generation} scope={{ kind: "source", sourceId }} pageChat={pageChat} compact />;
}
