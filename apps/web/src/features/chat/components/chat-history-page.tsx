import { MessagesSquareIcon } from "lucide-react";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";

/** Chat history. Chats are created by the chat feature; until then the list is empty. */
export function ChatHistoryPage() {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Chats" description="Questions you asked about your memories." />
      <EmptyState
        icon={MessagesSquareIcon}
        title="No chats yet"
        description="When you ask a question about your memories, the conversation is kept here. Chatting is available soon."
      />
    </div>
  );
}
