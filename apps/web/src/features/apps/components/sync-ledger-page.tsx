import { useEffect, useId, useState } from "react";
import { Link, useLocation } from "react-router";
import {
  AlertCircleIcon,
  ArrowLeftIcon,
  BanIcon,
  ChevronDownIcon,
  ChevronRightIcon,
  Loader2Icon,
  PlugIcon,
  RefreshCwIcon,
  RotateCwIcon,
} from "lucide-react";
import { toast } from "sonner";
import type { ConnectedAccount, IndexingOrigin, LedgerItem, SyncRun } from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import { LoadFailure, LoadingLine } from "@/components/ui/load-state";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { SectionCard } from "@/components/ui/section-card";
import { cn } from "@/lib/utils";
import {
  useApplications,
  useConnectedAccounts,
  useIndexingLedger,
  useLedger,
  useReindexAccount,
  useRetryFailed,
  useRetryIndexingFailed,
} from "../hooks/use-apps";
import {
  anyRetryable,
  coverageText,
  itemStateText,
  lastSuccessText,
  ledgerAnchor,
  ledgerBusy,
  nextSyncText,
  originBusy,
  originTexts,
  reindexedText,
  retriedText,
  runCountsText,
  runOutcomeText,
  withSkipped,
} from "../logic/ledger";
import { relativeTime } from "../logic/rows";

function When({ iso, text }: { iso: string | null; text: string }) {
  return iso ? (
    <time dateTime={iso} title={new Date(iso).toLocaleString()}>
      {text}
    </time>
  ) : (
    <>{text}</>
  );
}

function ProblemRow({ item, busy, onRetry }: { item: LedgerItem; busy: boolean; onRetry: () => void }) {
  return (
    <li className="flex min-w-0 flex-wrap items-start gap-2 rounded-lg border bg-background p-3">
      <div className="min-w-0 flex-1 basis-48">
        <p className="break-words text-sm font-medium">{item.title}</p>
        <p
          className={cn(
            "mt-0.5 flex items-start gap-1.5 text-xs",
            item.skipped ? "text-amber-700 dark:text-amber-400" : "text-destructive",
          )}
        >
          {item.skipped ? (
            <BanIcon className="mt-px size-3 shrink-0" aria-hidden />
          ) : (
            <AlertCircleIcon className="mt-px size-3 shrink-0" aria-hidden />
          )}
          <span className="break-words">{item.reason ?? "This memory could not be indexed."}</span>
        </p>
      </div>
      {item.skipped ? (
        // Over the size limit: never read, so a retry would not help.
        <span className="inline-flex h-8 items-center rounded-md border border-dashed px-3 text-sm text-muted-foreground">
          Skipped
        </span>
      ) : (
        <Button
          size="sm"
          variant="outline"
          disabled={busy}
          onClick={onRetry}
          aria-label={`Retry ${item.title}`}
        >
          <RotateCwIcon aria-hidden />
          Retry
        </Button>
      )}
    </li>
  );
}

