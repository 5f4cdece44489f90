import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
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
import { makeChatPublic, revokeChatPublic } from "../api/chats";
import { queryKeys } from "@/lib/query-keys";
import { sharedChatPath } from "@/lib/shared-chat";

/** The public address of a chat: the spec's `/chat/{id}?shared=true&new=true` with its token. */
export const publicChatUrl = (chatId: string, token: string) =>
  `${window.location.origin}${sharedChatPath(chatId, token)}`;

/** Share dialog: make the chat public, copy its link, or revoke access (spec 1 §7). */
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
      setUrl(null);
      toast.success("Public access revoked. The link no longer works.");
      void queryClient.invalidateQueries({ queryKey: queryKeys.chats.list });
    },
    onError: (err) => toast.error(errorMessage(err, "Public access could not be revoked.")),
  });
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
          <DialogDescription>
            Anyone with the link can read the questions and answers, and ask follow-ups. Your memories stay
            private.
          </DialogDescription>
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
          <Button variant="outline" onClick={() => revoke.mutate()} disabled={revoke.isPending}>
            Revoke public access
          </Button>
          <Button onClick={() => onOpenChange(false)}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
