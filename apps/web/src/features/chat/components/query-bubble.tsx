import { useState } from "react";
import { chatMessages } from "@mnemo/contracts/messages";
import { cn } from "@/lib/utils";
import { isLongQuery } from "../logic/text";

/** The user's question, collapsed with Expand/Hide when long (spec 1 §2). */
export function QueryBubble({ query, small }: { query: string; small: boolean }) {
  const long = isLongQuery(query, small);
  const [open, setOpen] = useState(false);
  return (
    <div className="flex justify-end">
      <div
        className="max-w-[85%] rounded-2xl rounded-br-sm bg-primary/10 px-4 py-2.5 text-[15px]"
        data-testid="query-bubble"
      >
        <p className={cn("break-words whitespace-pre-wrap", long && !open && "line-clamp-4")}>{query}</p>
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
