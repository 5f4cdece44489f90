import { Link } from "react-router";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Globe2Icon, MessageSquarePlusIcon, MessagesSquareIcon, Trash2Icon } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { errorMessage } from "@/lib/api";
import { deleteChat, fetchChats } from "../api/chats";
import { queryKeys } from "@/lib/query-keys";

/** Chat history: the user's chats, newest first, titled by their first question (spec 1 §2). */
export function ChatHistoryPage() {
  const queryClient = useQueryClient();
  const chats = useQuery({ queryKey: queryKeys.chats.list, queryFn: ({ signal }) => fetchChats(signal) });
  const remove = useMutation({
    mutationFn: deleteChat,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.chats.list }),
    onError: (err) => toast.error(errorMessage(err, "The chat could not be deleted.")),
  });
  const list = (chats.data?.chats ?? []).filter((c) => c.scope !== "source");
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Chats"
        description="Questions you asked about your memories."
        actions={
          <Button asChild>
            <Link to="/chat/new">
              <MessageSquarePlusIcon className="size-4" /> New chat
            </Link>
          </Button>
        }
      />
      {chats.isPending ? (
        <p className="text-sm text-muted-foreground">Loading chats…</p>
      ) : chats.isError ? (
        <EmptyState
          icon={MessagesSquareIcon}
          title="Chats could not be loaded"
          description={errorMessage(chats.error)}
          action={<Button onClick={() => void chats.refetch()}>Retry</Button>}
        />
      ) : list.length === 0 ? (
        <EmptyState
          icon={MessagesSquareIcon}
          title="No chats yet"
          description="Ask a question about your memories; the conversation is kept here."
          action={
            <Button asChild>
              <Link to="/chat/new">Start a chat</Link>
            </Button>
          }
        />
      ) : (
        <ul className="divide-y rounded-xl border bg-card" aria-label="Chats" data-testid="chat-list">
          {list.map((c) => (
            <li key={c.chat_id} className="flex items-center gap-3 px-4 py-3">
              <Link to={`/chat/${c.chat_id}`} className="min-w-0 flex-1">
                <span className="block truncate font-medium">{c.title || "Untitled chat"}</span>
                <span className="text-xs text-muted-foreground">
                  {new Date(c.updated_at).toLocaleString()}
                </span>
              </Link>
              {c.is_public && <Globe2Icon className="size-4 text-muted-foreground" aria-label="Public" />}
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`Delete ${c.title || "chat"}`}
                onClick={() => remove.mutate(c.chat_id)}
                disabled={remove.isPending && remove.variables === c.chat_id}
              >
                <Trash2Icon className="size-4" />
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
