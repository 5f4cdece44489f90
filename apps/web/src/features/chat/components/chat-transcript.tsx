import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { ArrowDownIcon } from "lucide-react";
import { chatMessages } from "@mnemo/contracts/messages";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import { followsAfterScroll, isAtBottom, markOf, type ScrollMark } from "../logic/follow";
import type { ChatEntry } from "../logic/session";
import { ChatItem } from "./chat-item";

/**
 * The scrolling list of a conversation's items, with the history's loading and failure states;
 * `empty` is shown once the history is loaded and has no item. It follows the stream to the bottom
 * as answers grow, and when the box changes size (a resized or rotated window, the phone's
 * keyboard), unless the user scrolled up; then a "Jump to latest" control brings them back.
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
  const box = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const last = useRef<ScrollMark>({ top: 0, width: 0, height: 0 });
  const [behind, setBehind] = useState(false);
  const count = entries.length;

  const toBottom = () => {
    const el = box.current;
    if (!el) return;
    el.scrollTop = el.scrollHeight;
    last.current = markOf(el);
  };
  // A new question (or a loaded history) always shows its end.
  useLayoutEffect(() => {
    following.current = true;
    setBehind(false);
    toBottom();
  }, [count]);
  // Growing answers, and a box that changed size, keep the view at the end while following;
  // otherwise the jump control shows.
  useEffect(() => {
    const el = content.current;
    const scroller = box.current;
    if (!el || !scroller) return;
    const observer = new ResizeObserver(() => {
      if (following.current) toBottom();
      else setBehind(!isAtBottom(scroller));
    });
    observer.observe(el);
    observer.observe(scroller);
    return () => observer.disconnect();
  }, []);
  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    following.current = followsAfterScroll(following.current, last.current, el);
    // The browser moved the position of a box that changed size: back to the end.
    if (following.current && !isAtBottom(el)) toBottom();
    last.current = markOf(el);
    setBehind(!following.current && !isAtBottom(el));
  };

  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div
        ref={box}
        onScroll={onScroll}
        className={cn("min-h-0 flex-1 overflow-y-auto", compact ? "px-3 pt-3" : "px-1")}
        data-testid="chat-scroll"
      >
        <div
          ref={content}
          className={cn("mx-auto flex w-full flex-col", compact ? "gap-6" : "max-w-3xl gap-8 py-4")}
        >
          {history === "loading" && (
            <p className="text-sm text-muted-foreground">Loading the conversation…</p>
          )}
          {history === "failed" && (
            <p className="rounded-lg border p-4 text-sm" role="alert">
              {chatMessages.noDataReturned}
            </p>
          )}
          {history === "loaded" && count === 0 && empty}
          {entries.map((e) => (
            <ChatItem key={e.key} entry={e} />
          ))}
        </div>
      </div>
      {behind && count > 0 && (
        <Button
          variant="outline"
          size="sm"
          className="absolute bottom-2 left-1/2 -translate-x-1/2 rounded-full shadow-md"
          onClick={() => {
            following.current = true;
            setBehind(false);
            box.current?.scrollTo({ top: box.current.scrollHeight, behavior: "smooth" });
          }}
        >
          <ArrowDownIcon aria-hidden /> Jump to latest
        </Button>
      )}
    </div>
  );
}
