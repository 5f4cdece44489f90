import type { LedgerItem, LedgerResponse, SyncRun } from "@mnemo/contracts";
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
