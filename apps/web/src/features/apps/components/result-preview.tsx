import { useEffect, useState } from "react";
import { ArrowLeftIcon, Loader2Icon } from "lucide-react";
import { previewMessages, type AppSearchResult, type GetContentResponse } from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import { CandidatePreview } from "@/features/preview";
import { AddToCollectionDialog } from "@/features/collections";
import { addAppResult, resultContent } from "../api/apps";
import { isLiveResult } from "../logic/results";

/**
 * The search result preview panel (spec 2 §2): the item's fetched content in the candidate preview
 * (HTML sandboxed, CSV as a table, Markdown), its attachments (first 3, then '+N more') and Open in app.
 * A result the app's own search found (not synced yet) becomes a memory with Add memory; a synced
 * one is a memory already. Either can then be added to a collection.
 */
export function ResultPreview({
  results,
  rank,
  query,
  appName,
  onBack,
}: {
  appName: string;
  results: AppSearchResult[];
  rank: number;
  query: string;
  onBack: () => void;
}) {
  const result = results[rank]!;
  const [content, setContent] = useState<GetContentResponse["content"] | "error" | null>(null);
  const [allAttachments, setAllAttachments] = useState(false);
  const live = isLiveResult(result);
  const [memory, setMemory] = useState<
    { state: "idle" | "adding" | "error"; message?: string } | { state: "added"; id: string }
  >(live ? { state: "idle" } : { state: "added", id: result.id });
  const [collecting, setCollecting] = useState(false);
  const addMemory = () => {
    setMemory({ state: "adding" });
    addAppResult(appName, result)
      .then((r) =>
        setMemory(
          r.status === "success" && r.memory_id
            ? { state: "added", id: r.memory_id }
            : { state: "error", message: r.message ?? previewMessages.notAvailable },
        ),
      )
      .catch((err: unknown) =>
        setMemory({
          state: "error",
          message: err instanceof Error ? err.message : previewMessages.couldNotLoad,
        }),
      );
  };
  useEffect(() => {
    let live = true;
    resultContent(results, rank, query)
      .then((r) => live && setContent(r.content))
      .catch(() => live && setContent("error"));
    return () => {
      live = false;
    };
  }, [results, rank, query]);
  const attachments = allAttachments ? result.attachments : result.attachments.slice(0, 3);
  return (
    <div className="flex min-h-0 flex-col gap-3" aria-label="Result preview" role="region">
      <div className="flex items-center gap-2">
        <Button size="sm" variant="ghost" onClick={onBack}>
          <ArrowLeftIcon aria-hidden /> Results
        </Button>
      </div>
      {content === null ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2Icon className="size-4 animate-spin" aria-hidden /> Loading preview…
        </p>
      ) : content === "error" ? (
        <p role="alert" className="text-sm text-destructive">
          {previewMessages.couldNotLoad}
        </p>
      ) : (
        <div className="max-h-[50vh] min-h-0 overflow-hidden rounded-lg border">
          <CandidatePreview
            title={result.subject}
            content={content}
            description={previewMessages.notAvailable}
            openInAppUrl={result.url}
            appName={appName}
            addState={memory.state === "adding" ? "loading" : memory.state === "added" ? "added" : "idle"}
            onAddMemory={addMemory}
            onAddToCollection={memory.state === "added" ? () => setCollecting(true) : undefined}
          />
        </div>
      )}
      {result.attachments.length > 0 && (
        <ul aria-label="Attachments" className="flex flex-wrap gap-2">
          {attachments.map((a) => (
            <li key={a.id} className="rounded-md border bg-muted/40 px-2 py-1 text-xs">
              {a.url ? (
                <a href={a.url} target="_blank" rel="noreferrer noopener" className="hover:underline">
                  {a.title}
                </a>
              ) : (
                a.title
              )}
            </li>
          ))}
          {!allAttachments && result.attachments.length > 3 && (
            <li>
              <button
                type="button"
                className="text-xs text-primary underline"
                onClick={() => setAllAttachments(true)}
              >
                +{result.attachments.length - 3} more
              </button>
            </li>
          )}
        </ul>
      )}
      {memory.state === "error" && (
        <p role="alert" className="text-sm text-destructive">
          {memory.message}
        </p>
      )}
      {!live && (
        <p className="text-xs text-muted-foreground">Already in your memories: synced from {appName}.</p>
      )}
      <AddToCollectionDialog
        sourceIds={collecting && memory.state === "added" ? [memory.id] : null}
        onOpenChange={(open) => !open && setCollecting(false)}
      />
    </div>
  );
}
