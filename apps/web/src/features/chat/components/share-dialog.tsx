import { useEffect, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CheckIcon, CopyIcon, Globe2Icon, Loader2Icon } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api";
import { fetchChats, makeChatPublic, revokeChatPublic } from "../api/chats";
import { queryKeys } from "@/lib/query-keys";
import { sharedChatPath } from "@/lib/shared-chat";

/** The public address of a chat: the spec's `/chat/{id}?shared=true&new=true` with its token. */
export const publicChatUrl = (chatId: string, token: string) =>
  `${window.location.origin}${sharedChatPath(chatId, token)}`;

/**
 * What a public link gives (spec 1 §2, §5, §6): anyone reads the chat and the memories it cites;
 * sending a follow-up, voting, saving and duplicating ask a visitor to sign in first.
 */
export const publicChatPromise =
  "Anyone with the link can read the questions and answers and open the memories they cite. People signed in to Mnemo can also ask follow-ups, answered from those memories, and copy the chat. Your other memories stay private.";

/**
 * Share dialog (spec 1 §7): make the chat public and copy its link; Revoke only while it is public
 * (an already public chat shows its link again when the dialog opens).
 */
export function ShareDialog({
  chatId,
  open,
  onOpenChange,
}: {
  chatId: string;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const [url, setUrl] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const queryClient = useQueryClient();
  const chats = useQuery({
    queryKey: queryKeys.chats.list,
    queryFn: ({ signal }) => fetchChats(signal),
    enabled: open,
  });
  const isPublic = Boolean(chats.data?.chats.find((c) => c.chat_id === chatId)?.is_public);
  const make = useMutation({
    mutationFn: () => makeChatPublic(chatId),
    onSuccess: (r) => {
      setUrl(publicChatUrl(r.chat_id, r.token));
      void queryClient.invalidateQueries({ queryKey: queryKeys.chats.list });
    },
    onError: (err) => toast.error(errorMessage(err, "The chat could not be made public.")),
  });
  const revoke = useMutation({
    mutationFn: () => revokeChatPublic(chatId),
    onSuccess: () => {
      // Marked private at once: the dialog must not fetch the link again (that would re-share it).
      queryClient.setQueryData(
        queryKeys.chats.list,
        (old: typeof chats.data) =>
          old && { chats: old.chats.map((c) => (c.chat_id === chatId ? { ...c, is_public: false } : c)) },
      );
      setUrl(null);
      toast.success("Public access revoked. The link no longer works.");
      void queryClient.invalidateQueries({ queryKey: queryKeys.chats.list });
    },
    onError: (err) => toast.error(errorMessage(err, "Public access could not be revoked.")),
  });
  // A chat made public earlier keeps its token: asking again answers the same link.
  const { mutate: showLink, isPending: making } = make;
  useEffect(() => {
    if (open && isPublic && !url && !making) showLink();
  }, [open, isPublic, url, making, showLink]);
  const copy = async () => {
    if (!url) return;
    await navigator.clipboard.writeText(url).then(
      () => setCopied(true),
      () => toast.error("Copy failed; select the link and copy it."),
    );
    setTimeout(() => setCopied(false), 2000);
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Share this chat</DialogTitle>
          <DialogDescription>{publicChatPromise}</DialogDescription>
        </DialogHeader>
        {url ? (
          <div className="flex gap-2">
            <Input readOnly value={url} aria-label="Public link" onFocus={(e) => e.currentTarget.select()} />
            <Button variant="outline" onClick={() => void copy()} aria-label="Copy link">
              {copied ? <CheckIcon className="size-4" /> : <CopyIcon className="size-4" />}{" "}
              {copied ? "Copied" : "Copy link"}
            </Button>
          </div>
        ) : (
          <Button onClick={() => make.mutate()} disabled={make.isPending}>
            {make.isPending ? (
              <Loader2Icon className="size-4 animate-spin" />
            ) : (
              <Globe2Icon className="size-4" />
            )}{" "}
            Make public and get link
          </Button>
        )}
        <DialogFooter>
          {url && (
            <Button variant="outline" onClick={() => revoke.mutate()} disabled={revoke.isPending}>
              Revoke public access
            </Button>
          )}
          <Button onClick={() => onOpenChange(false)}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
