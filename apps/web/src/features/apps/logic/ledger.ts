import type {
  IndexingLedgerResponse,
  IndexingOrigin,
  LedgerItem,
  LedgerResponse,
  SyncRun,
} from "@mnemo/contracts";
import { relativeTime } from "./rows";

/** Where an account's ledger is on the Sync and indexing page (the integrations rows link there). */
export const ledgerAnchor = (accountId: string) => `account-${accountId}`;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "423 of 501 indexed, 3 failed, 75 skipped: too large" (the parts that are 0 left out). */
export function coverageText(c: LedgerResponse["coverage"]): string {
  const parts = [`${c.indexed} of ${c.total} indexed`];
  if (c.failed) parts.push(`${c.failed} failed`);
  if (c.skipped) parts.push(`${c.skipped} skipped: too large`);
  if (c.in_progress) parts.push(`${c.in_progress} in progress`);
  return parts.join(", ");
}

/** A run's outcome in words: "Synced", "Synced with 3 problems", "Failed: <error>". */
export function runOutcomeText(run: SyncRun): string {
  if (run.outcome === "error") return `Failed: ${run.error ?? "unknown error"}`;
  if (run.outcome === "synced_with_problems")
    return `Synced with ${plural(run.failed, "problem", "problems")}`;
  return "Synced";
}

/** "2 added, 5 unchanged, 0 removed, 1 failed". */
export function runCountsText(run: SyncRun): string {
  return `${run.added} added, ${run.unchanged} unchanged, ${run.removed} removed, ${run.failed} failed`;
}

/** One memory's indexing state, as a run's item list shows it. */
export function itemStateText(item: LedgerItem): string {
  if (item.skipped) return item.reason ? `Skipped: ${item.reason}` : "Skipped";
  if (item.status === "success") return "Indexed";
  if (item.status === "in_progress") return "Indexing…";
  return item.reason ? `Failed: ${item.reason}` : "Failed";
}

/** The next scheduled sync, relative to now ("in 14 minutes"; "due now" once it is late). */
export function nextSyncText(iso: string | null, now: number): string {
  if (!iso) return "After the first sync";
  return Date.parse(iso) - now < 45_000 ? "Due now" : relativeTime(iso, now);
}

/** The last successful sync, relative to now. */
export function lastSuccessText(iso: string | null, now: number): string {
  return iso ? relativeTime(iso, now) : "Never";
}

/** Whether the ledger is still changing: the account syncs or memories are being indexed (it is then polled). */
export function ledgerBusy(l: LedgerResponse | undefined): boolean {
  if (!l) return false;
  return (
    l.account.sync.state === "queued" || l.account.sync.state === "running" || l.coverage.in_progress > 0
  );
}

/** Whether any failed memory can be retried (one over the size limit is skipped: a retry does not help). */
export function anyRetryable(problems: readonly LedgerItem[]): boolean {
  return problems.some((p) => !p.skipped);
}

/** The latest memories marked skipped as their problem is (the server marks only the problems). */
export function withSkipped(recent: readonly LedgerItem[], problems: readonly LedgerItem[]): LedgerItem[] {
  const skipped = new Set(problems.filter((p) => p.skipped).map((p) => p.id));
  return recent.map((r) => (skipped.has(r.id) ? { ...r, skipped: true } : r));
}

/** An uploads' or imports' ledger is still changing while memories are being indexed (then polled). */
export function originBusy(l: IndexingLedgerResponse | undefined): boolean {
  return (l?.coverage.in_progress ?? 0) > 0;
}

/** The Uploads and Imports sections of the Sync and indexing page. */
export const originTexts: Record<IndexingOrigin, { title: string; description: string; empty: string }> = {
  uploads: {
    title: "Uploads",
    description: "Files and links you saved here.",
    empty: "Nothing uploaded yet.",
  },
  imports: {
    title: "Imports",
    description: "What imports brought in.",
    empty: "Nothing imported yet.",
  },
};

/** After a retry: "Retrying 1 memory." (`then`: what else happens, "A sync has started."). */
export function retriedText(n: number, then = ""): string {
  return `Retrying ${plural(n, "memory", "memories")}.${then ? ` ${then}` : ""}`;
}

/** After Re-index all: "Re-indexing 12 memories." */
export function reindexedText(n: number): string {
  return n === 0 ? "Nothing to re-index now." : `Re-indexing ${plural(n, "memory", "memories")}.`;
}
