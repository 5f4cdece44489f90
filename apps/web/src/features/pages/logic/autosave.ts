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
 * keeps the page dirty, and a failed save leaves it dirty so the next tick retries.
 */
export function createAutosaver(opts: {
  save: () => Promise<void>;
  onError?: (err: unknown) => void;
  intervalMs?: number;
  timers?: AutosaveTimers;
}) {
  const timers = opts.timers ?? realTimers;
  let dirty = false;
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
        opts.onError?.(err);
        return false;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  }

  const handle = timers.setInterval(() => {
    if (dirty && !inFlight) void flush();
  }, opts.intervalMs ?? editors.pageAutosaveMs);

  return {
    markDirty: () => {
      dirty = true;
    },
    isDirty: () => dirty,
    flush,
    /** Stops the timer; saves once more when there are unsaved changes (unmount). */
    dispose: () => {
      timers.clearInterval(handle);
      if (dirty) void flush();
    },
  };
}
