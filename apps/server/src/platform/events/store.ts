import type { Db } from "../db/client.ts";
import type { EventStore } from "./bus.ts";
import { appendEvent, pruneEvents } from "./repo.ts";

const KEEP_MS = 60 * 60 * 1000;
const PRUNE_EVERY_MS = 10 * 60 * 1000;

/**
 * The database as the events' replay log: each event gets an increasing id; events older than an
 * hour are pruned now and then (a client away longer reloads what it shows, told by `resync`).
 */
export function databaseEventStore(db: Db): EventStore {
  let lastPrune = 0;
  return {
    async append(userId, e) {
      const id = await appendEvent(db, userId, e);
      const now = Date.now();
      if (now - lastPrune > PRUNE_EVERY_MS) {
        lastPrune = now;
        void pruneEvents(db, new Date(now - KEEP_MS)).catch(() => {});
      }
      return id;
    },
  };
}
