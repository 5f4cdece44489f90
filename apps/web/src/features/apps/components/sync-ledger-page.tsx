import { useEffect, useId, useState } from "react";
import { Link, useLocation } from "react-router";
import {
  AlertCircleIcon,
  ArrowLeftIcon,
  ChevronDownIcon,
  ChevronRightIcon,
  Loader2Icon,
  PlugIcon,
  RotateCwIcon,
} from "lucide-react";
import { toast } from "sonner";
import type { ConnectedAccount, LedgerItem, SyncRun } from "@mnemo/contracts";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { SectionCard } from "@/components/ui/section-card";
import { cn } from "@/lib/utils";
import { useApplications, useConnectedAccounts, useLedger, useRetryFailed } from "../hooks/use-apps";
import {
  coverageText,
  itemStateText,
  lastSuccessText,
  ledgerAnchor,
  ledgerBusy,
  nextSyncText,
  runCountsText,
  runOutcomeText,
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
        <p className="mt-0.5 flex items-start gap-1.5 text-xs text-destructive">
          <AlertCircleIcon className="mt-px size-3 shrink-0" aria-hidden />
          <span className="break-words">{item.reason ?? "This memory could not be indexed."}</span>
        </p>
      </div>
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
                <li key={it.id} className="flex min-w-0 flex-wrap gap-x-2 text-xs">
                  <span className="min-w-0 break-words font-medium">{it.title}</span>
                  <span
                    className={cn(
                      "min-w-0 break-words",
                      it.status === "errored" ? "text-destructive" : "text-muted-foreground",
                    )}
                  >
                    {itemStateText(it)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </li>
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
          : toast.success(
              r.retried === 1
                ? "Retrying 1 memory. A sync has started."
                : `Retrying ${r.retried} memories. A sync has started.`,
            ),
      onError: () => toast.error("Could not retry. Please try again."),
    });

  let body;
  if (ledger.isPending)
    body = (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Loader2Icon className="size-4 animate-spin" aria-hidden /> Loading…
      </p>
    );
  else if (ledger.isError)
    body = (
      <div className="flex flex-wrap items-center gap-3 text-sm" role="alert">
        <AlertCircleIcon className="size-4 text-destructive" aria-hidden />
        The sync ledger could not be loaded.
        <Button size="sm" variant="outline" onClick={() => void ledger.refetch()}>
          Try again
        </Button>
      </div>
    );
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
        </div>

        <section aria-labelledby={`${headingId}-problems`} className="grid gap-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 id={`${headingId}-problems`} className="text-sm font-semibold">
              Failed memories{l.problems.length ? ` (${l.problems.length})` : ""}
            </h3>
            {l.problems.length > 0 && (
              <Button size="sm" variant="outline" disabled={retry.isPending} onClick={() => doRetry()}>
                <RotateCwIcon aria-hidden />
                Retry all failed
              </Button>
            )}
          </div>
          {l.problems.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              Nothing failed. Every memory of this account is indexed.
            </p>
          ) : (
            <ul className="grid gap-2" aria-label={`Failed memories of ${account.title}`}>
              {l.problems.map((p) => (
                <ProblemRow key={p.id} item={p} busy={retry.isPending} onRetry={() => doRetry(p.id)} />
              ))}
            </ul>
          )}
        </section>

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
 * indexed and what failed and why, with a retry.
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
  if (accounts.isPending)
    body = (
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <Loader2Icon className="size-4 animate-spin" aria-hidden /> Loading connected apps…
      </p>
    );
  else if (accounts.isError)
    body = (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/40 p-4 text-sm"
      >
        <AlertCircleIcon className="size-4 text-destructive" aria-hidden />
        <span className="flex-1">Connected apps could not be loaded.</span>
        <Button size="sm" variant="outline" onClick={() => void accounts.refetch()}>
          Try again
        </Button>
      </div>
    );
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
          description="What each connected app brought in, what is indexed, and what failed and why."
        />
      </div>
      {body}
    </div>
  );
}
