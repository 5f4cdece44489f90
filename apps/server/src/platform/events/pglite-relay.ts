import type { Logger } from "../logger.ts";
import type { EventRelay } from "./bus.ts";
import { RELAY_CHANNEL, RELAY_MAX_PAYLOAD } from "./pg-relay.ts";

/**
 * User events through embedded PGlite's LISTEN/NOTIFY: the same channel, payload limit and wire
 * format as on PostgreSQL (`pg-relay.ts`), so the bus works alike on both databases. PGlite is one
 * connection: `pg_notify` and `LISTEN` share it, and a notification reaches every listener on the
 * instance (the bus drops its own by origin, as it does on PostgreSQL).
 */
type Embedded = {
  readonly closed: boolean;
  query(text: string, params: unknown[]): Promise<unknown>;
  listen(channel: string, fn: (payload: string) => void): Promise<() => Promise<void>>;
};

export function pgliteRelay(pglite: Embedded, log: Logger): EventRelay {
  let closed = false;
  let unlisten: (() => Promise<void>) | undefined;
  let opening: Promise<void> | undefined;

  return {
    async send(message) {
      if (closed || pglite.closed) return;
      if (Buffer.byteLength(message) > RELAY_MAX_PAYLOAD) {
        log.debug({ bytes: Buffer.byteLength(message) }, "event too large to relay; delivered locally only");
        return;
      }
      await pglite
        .query("SELECT pg_notify($1, $2)", [RELAY_CHANNEL, message])
        .then(() => undefined)
        .catch((err: Error) => log.warn({ err: err.message }, "event relay could not send"));
    },
    listen(fn) {
      opening ??= pglite
        .listen(RELAY_CHANNEL, (payload) => {
          if (!closed && payload) fn(payload);
        })
        .then((stop) => {
          unlisten = stop;
        })
        .catch((err: unknown) => {
          opening = undefined; // the next stream tries again
          throw err;
        });
      return opening;
    },
    async close() {
      closed = true;
      const stop = unlisten;
      unlisten = undefined;
      if (stop && !pglite.closed) await stop().catch(() => {});
    },
  };
}
