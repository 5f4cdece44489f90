import { useEffect, useRef, type ReactNode } from "react";
import { chatMessages } from "@mnemo/contracts/messages";
import { cn } from "@/lib/utils";
import type { ChatEntry } from "../logic/session";
import { ChatItem } from "./chat-item";

/**
 * The scrolling list of a conversation's items, with the history's loading and failure states;
 * `empty` is shown once the history is loaded and has no item.
 */
export function ChatTranscript({
  entries,
  history,
  empty,
  compact,
}: {
  entries: ChatEntry[];
  history: "idle" | "loading" | "loaded" | "failed";
  empty: ReactNode;
  compact?: boolean;
}) {
  const bottom = useRef<HTMLDivElement>(null);
  const count = entries.length;
  useEffect(() => {
    if (count) bottom.current?.scrollIntoView({ block: "end", behavior: "smooth" });
  }, [count]);
  return (
    <div
      className={cn("min-h-0 flex-1 overflow-y-auto", compact ? "px-3 pt-3" : "px-1")}
      data-testid="chat-scroll"
    >
      <div className={cn("mx-auto flex w-full flex-col", compact ? "gap-6" : "max-w-3xl gap-8 py-4")}>
        {history === "loading" && <p className="text-sm text-muted-foreground">Loading the conversation…</p>}
        {history === "failed" && (
          <p className="rounded-lg border p-4 text-sm" role="alert">
            {chatMessages.noDataReturned}
          </p>
        )}
        {history === "loaded" && count === 0 && empty}
        {entries.map((e) => (
          <ChatItem key={e.key} entry={e} />
        ))}
        <div ref={bottom} />
      </div>
    </div>
  );
}
