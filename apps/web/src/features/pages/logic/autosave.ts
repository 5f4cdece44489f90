import { editors } from "@mnemo/contracts/constants";

export interface AutosaveTimers {
  setInterval: (fn: () => void, ms: number) => unknown;
  clearInterval: (handle: unknown) => void;
}

const realTimers: AutosaveTimers = {
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (h) => globalThis.clearInterval(h as ReturnType<typeof setInterval>),
};

/**
 * Page editor saving (spec 3 §4): a dirty flag set on change; every 5 s a save runs if dirty; `flush`
 * saves at once (Ctrl/Cmd+S, Save Page, close). Saves never overlap; a change made during a save
 * keeps the page dirty, and a failed save leaves it dirty so the next tick retries — unless
 * `retryable` says the failure is final (a 413: the same page is refused again, issue 41); then the
 * ticks wait for the next change, and only an explicit save tries again.
 */
export function createAutosaver(opts: {
  save: () => Promise<void>;
  onError?: (err: unknown) => void;
  /** False for a failure that saving the same content again cannot fix. Default: every failure retries. */
  retryable?: (err: unknown) => boolean;
  intervalMs?: number;
  timers?: AutosaveTimers;
}) {
  const timers = opts.timers ?? realTimers;
  let dirty = false;
  let held = false;
  let inFlight: Promise<boolean> | null = null;

  async function flush(): Promise<boolean> {
    if (inFlight) await inFlight;
    if (!dirty) return true;
    dirty = false;
    inFlight = opts
      .save()
      .then(() => true)
      .catch((err: unknown) => {
        dirty = true;
        held = opts.retryable ? !opts.retryable(err) : false;
        opts.onError?.(err);
        return false;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  }

  const handle = timers.setInterval(() => {
    if (dirty && !held && !inFlight) void flush();
  }, opts.intervalMs ?? editors.pageAutosaveMs);

  return {
    markDirty: () => {
      dirty = true;
      held = false;
    },
    isDirty: () => dirty,
    /** The content was kept another way (saved as a file, or discarded): nothing left to save. */
    markClean: () => {
      dirty = false;
      held = false;
    },
    flush,
    /** Stops the timer; saves once more when there are unsaved changes (unmount), unless held. */
    dispose: () => {
      timers.clearInterval(handle);
      if (dirty && !held) void flush();
    },
  };
}
