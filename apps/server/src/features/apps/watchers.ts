import fs from "node:fs";

/** A change is synced this long after the last event of a burst (an editor writes several times). */
const DEBOUNCE_MS = 2000;

/**
 * Watches synced folders in the worker process and asks for a sync soon after a change (the
 * schedule still syncs them, so a missed event only delays). One watcher per account; a folder
 * that cannot be watched (gone, too many watches) is left to the schedule.
 */
export class FolderWatchers {
  private readonly watching = new Map<string, { watcher: fs.FSWatcher; timer?: NodeJS.Timeout }>();

  constructor(
    private readonly onChange: (accountId: string) => void,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {}

  ensure(accountId: string, folder: string): void {
    if (this.watching.has(accountId)) return;
    let watcher: fs.FSWatcher;
    try {
      watcher = fs.watch(folder, { recursive: true, persistent: false });
    } catch (err) {
      this.log.warn(
        { account: accountId, err: (err as Error).message },
        "folder cannot be watched; synced on schedule",
      );
      return;
    }
    const entry: { watcher: fs.FSWatcher; timer?: NodeJS.Timeout } = { watcher };
    watcher.on("change", (_event, name) => {
      if (
        String(name ?? "")
          .split(/[\\/]/)
          .some((part) => part.startsWith("."))
      )
        return; // .obsidian, .git
      clearTimeout(entry.timer);
      entry.timer = setTimeout(() => this.onChange(accountId), DEBOUNCE_MS);
      entry.timer.unref();
    });
    watcher.on("error", () => this.forget(accountId));
    this.watching.set(accountId, entry);
  }

  forget(accountId: string): void {
    const entry = this.watching.get(accountId);
    if (!entry) return;
    clearTimeout(entry.timer);
    entry.watcher.close();
    this.watching.delete(accountId);
  }

  has(accountId: string): boolean {
    return this.watching.has(accountId);
  }

  close(): void {
    for (const id of [...this.watching.keys()]) this.forget(id);
  }
}
