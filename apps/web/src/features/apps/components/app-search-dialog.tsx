import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link } from "react-router";
import {
  appFileTypes,
  appSearchMessages,
  type AppFileType,
  type AppSearchResponse,
  type Integration,
} from "@mnemo/contracts";
import { search as searchConstants } from "@mnemo/contracts/constants";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { SearchInput } from "@/components/ui/input";
import { MultiSelectMenu } from "@/components/ui/multi-select-menu";
import { ApiError } from "@/lib/api-error";
import { cn } from "@/lib/utils";
import { searchApp } from "../api/apps";
import { useConnectedAppOptions } from "../hooks/use-apps";
import { appNames, appsToSearch, mergedResults, shouldSearch, type ResultSort } from "../logic/results";
import { ResultPreview } from "./result-preview";

type Done = { kind: "done"; responses: AppSearchResponse[]; failed: string[] };
type State =
  { kind: "idle" } | { kind: "loading" } | { kind: "error"; apps: string[] } | { kind: "no-apps" } | Done;
type Filters = { sort: ResultSort; fileTypes: AppFileType[]; apps: string[] };

const dateOf = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString(undefined, { year: "numeric", month: "short", day: "numeric" });

const typeLabel = (t: AppFileType | undefined) => appFileTypes.find((x) => x.id === t)?.label;

