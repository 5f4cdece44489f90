import { useCallback, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { EraserIcon, HistoryIcon, MessageSquarePlusIcon, Share2Icon } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { useMe, useUpdateMetadata } from "@/features/users";
import { errorMessage } from "@/lib/api";
import { deleteConversationHistory } from "../api/chats";
import { ChatView } from "./chat-view";
import { ClearChatConfirm } from "@/components/clear-chat-confirm";
import { PreviewFromAddress } from "./preview-from-address";
import { ShareDialog } from "./share-dialog";
import { queryKeys } from "@/lib/query-keys";

/**
 * Full height of the chat inside the shell: the viewport less its top bar under 1024 px, the page
 * padding and the notice banners shown above it (their height is `--notices-height`).
 */
export const chatHeight =
  "h-[calc(100dvh-6.5rem-var(--notices-height,0px))] lg:h-[calc(100dvh-5rem-var(--notices-height,0px))]";

/** One chat at /chat/:id; /chat/new starts a fresh one whose URL follows its first answer. */
export function ChatPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const chatId = id && id !== "new" ? id : null;
  const [shareOpen, setShareOpen] = useState(false);
  const [confirmClear, setConfirmClear] = useState(false);
  const session = useRef<{ reset: () => void; chatId: string | null } | null>(null);
  const me = useMe();
  const updateMetadata = useUpdateMetadata();
  const onChatId = useCallback(
    (newId: string) => {
      if (newId !== chatId) void navigate(`/chat/${newId}`, { replace: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.chats.list });
    },
    [chatId, navigate, queryClient],
  );
  const sessionRef = useCallback((s: { reset: () => void; chatId: string | null }) => {
    session.current = s;
  }, []);
  const clear = async () => {
    const current = session.current?.chatId ?? chatId;
    if (!current) return session.current?.reset();
    try {
      await deleteConversationHistory(current);
      session.current?.reset();
      toast.success("Chat history cleared.");
    } catch (err) {
      toast.error(errorMessage(err, "The chat history could not be cleared."));
    }
  };
  const askClear = () => (me.data?.metadata.hideResetChatConfirmation ? void clear() : setConfirmClear(true));
  return (
    <div className={`flex flex-col gap-2 ${chatHeight}`}>
      <div className="flex shrink-0 items-center gap-1">
        <Button asChild variant="ghost" size="sm">
          <Link to="/chat">
            <HistoryIcon className="size-4" /> History
          </Link>
        </Button>
        <div className="flex-1" />
        {chatId && (
          <>
            <Button variant="ghost" size="sm" onClick={askClear} aria-label="Clear chat history">
              <EraserIcon className="size-4" /> <span className="hidden sm:inline">Clear</span>
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setShareOpen(true)} aria-label="Share">
              <Share2Icon className="size-4" /> <span className="hidden sm:inline">Share</span>
            </Button>
          </>
        )}
        <Button asChild variant="outline" size="sm">
          <Link to="/chat/new">
            <MessageSquarePlusIcon className="size-4" /> New chat
          </Link>
        </Button>
      </div>
      <div className="min-h-0 flex-1">
        <ChatView scope={{ kind: "main", chatId }} onChatId={onChatId} sessionRef={sessionRef} />
      </div>
      <PreviewFromAddress />
      {chatId && <ShareDialog chatId={chatId} open={shareOpen} onOpenChange={setShareOpen} />}
      <ClearChatConfirm
        open={confirmClear}
        onCancel={() => setConfirmClear(false)}
        onConfirm={(dontShow) => {
          setConfirmClear(false);
          if (dontShow) updateMetadata.mutate({ hideResetChatConfirmation: true });
          void clear();
        }}
      />
    </div>
  );
}
