import { Link, useParams } from "react-router";
import { MessageSquareOffIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

/** One chat. No chat can exist yet, so every id is honestly not found. */
export function ChatPage() {
  const { id } = useParams();
  return (
    <EmptyState
      icon={MessageSquareOffIcon}
      title="Chat not found"
      description={`There is no chat with the id “${id ?? ""}”. It may have been deleted, or it was never shared with you.`}
      action={
        <Button asChild variant="outline">
          <Link to="/chat">Back to chats</Link>
        </Button>
      }
    />
  );
}