/** The failed (and skipped) memories of a ledger, a Retry each and Retry all failed. */
function ProblemsSection({
  headingId,
  owner,
  problems,
  busy,
  emptyText,
  onRetry,
}: {
  headingId: string;
  /** Whose memories: the account's title, "Uploads", "Imports" (names the list). */
  owner: string;
  problems: LedgerItem[];
  busy: boolean;
  emptyText: string;
  onRetry: (sourceId?: string) => void;
}) {
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-sm font-semibold">
          Failed memories{problems.length ? ` (${problems.length})` : ""}
        </h3>
        {anyRetryable(problems) && (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => onRetry()}>
            <RotateCwIcon aria-hidden />
            Retry all failed
          </Button>
        )}
      </div>
      {problems.length === 0 ? (
        <p className="text-sm text-muted-foreground">{emptyText}</p>
      ) : (
        <ul className="grid gap-2" aria-label={`Failed memories of ${owner}`}>
          {problems.map((p) => (
            <ProblemRow key={p.id} item={p} busy={busy} onRetry={() => onRetry(p.id)} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** A memory's title and state in words, as a run's or the latest memories' list shows it. */
function ItemStateRow({ item }: { item: LedgerItem }) {
  return (
    <li className="flex min-w-0 flex-wrap gap-x-2 text-xs">
      <span className="min-w-0 break-words font-medium">{item.title}</span>
      <span
        className={cn(
          "min-w-0 break-words",
          item.skipped
            ? "text-amber-700 dark:text-amber-400"
            : item.status === "errored"
              ? "text-destructive"
              : "text-muted-foreground",
        )}
      >
        {itemStateText(item)}
      </span>
    </li>
  );
}

function RunRow({ run, now }: { run: SyncRun; now: number }) {
  const [open, setOpen] = useState(false);
  const itemsId = useId();
  const outcome = runOutcomeText(run);
  return (
    <li className="min-w-0 rounded-lg border bg-background">
      <button
        type="button"
        className="flex w-full min-w-0 cursor-pointer items-start gap-2 rounded-lg p-3 text-left outline-none hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring"
        aria-expanded={open}
        aria-controls={itemsId}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? (
          <ChevronDownIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
        ) : (
          <ChevronRightIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
        )}
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-baseline gap-x-2 text-sm">
            <span className="font-medium">
              <When iso={run.finished_at} text={relativeTime(run.finished_at, now)} />
            </span>
            <span
              className={cn(
                "break-words",
                run.outcome === "synced" ? "text-emerald-600 dark:text-emerald-400" : "text-destructive",
              )}
            >
              {outcome}
            </span>
          </span>
          <span className="mt-0.5 block text-xs text-muted-foreground">{runCountsText(run)}</span>
        </span>
      </button>
      {open && (
        <div id={itemsId} className="border-t px-3 py-2">
          {run.items.length === 0 ? (
            <p className="text-xs text-muted-foreground">This run saved no memories.</p>
          ) : (
            <ul className="grid gap-1.5" aria-label="Memories of this run">
              {run.items.map((it) => (
                <ItemStateRow key={it.id} item={it} />
              ))}
            </ul>
          )}
        </div>
      )}
    </li>
  );
}

/**
 * Re-index all: every memory of the account read and indexed again, after a confirmation (it can
 * take a while); the ledger then follows them until they are done.
 */
function ReindexAll({ account, total }: { account: ConnectedAccount; total: number }) {
  const [open, setOpen] = useState(false);
  const reindex = useReindexAccount(account.id);
  const run = () =>
    reindex.mutate(undefined, {
      onSuccess: (r) => {
        setOpen(false);
        toast.success(reindexedText(r.reindexed));
      },
      onError: () => toast.error("Could not re-index. Please try again."),
    });
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        disabled={reindex.isPending}
        onClick={() => setOpen(true)}
        aria-label={`Re-index all of ${account.title}`}
      >
        <RefreshCwIcon aria-hidden />
        Re-index all
      </Button>
      <Dialog open={open} onOpenChange={(o) => !reindex.isPending && setOpen(o)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Re-index all of {account.title}?</DialogTitle>
            <DialogDescription>
              Mnemo reads {total === 1 ? "its 1 memory" : `all ${total} of its memories`} again and indexes{" "}
              {total === 1 ? "it" : "them"} anew. For a large account this takes a while. A file over the size
              limit stays skipped.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter className="gap-2">
            <Button variant="outline" disabled={reindex.isPending} onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button disabled={reindex.isPending} onClick={run}>
              {reindex.isPending && <Loader2Icon className="animate-spin" aria-hidden />}
              Re-index all
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** The latest memories of an origin, newest first, each with its state; closed until opened. */
function LatestList({ items, owner }: { items: LedgerItem[]; owner: string }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <div className="min-w-0 rounded-lg border bg-background">
      <button
        type="button"
        className="flex w-full min-w-0 cursor-pointer items-center gap-2 rounded-lg p-3 text-left text-sm font-semibold outline-none hover:bg-accent/50 focus-visible:ring-[3px] focus-visible:ring-ring"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? (
          <ChevronDownIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        ) : (
          <ChevronRightIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        )}
        Latest ({items.length})
      </button>
      {open && (
        <div id={listId} className="border-t px-3 py-2">
          <ul className="grid gap-1.5" aria-label={`Latest memories of ${owner}`}>
            {items.map((it) => (
              <ItemStateRow key={it.id} item={it} />
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

const LedgerLoading = () => <LoadingLine>Loading…</LoadingLine>;

/** A ledger that could not be read: says which, with Try again. */
function LedgerLoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm" role="alert">
      <AlertCircleIcon className="size-4 text-destructive" aria-hidden />
      {what} could not be loaded.
      <Button size="sm" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** The uploads' or the imports' ledger: coverage, failed memories (retry) and the latest memories. */
export function OriginLedger({ origin }: { origin: IndexingOrigin }) {
  const texts = originTexts[origin];
  const ledger = useIndexingLedger(origin);
  const retry = useRetryIndexingFailed(origin);
  const headingId = `${origin}-title`;
  const doRetry = (sourceId?: string) =>
    retry.mutate(sourceId, {
      onSuccess: (r) =>
        r.retried === 0
          ? toast.info("Nothing to retry now: a file over the size limit has to be uploaded again smaller.")
          : toast.success(retriedText(r.retried)),
      onError: () => toast.error("Could not retry. Please try again."),
    });

  let body;
  if (ledger.isPending) body = <LedgerLoading />;
  else if (ledger.isError)
    body = <LedgerLoadFailed what={texts.title} onRetry={() => void ledger.refetch()} />;
  else if (ledger.data.coverage.total === 0)
    body = <p className="text-sm text-muted-foreground">{texts.empty}</p>;
  else {
    const l = ledger.data;
    const busy = originBusy(l);
    body = (
      <div className="grid gap-6">
        <div className="grid gap-2">
          <dl className="text-sm">
            <dt className="text-xs text-muted-foreground">Coverage</dt>
            <dd className="font-medium break-words" data-testid="coverage">
              {coverageText(l.coverage)}
            </dd>
          </dl>
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground" aria-live="polite">
            {busy && (
              <>
                <Loader2Icon className="size-3 animate-spin" aria-hidden /> Indexing…
              </>
            )}
          </p>
        </div>
        <ProblemsSection
          headingId={`${headingId}-problems`}
          owner={texts.title}
          problems={l.problems}
          busy={retry.isPending}
          emptyText="Nothing failed. Every one of them is indexed."
          onRetry={doRetry}
        />
        <LatestList items={withSkipped(l.recent, l.problems)} owner={texts.title} />
      </div>
    );
  }
  return (
    <SectionCard
      id={origin}
      title={texts.title}
      description={texts.description}
      className="min-w-0 break-words"
    >
      {body}
    </SectionCard>
  );
}

/** One connected account's ledger: sync times, coverage, failed memories (retry) and its runs. */
export function AccountLedger({ account, appName }: { account: ConnectedAccount; appName: string }) {
  const ledger = useLedger(account.id);
  const retry = useRetryFailed(account.id);
  const now = Date.now();
  const headingId = `${ledgerAnchor(account.id)}-title`;
  const doRetry = (sourceId?: string) =>
    retry.mutate(sourceId, {
      onSuccess: (r) =>
        r.retried === 0
          ? toast.info("Nothing to retry now: a file over the size limit is read again once it changes.")
          : toast.success(retriedText(r.retried, "A sync has started.")),
      onError: () => toast.error("Could not retry. Please try again."),
    });

  let body;
  if (ledger.isPending) body = <LedgerLoading />;
  else if (ledger.isError)
    body = <LedgerLoadFailed what="The sync ledger" onRetry={() => void ledger.refetch()} />;
  else {
    const l = ledger.data;
    const busy = ledgerBusy(l);
    body = (
      <div className="grid gap-6">
        <div className="grid gap-2">
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
            <div className="min-w-0">
              <dt className="text-xs text-muted-foreground">Last successful sync</dt>
              <dd className="font-medium">
                <When iso={l.last_success_at} text={lastSuccessText(l.last_success_at, now)} />
              </dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs text-muted-foreground">Next sync</dt>
              <dd className="font-medium">
                {busy ? (
                  "Syncing now"
                ) : (
                  <When iso={l.next_sync_at} text={nextSyncText(l.next_sync_at, now)} />
                )}
              </dd>
            </div>
            <div className="col-span-2 min-w-0 sm:col-span-1">
              <dt className="text-xs text-muted-foreground">Coverage</dt>
              <dd className="font-medium break-words" data-testid="coverage">
                {coverageText(l.coverage)}
              </dd>
            </div>
          </dl>
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground" aria-live="polite">
            {busy && (
              <>
                <Loader2Icon className="size-3 animate-spin" aria-hidden /> Syncing and indexing…
              </>
            )}
            {!busy && l.account.sync.last_error && (
              <span className="text-destructive">Last sync failed: {l.account.sync.last_error}</span>
            )}
          </p>
          {l.coverage.total > 0 && (
            <div>
              <ReindexAll account={account} total={l.coverage.total} />
            </div>
          )}
        </div>

        <ProblemsSection
          headingId={`${headingId}-problems`}
          owner={account.title}
          problems={l.problems}
          busy={retry.isPending}
          emptyText="Nothing failed. Every memory of this account is indexed."
          onRetry={doRetry}
        />

        <section aria-labelledby={`${headingId}-runs`} className="grid gap-3">
          <h3 id={`${headingId}-runs`} className="text-sm font-semibold">
            Run history
          </h3>
          {l.runs.length === 0 ? (
            <p className="text-sm text-muted-foreground">No syncs yet.</p>
          ) : (
            <ol className="grid gap-2" aria-label={`Sync runs of ${account.title}`}>
              {l.runs.map((r) => (
                <RunRow key={r.id} run={r} now={now} />
              ))}
            </ol>
          )}
        </section>
      </div>
    );
  }
  return (
    <SectionCard
      id={ledgerAnchor(account.id)}
      title={account.title}
      description={appName}
      className="min-w-0 break-words"
    >
      {body}
    </SectionCard>
  );
}

/**
 * Settings → Sync and indexing (issue 43): for every connected account what its syncs did, what is
 * indexed and what failed and why, with a retry and Re-index all; then the same for the uploads and
 * the imports, with their latest memories.
 */
export function SyncLedgerPage() {
  const accounts = useConnectedAccounts();
  const apps = useApplications();
  const { hash } = useLocation();
  const ready = accounts.isSuccess;
  // A link from an account's row lands on its ledger.
  useEffect(() => {
    if (!ready || !hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.({ block: "start" });
  }, [ready, hash]);

  const appName = (a: ConnectedAccount) =>
    apps.data?.find((x) => x.applications_id === a.app_name)?.application_name ?? a.app_name;
  let body;
  if (accounts.isPending) body = <LoadingLine>Loading connected apps…</LoadingLine>;
  else if (accounts.isError)
    body = <LoadFailure what="Connected apps" onRetry={() => void accounts.refetch()} />;
  else if (accounts.data.length === 0)
    body = (
      <EmptyState
        icon={PlugIcon}
        title="No connected apps yet"
        description="Connect an app, and what its syncs bring in, index and fail shows here."
        action={
          <Button asChild>
            <Link to="/settings#integrations">Connect an app</Link>
          </Button>
        }
      />
    );
  else body = accounts.data.map((a) => <AccountLedger key={a.id} account={a} appName={appName(a)} />);

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <div>
        <Button asChild size="sm" variant="ghost" className="-ml-2 mb-2">
          <Link to="/settings#sync">
            <ArrowLeftIcon aria-hidden /> Settings
          </Link>
        </Button>
        <PageHeader
          title="Sync and indexing"
          description="What each connected app, your uploads and your imports brought in, what is indexed, and what failed and why."
        />
      </div>
      {body}
      <OriginLedger origin="uploads" />
      <OriginLedger origin="imports" />
    </div>
  );
}
