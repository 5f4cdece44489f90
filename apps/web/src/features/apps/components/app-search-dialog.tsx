import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { ArrowLeftIcon, Loader2Icon } from "lucide-react";
import {
  appSearchMessages,
  previewMessages,
  type AppSearchResponse,
  type AppSearchResult,
  type GetContentResponse,
  type Integration,
} from "@mnemo/contracts";
import { search as searchConstants } from "@mnemo/contracts/constants";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { SearchInput } from "@/components/ui/input";
import { CandidatePreview } from "@/features/preview";
import { AddToCollectionDialog } from "@/features/collections";
import { cn } from "@/lib/utils";
import { addAppResult, resultContent, searchApp } from "../api/apps";
import { isLiveResult, shouldSearch, sortedResults, type ResultSort } from "../logic/results";

type State =
  { kind: "idle" } | { kind: "loading" } | { kind: "error" } | { kind: "done"; response: AppSearchResponse };

const dateOf = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });

/**
 * The search result preview panel (spec 2 §2): the item's fetched content in the candidate preview
 * (HTML sandboxed, CSV as a table, Markdown), its attachments (first 3, then '+N more') and Open in app.
 * A result the app's own search found (not synced yet) becomes a memory with Add memory; a synced
 * one is a memory already. Either can then be added to a collection.
 */
function ResultPreview({
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

/**
 * App search modal (spec 2 §2, §4): search what one connected app holds, with a sort filter,
 * 8 skeleton rows while loading, the spec's error, empty and no-apps states, and a preview of a
 * result. An outdated search is cancelled ('staleQuery'); the call has a 20 s limit and one retry.
 */
export function AppSearchDialog({
  app,
  onOpenChange,
}: {
  app: Integration | null;
  onOpenChange: (open: boolean) => void;
}) {
  const [query, setQuery] = useState("");
  const [last, setLast] = useState<string | null>(null);
  const [sort, setSort] = useState<ResultSort>("most-relevant");
  const [state, setState] = useState<State>({ kind: "idle" });
  const [previewing, setPreviewing] = useState<number | null>(null);
  const inFlight = useRef<AbortController | null>(null);
  const name = app?.application_name ?? "";

  useEffect(() => () => inFlight.current?.abort(searchConstants.staleQueryAbortReason), []);

  const reset = () => {
    inFlight.current?.abort(searchConstants.staleQueryAbortReason);
    setQuery("");
    setLast(null);
    setState({ kind: "idle" });
    setPreviewing(null);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!app || !shouldSearch(query, last)) return;
    const q = query.trim();
    inFlight.current?.abort(searchConstants.staleQueryAbortReason);
    const ctrl = new AbortController();
    inFlight.current = ctrl;
    setLast(q);
    setPreviewing(null);
    setState({ kind: "loading" });
    try {
      const response = await searchApp(app.applications_id, q, ctrl.signal);
      if (!ctrl.signal.aborted) setState({ kind: "done", response });
    } catch {
      if (!ctrl.signal.aborted) setState({ kind: "error" });
    }
  };

  const results = state.kind === "done" ? sortedResults(state.response, sort) : [];
  return (
    <Dialog
      open={!!app}
      onOpenChange={(o) => {
        if (!o) reset();
        onOpenChange(o);
      }}
    >
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-2xl grid-rows-[auto_auto_minmax(0,1fr)] overflow-hidden">
        <DialogHeader>
          <DialogTitle>{appSearchMessages.searchIn({ app: name })}</DialogTitle>
          <DialogDescription>Find what {name} brought into Mnemo.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="flex flex-wrap items-center gap-2" role="search">
          <SearchInput
            autoFocus
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={appSearchMessages.searchIn({ app: name })}
            aria-label={appSearchMessages.searchIn({ app: name })}
            maxLength={500}
          />
          <label className="sr-only" htmlFor="app-search-sort">
            Sort
          </label>
          <select
            id="app-search-sort"
            value={sort}
            onChange={(e) => setSort(e.target.value as ResultSort)}
            className="h-9 rounded-md border bg-background px-2 text-sm"
          >
            {searchConstants.sortOptions.map((o) => (
              <option key={o} value={o}>
                {appSearchMessages.sortLabels[o]}
              </option>
            ))}
          </select>
          <Button type="submit" disabled={!query.trim()}>
            Search
          </Button>
        </form>
        <div className="min-h-0 overflow-y-auto" aria-live="polite">
          {state.kind === "idle" && (
            <p className="py-6 text-center text-sm text-muted-foreground">
              Type what you are looking for and press Enter.
            </p>
          )}
          {state.kind === "loading" && (
            <ul aria-label="Loading results" className="grid gap-2" role="status">
              {Array.from({ length: searchConstants.appSearchSkeletonRows }, (_, i) => (
                <li key={i} className="h-14 animate-pulse rounded-lg bg-muted" />
              ))}
            </ul>
          )}
          {state.kind === "error" && (
            <p role="alert" className="py-6 text-center text-sm text-destructive">
              {appSearchMessages.couldNotConnectShort({ app: name })}{" "}
              <Link to="/dashboard?support=true" className="underline">
                Contact support
              </Link>
            </p>
          )}
          {state.kind === "done" && results.length === 0 && (
            <p className="py-6 text-center text-sm text-muted-foreground">{appSearchMessages.noResults}</p>
          )}
          {state.kind === "done" && results.length > 0 && previewing !== null && (
            <ResultPreview
              appName={name}
              results={results}
              rank={previewing}
              query={last ?? ""}
              onBack={() => setPreviewing(null)}
            />
          )}
          {state.kind === "done" && results.length > 0 && previewing === null && (
            <ul className="grid gap-2" aria-label="Results">
              {results.map((r, i) => (
                <li key={r.id}>
                  <button
                    type="button"
                    onClick={() => setPreviewing(i)}
                    className={cn(
                      "w-full rounded-lg border p-3 text-left transition-colors hover:border-primary/60 hover:bg-accent",
                    )}
                  >
                    <span className="flex items-baseline gap-2">
                      <span className="min-w-0 flex-1 truncate text-sm font-medium">{r.subject}</span>
                      <span className="shrink-0 text-xs text-muted-foreground">{dateOf(r.timestamp)}</span>
                    </span>
                    {r.text && (
                      <span className="mt-1 line-clamp-2 block text-xs text-muted-foreground">{r.text}</span>
                    )}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
