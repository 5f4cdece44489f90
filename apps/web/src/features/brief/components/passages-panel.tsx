import { useState, type FormEvent } from "react";
import { DownloadIcon, Loader2Icon, RotateCwIcon, SearchIcon, TextSearchIcon } from "lucide-react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Input } from "@/components/ui/input";
import { MemoryPreview } from "@/features/chat";
import { usePreviewParam } from "@/hooks/use-preview-param";
import { errorMessage } from "@/lib/api";
import { downloadPassagesMarkdown } from "../api/brief";
import { usePassages } from "../hooks/use-brief";

/**
 * "Find every passage" (issue 45): all passages of the collection about a query, grouped by
 * memory, each opening the memory's preview at it; exportable as Markdown with links.
 */
export function PassagesPanel({
  collectionId,
  query,
  onQuery,
}: {
  collectionId: string;
  query: string;
  onQuery: (q: string) => void;
}) {
  const [draft, setDraft] = useState(query);
  const [lastQuery, setLastQuery] = useState(query);
  if (query !== lastQuery) {
    setLastQuery(query);
    setDraft(query);
  }
  const r = usePassages(collectionId, query);
  const { previewId, openPreview, closePreview } = usePreviewParam();
  const [exporting, setExporting] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onQuery(draft.trim());
  };
  const exportMd = async () => {
    setExporting(true);
    try {
      await downloadPassagesMarkdown(collectionId, query);
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setExporting(false);
    }
  };

  const data = r.data;
  return (
    <section aria-label="Find every passage" className="flex flex-col gap-4">
      <form onSubmit={submit} className="flex gap-2" role="search">
        <Input
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder="Find every passage about…"
          aria-label="Find every passage about"
          maxLength={500}
        />
        <Button type="submit" disabled={!draft.trim()}>
          <SearchIcon aria-hidden /> <span className="max-sm:sr-only">Find</span>
        </Button>
      </form>
      {!query ? (
        <EmptyState
          icon={TextSearchIcon}
          title="Find every passage about a subject"
          description="Every matching passage of every memory here, not just the best few, grouped by memory."
        />
      ) : r.isPending ? (
        <p
          className="flex items-center justify-center gap-2 py-16 text-sm text-muted-foreground"
          role="status"
        >
          <Loader2Icon className="size-4 animate-spin" aria-hidden /> Finding every passage…
        </p>
      ) : r.isError ? (
        <div className="flex flex-col items-center gap-3 py-16 text-sm" role="alert">
          <p>Couldn't search these memories. {errorMessage(r.error)}</p>
          <Button variant="outline" onClick={() => void r.refetch()}>
            <RotateCwIcon aria-hidden /> Try again
          </Button>
        </div>
      ) : data && data.total === 0 ? (
        <EmptyState
          icon={TextSearchIcon}
          title="No passages found"
          description={`Nothing here mentions “${query}”.`}
        />
      ) : data ? (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-muted-foreground" role="status">
              {data.total} {data.total === 1 ? "passage" : "passages"} in {data.memories.length}{" "}
              {data.memories.length === 1 ? "memory" : "memories"}
              {data.truncated ? " (the first 1,000)" : ""}
            </p>
            <Button variant="outline" size="sm" onClick={() => void exportMd()} disabled={exporting}>
              {exporting ? (
                <Loader2Icon className="animate-spin" aria-hidden />
              ) : (
                <DownloadIcon aria-hidden />
              )}{" "}
              Export as Markdown
            </Button>
          </div>
          <ul className="flex flex-col gap-4" aria-label="Passages by memory">
            {data.memories.map((m) => (
              <li key={m.memory_id} className="rounded-lg border bg-card p-3">
                <h3 className="mb-2 flex items-baseline justify-between gap-2 text-sm font-semibold">
                  <span className="truncate">{m.memory_title || "Untitled"}</span>
                  <span className="shrink-0 text-xs font-normal text-muted-foreground">
                    {m.passages.length} {m.passages.length === 1 ? "passage" : "passages"}
                  </span>
                </h3>
                <ol className="flex flex-col gap-2">
                  {m.passages.map((p, i) => (
                    <li key={i}>
                      <button
                        type="button"
                        onClick={() => openPreview(m.memory_id, p.anchor)}
                        aria-label={`Open ${m.memory_title || "Untitled"} at passage ${i + 1}`}
                        className="block w-full rounded-md border-l-2 border-primary/40 px-2.5 py-1.5 text-left text-sm hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring focus-visible:outline-none"
                      >
                        {p.heading && (
                          <span className="block text-xs text-muted-foreground">{p.heading}</span>
                        )}
                        <span className="line-clamp-4 leading-relaxed">{p.anchor.quote || p.text}</span>
                      </button>
                    </li>
                  ))}
                </ol>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {previewId && <MemoryPreview sourceId={previewId} onClose={closePreview} />}
    </section>
  );
}
