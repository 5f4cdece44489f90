import { integrationMessages, type ConnectedAccount, type Integration } from "@mnemo/contracts";

/** Spec 3 §2 app integration row states (Upload comes with app search). */
export type RowState = "Connect" | "Connected" | "Unavailable";

/** The row's state: Unavailable with the server's reason, Connected once an account exists. */
export function rowState(app: Integration, accounts: ConnectedAccount[]): RowState {
  if (app.unavailable_reason || app.status === "Coming Soon" || app.status === "Under Maintenance")
    return "Unavailable";
  return accounts.some((a) => a.app_name === app.applications_id) ? "Connected" : "Connect";
}

/** Why an Unavailable row is unavailable, in words. */
export function unavailableReason(app: Integration): string {
  if (app.unavailable_reason) return app.unavailable_reason;
  if (app.status === "Under Maintenance") return "This app is under maintenance. Please try again later.";
  return "This app is coming soon.";
}

const rtf = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

/** "just now", "5 minutes ago", "yesterday" … */
export function relativeTime(iso: string, now: number): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return "just now";
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), "minute");
  if (abs < 86_400) return rtf.format(Math.round(seconds / 3600), "hour");
  return rtf.format(Math.round(seconds / 86_400), "day");
}

/** One line of an account's sync status, as its row shows it. */
export function syncStatus(
  account: ConnectedAccount,
  now: number,
): { text: string; tone: "busy" | "error" | "ok" } {
  const s = account.sync;
  const items = `${s.items_synced} ${s.items_synced === 1 ? "memory" : "memories"}`;
  if (s.state === "queued") return { text: "Waiting to sync…", tone: "busy" };
  if (s.state === "running") return { text: "Syncing…", tone: "busy" };
  if (s.state === "error" || s.last_error)
    return { text: `Last sync failed: ${s.last_error ?? "unknown error"}`, tone: "error" };
  if (!s.last_sync_at) return { text: "Not synced yet", tone: "ok" };
  const when = relativeTime(s.last_sync_at, now);
  // Files that failed to index (damaged, empty, too large) are counted; each memory says why.
  if (s.problems > 0)
    return {
      text: integrationMessages.syncedWithProblems({ when, problems: s.problems, memories: s.items_synced }),
      tone: "error",
    };
  return { text: `Synced ${when} · ${items}`, tone: "ok" };
}

/**
 * Whether any account is syncing or still indexing what it synced (the list is then refreshed
 * until it is done, so a row's problem count is the final one).
 */
export const anySyncing = (accounts: ConnectedAccount[] | undefined) =>
  (accounts ?? []).some(
    (a) => a.sync.state === "queued" || a.sync.state === "running" || a.sync.indexing > 0,
  );
