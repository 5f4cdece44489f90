import { useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { CopyPlusIcon, Loader2Icon } from "lucide-react";
import { toast } from "sonner";
import { Logo } from "@/components/logo";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api";
import { authToken } from "@/lib/auth-token";
import { sharedChatPath } from "@/lib/shared-chat";
import { duplicatePublicChat } from "../api/chats";
import { ChatView } from "./chat-view";

/** The public view of a shared chat at /chat/:id?shared=true&new=true&token=… (no sign-in needed; spec 1 §2, §6). */
export function PublicChatPage() {
  const { id = "" } = useParams();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const navigate = useNavigate();
  const signedIn = Boolean(authToken.get());
  const [copying, setCopying] = useState(false);
  const duplicate = async () => {
    setCopying(true);
    try {
      const r = await duplicatePublicChat(id, token);
      toast.success("The chat was copied to your history.");
      void navigate(`/chat/${r.chat_id}`);
    } catch (err) {
      toast.error(errorMessage(err, "The chat could not be copied."));
    } finally {
      setCopying(false);
    }
  };
  return (
    <div className="flex h-dvh flex-col bg-background">
      <header className="flex shrink-0 items-center gap-2 border-b px-4 py-2.5">
        <Link to="/" aria-label="Mnemo home">
          <Logo />
        </Link>
        <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-muted-foreground">
          Shared chat
        </span>
        <div className="flex-1" />
        {signedIn ? (
          <Button size="sm" onClick={() => void duplicate()} disabled={copying}>
            {copying ? <Loader2Icon className="size-4 animate-spin" /> : <CopyPlusIcon className="size-4" />}{" "}
            Duplicate to my chats
          </Button>
        ) : (
          <Button asChild size="sm">
            <Link to={`/sign-in?next=${encodeURIComponent(sharedChatPath(id, token))}`}>Sign in</Link>
          </Button>
        )}
      </header>
      <main className="min-h-0 flex-1 px-4 py-4">
        <ChatView scope={{ kind: "public", chatId: id, token }} />
      </main>
    </div>
  );
}