/**
 * App search modal (spec 2 §2, §4): search what the user's connected apps hold, with the search
 * filter bar (time sort, file types and apps, each multi-select with Clear), 8 skeleton rows while
 * loading, the spec's error, empty and no-apps states, and a preview of a result. It opens on one
 * app; the apps filter adds others (one call per app, each with the 20 s limit and one retry). A
 * filter changed after a search runs it again; an outdated search is cancelled ('staleQuery').
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
  const [fileTypes, setFileTypes] = useState<AppFileType[]>([]);
  // null: the app the modal opened on; [] (Clear): every connected app.
  const [chosenApps, setChosenApps] = useState<string[] | null>(null);
  const [state, setState] = useState<State>({ kind: "idle" });
  const [previewing, setPreviewing] = useState<number | null>(null);
  const inFlight = useRef<AbortController | null>(null);
  const connected = useConnectedAppOptions(!!app);
  const name = app?.application_name ?? "";
  const apps = chosenApps ?? (app ? [app.applications_id] : []);
  const nameOf = (id: string) =>
    connected.find((a) => a.id === id)?.name ?? (id === app?.applications_id ? name : id);

  useEffect(() => () => inFlight.current?.abort(searchConstants.staleQueryAbortReason), []);

  const reset = () => {
    inFlight.current?.abort(searchConstants.staleQueryAbortReason);
    setQuery("");
    setLast(null);
    setSort("most-relevant");
    setFileTypes([]);
    setChosenApps(null);
    setState({ kind: "idle" });
    setPreviewing(null);
  };

  const run = async (q: string, f: Filters) => {
    inFlight.current?.abort(searchConstants.staleQueryAbortReason);
    const ctrl = new AbortController();
    inFlight.current = ctrl;
    setPreviewing(null);
    setState({ kind: "loading" });
    const targets = appsToSearch(
      f.apps,
      connected.map((a) => a.id),
    );
    const answers = await Promise.allSettled(
      targets.map((id) => searchApp(id, q, ctrl.signal, { fileTypes: f.fileTypes, sort: f.sort })),
    );
    if (ctrl.signal.aborted) return;
    const responses = answers.flatMap((a) => (a.status === "fulfilled" ? [a.value] : []));
    const failed = targets.filter((_, i) => answers[i]!.status === "rejected");
    const noApps = answers.every(
      (a) =>
        a.status === "rejected" &&
        a.reason instanceof ApiError &&
        a.reason.message === appSearchMessages.noAppsConnected,
    );
    if (noApps) setState({ kind: "no-apps" });
    else setState(responses.length ? { kind: "done", responses, failed } : { kind: "error", apps: failed });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!app || !shouldSearch(query, last)) return;
    const q = query.trim();
    setLast(q);
    void run(q, { sort, fileTypes, apps });
  };

  /** A filter changed: the last search runs again with it (the server picks the results). */
  const refilter = (next: Partial<Filters>) => {
    const f = { sort, fileTypes, apps, ...next };
    if (last !== null) void run(last, f);
  };

  const results = state.kind === "done" ? mergedResults(state.responses, sort) : [];
  const searched = appsToSearch(
    apps,
    connected.map((a) => a.id),
  );
  const several = searched.length > 1;
  // The title names what is searched: the app it opened on, or each app the filter chose.
  const searchedNames = appNames(searched.length ? searched.map(nameOf) : [name]);
  return (
    <Dialog
      open={!!app}
      onOpenChange={(o) => {
        if (!o) reset();
        onOpenChange(o);
      }}
    >
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-2xl grid-rows-[auto_auto_auto_minmax(0,1fr)] overflow-hidden">
        <DialogHeader>
          <DialogTitle>{appSearchMessages.searchIn({ app: searchedNames })}</DialogTitle>
          <DialogDescription>Find what {searchedNames} brought into Mnemo.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="flex items-center gap-2" role="search">
          <SearchInput
            className="min-w-0 flex-1"
            type="text"
            autoFocus
            value={query}
            onChange={setQuery}
            label={appSearchMessages.searchIn({ app: searchedNames })}
            maxLength={500}
          />
          <Button type="submit" disabled={!query.trim()}>
            Search
          </Button>
        </form>
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Search filters">
          <label className="sr-only" htmlFor="app-search-sort">
            Sort
          </label>
          <select
            id="app-search-sort"
            value={sort}
            onChange={(e) => {
              setSort(e.target.value as ResultSort);
              refilter({ sort: e.target.value as ResultSort });
            }}
            className="h-9 rounded-md border bg-background px-2 text-sm"
          >
            {searchConstants.sortOptions.map((o) => (
              <option key={o} value={o}>
                {appSearchMessages.sortLabels[o]}
              </option>
            ))}
          </select>
          <MultiSelectMenu
            name="File type"
            all="All types"
            plural="types"
            heading="File types"
            options={appFileTypes}
            chosen={fileTypes}
            onChange={(t) => {
              setFileTypes(t as AppFileType[]);
              refilter({ fileTypes: t as AppFileType[] });
            }}
          />
          {connected.length > 1 && (
            <MultiSelectMenu
              name="Apps"
              all="All apps"
              plural="apps"
              heading="Connected apps"
              options={connected.map((a) => ({ id: a.id, label: a.name }))}
              chosen={apps}
              onChange={(a) => {
                setChosenApps(a);
                refilter({ apps: a });
              }}
            />
          )}
        </div>
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
          {state.kind === "no-apps" && (
            <p className="py-6 text-center text-sm text-muted-foreground">
              {appSearchMessages.noAppsConnected}{" "}
              <Link to="/settings#integrations" className="text-primary underline">
                {appSearchMessages.startConnecting}
              </Link>
            </p>
          )}
          {state.kind === "error" && (
            <p role="alert" className="py-6 text-center text-sm text-destructive">
              {appSearchMessages.couldNotConnectShort({ app: state.apps.map(nameOf).join(", ") || name })}{" "}
              <Link to="/dashboard?support=true" className="underline">
                Contact support
              </Link>
            </p>
          )}
          {state.kind === "done" &&
            state.failed.map((id) => (
              <p key={id} role="alert" className="pb-2 text-sm text-destructive">
                {appSearchMessages.couldNotConnectShort({ app: nameOf(id) })}{" "}
                <Link to="/dashboard?support=true" className="underline">
                  Contact support
                </Link>
              </p>
            ))}
          {state.kind === "done" && results.length === 0 && (
            <p className="py-6 text-center text-sm text-muted-foreground">{appSearchMessages.noResults}</p>
          )}
          {state.kind === "done" && results.length > 0 && previewing !== null && (
            <ResultPreview
              appName={nameOf(results[previewing]!.app)}
              results={results}
              rank={previewing}
              query={last ?? ""}
              onBack={() => setPreviewing(null)}
            />
          )}
          {state.kind === "done" && results.length > 0 && previewing === null && (
            <ul className="grid gap-2" aria-label="Results">
              {results.map((r, i) => (
                <li key={`${r.app}:${r.id}`}>
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
                    <span className="mt-1 flex gap-2 text-xs text-muted-foreground">
                      {several && <span className="font-medium">{nameOf(r.app)}</span>}
                      {typeLabel(r.misc.file_type) && <span>{typeLabel(r.misc.file_type)}</span>}
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
