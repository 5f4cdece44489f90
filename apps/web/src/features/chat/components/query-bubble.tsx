import { useLayoutEffect, useRef, useState } from "react";
import { chatMessages } from "@mnemo/contracts/messages";
import { cn } from "@/lib/utils";
import { isLongQuery } from "../logic/text";

/**
 * The user's question, collapsed to four lines with Expand/Hide when long (spec 1 §2): over 250
 * characters in small size, or more than four lines as drawn, wrapped lines included.
 */
export function QueryBubble({ query, small }: { query: string; small: boolean }) {
  const [open, setOpen] = useState(false);
  const [overflows, setOverflows] = useState(false);
  const text = useRef<HTMLParagraphElement>(null);
  useLayoutEffect(() => {
    const el = text.current;
    if (!el || open) return;
    const check = () => setOverflows(el.scrollHeight > el.clientHeight + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    return () => observer.disconnect();
  }, [query, open]);
  const long = isLongQuery(query, small) || overflows;
  return (
    <div className="flex justify-end">
      <div
        className="max-w-[85%] rounded-2xl rounded-br-sm bg-primary/10 px-4 py-2.5 text-[15px]"
        data-testid="query-bubble"
      >
        <p ref={text} className={cn("break-words whitespace-pre-wrap", !open && "line-clamp-4")}>
          {query}
        </p>
        {long && (
          <button
            type="button"
            onClick={() => setOpen(!open)}
            className="mt-1 text-xs font-medium text-primary hover:underline"
          >
            {open ? chatMessages.labels.hide : chatMessages.labels.expand}
          </button>
        )}
      </div>
    </div>
  );
}
