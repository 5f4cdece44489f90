import { memo, useEffect, useRef, useState } from "react";
import { BrainIcon, CheckIcon, ChevronDownIcon, WrenchIcon, XIcon } from "lucide-react";
import { chat as chatConstants } from "@mnemo/contracts/constants";
import { chatMessages } from "@mnemo/contracts/messages";
import type { PlacedToolStep } from "@mnemo/contracts/stream";
import { cn } from "@/lib/utils";
import { legacyThoughtPieces, thoughtPieces } from "../logic/thought-cards";

/**
 * The thoughts as text and tool-call cards (an agent's steps, from their typed data; `steps`
 * null: a turn stored before steps were typed, read from its marked lines).
 */
function ThoughtBody({ thoughts, steps }: { thoughts: string; steps: PlacedToolStep[] | null }) {
  const pieces = steps === null ? legacyThoughtPieces(thoughts) : thoughtPieces(thoughts, steps);
  return (
    <div className="flex flex-col gap-1.5">
      {pieces.map((p, i) =>
        p.kind === "text" ? (
          <p key={i} className="whitespace-pre-wrap">
            {p.text}
          </p>
        ) : (
          <div key={i} className="rounded-md border bg-background px-2 py-1.5" data-testid="tool-call-card">
            <div className="flex items-center gap-1.5 font-medium text-foreground">
              <WrenchIcon className="size-3.5 shrink-0" aria-hidden />
              <span className="min-w-0 break-words">{p.title}</span>
            </div>
            {p.outcome.map((o, j) => (
              <div key={j} className="mt-0.5 flex items-start gap-1.5 text-xs">
                {o.ok ? (
                  <CheckIcon className="mt-0.5 size-3 shrink-0 text-green-600" aria-label="Done" />
                ) : (
                  <XIcon className="mt-0.5 size-3 shrink-0 text-destructive" aria-label="Failed" />
                )}
                <span className="min-w-0 break-words">{o.text}</span>
              </div>
            ))}
          </div>
        ),
      )}
    </div>
  );
}

const noSteps: PlacedToolStep[] = [];

/**
 * Collapsible Thoughts / Thinking panel (spec 1 §4): open while thinking, auto-scrolls to the
 * bottom unless the reader scrolled up, closes 1 s after thinking ends.
 */
export const ThoughtsPanel = memo(function ThoughtsPanel({
  thoughts,
  steps = noSteps,
  thinking,
  live,
}: {
  thoughts: string;
  /** The agent's tool steps placed in `thoughts` (null: a turn stored with marked lines). */
  steps?: PlacedToolStep[] | null;
  thinking: boolean;
  live: boolean;
}) {
  const [open, setOpen] = useState(live && thinking);
  const box = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  const sawThinking = useRef(false);
  useEffect(() => {
    if (thinking) {
      sawThinking.current = true;
      setOpen(true);
      return;
    }
    // Only thinking ending closes it, 1 s later: the answer ending meanwhile must not cancel that.
    if (!sawThinking.current) return;
    const t = setTimeout(() => setOpen(false), chatConstants.thoughtsCloseAfterThinkingMs);
    return () => clearTimeout(t);
  }, [thinking]);
  useEffect(() => {
    const el = box.current;
    if (el && pinned.current) el.scrollTop = el.scrollHeight;
  }, [thoughts, steps, open]);
  if (!thoughts && !steps?.length && !thinking) return null;
  return (
    <div className="rounded-lg border bg-muted/30" data-testid="thoughts">
      <button
        type="button"
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        className="flex w-full items-center gap-2 px-3 py-2 text-sm font-medium text-muted-foreground"
      >
        <BrainIcon className={cn("size-4", thinking && "animate-pulse text-primary")} aria-hidden />
        {thinking ? chatMessages.labels.thinking : chatMessages.labels.thoughts}
        <ChevronDownIcon
          className={cn("ml-auto size-4 transition-transform", open && "rotate-180")}
          aria-hidden
        />
      </button>
      {open && (
        <div
          ref={box}
          onScroll={(e) => {
            const el = e.currentTarget;
            pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 24;
          }}
          className="max-h-64 overflow-y-auto px-3 pb-3 text-sm text-muted-foreground"
        >
          <ThoughtBody thoughts={thoughts} steps={steps} />
        </div>
      )}
    </div>
  );
});
