import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
  ) {
    super(
      `Another Mnemo process (pid ${holderPid}) is already using the data directory ${dataDir}. ` +
        "Stop it first, or start this one with a different DATA_DIR. Nothing was changed.",
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Makes this process the only owner of `dataDir` (PGlite has no cross-process lock: two writers
 * silently lose rows). A lock left by a dead process (crash, SIGKILL) is taken over.
 * Returns a release function.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, "mnemo.lock");
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(file, "wx");
      fs.writeSync(
        fd,
        JSON.stringify({ pid: process.pid, host: os.hostname(), at: new Date().toISOString() }),
      );
      fs.closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          const held = JSON.parse(fs.readFileSync(file, "utf8")) as { pid: number };
          if (held.pid === process.pid) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      let holder = { pid: 0, host: "" };
      try {
        holder = JSON.parse(fs.readFileSync(file, "utf8"));
      } catch {
        /* unreadable lock: treat as stale */
      }
      const sameHost = !holder.host || holder.host === os.hostname();
      if (holder.pid && holder.pid !== process.pid && sameHost && isAlive(holder.pid)) {
        throw new DataDirLockedError(dataDir, holder.pid);
      }
      if (holder.pid && !sameHost) throw new DataDirLockedError(dataDir, holder.pid);
      fs.rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not take the lock on ${dataDir}`);
}
