import { memo, useState } from "react";
import { FileTextIcon, GlobeIcon, ImageIcon, NotebookPenIcon, type LucideIcon } from "lucide-react";
import type { SourceResult } from "@mnemo/contracts/chat";
import { chatMessages } from "@mnemo/contracts/messages";
import { plainSnippet } from "@/lib/markdown-text";
import { defaultSourceCount } from "../logic/text";

const icons: Record<string, LucideIcon> = {
  web_search: GlobeIcon,
  webpage: GlobeIcon,
  page: NotebookPenIcon,
  image: ImageIcon,
};

/** The Memories (sources) row: the relevant count (at most 5) first, then View more / View less. */
export const SourcesRow = memo(function SourcesRow({
  results,
  relevant,
  onOpen,
}: {
  results: SourceResult[];
  relevant: number;
  onOpen: (s: SourceResult) => void;
}) {
  const [all, setAll] = useState(false);
  if (!results.length) return null;
  const shown = all ? results : results.slice(0, defaultSourceCount(relevant, results.length));
  const more = results.length - shown.length;
  return (
    <section aria-label={chatMessages.labels.memories} data-testid="sources-row">
      <h3 className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {chatMessages.labels.memories}
      </h3>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {shown.map((s) => (
          <button
            key={`${s.id}-${s.citation ?? ""}`}
            type="button"
            onClick={() => onOpen(s)}
            className="flex min-w-0 items-start gap-2 rounded-lg border bg-card p-2.5 text-left text-sm transition-colors hover:bg-accent"
            data-testid="source-card"
          >
            {s.citation != null && (
              <span className="mt-0.5 shrink-0 rounded bg-primary/10 px-1.5 text-[11px] font-semibold text-primary">
                {s.citation}
              </span>
            )}
            <span className="min-w-0">
              <span className="flex items-center gap-1.5 font-medium">
                <TypeIcon type={s.type} />
                <span className="truncate">{s.title}</span>
              </span>
              <span className="mt-0.5 line-clamp-2 text-xs text-muted-foreground">
                {plainSnippet(s.snippet)}
              </span>
            </span>
          </button>
        ))}
      </div>
      {(more > 0 || all) && results.length > defaultSourceCount(relevant, results.length) && (
        <button
          type="button"
          onClick={() => setAll(!all)}
          className="mt-2 text-xs font-medium text-primary hover:underline"
        >
          {all
            ? chatMessages.labels.viewLess
            : `${chatMessages.labels.viewMore} · ${chatMessages.moreMemories({ n: more })}`}
        </button>
      )}
    </section>
  );
});

function TypeIcon({ type }: { type: string }) {
  const Icon = icons[type] ?? FileTextIcon;
  return <Icon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />;
}
