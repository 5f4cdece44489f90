import pg from "pg";
import type { Logger } from "../logger.ts";
import type { EventRelay } from "./bus.ts";

export const RELAY_CHANNEL = "mnemo_events";
/** NOTIFY payloads must stay under 8,000 bytes; larger events stay in their process. */
export const RELAY_MAX_PAYLOAD = 7_900;
const CHANNEL = RELAY_CHANNEL;
const MAX_PAYLOAD = RELAY_MAX_PAYLOAD;
const RECONNECT_MS = 1_000;

/**
 * User events between processes on one PostgreSQL database: `pg_notify` through the pool to send,
 * one dedicated connection holding `LISTEN mnemo_events` to receive (opened with the first
 * `/api/events` stream, reopened after a dropped connection). Delivery is best-effort, like the
 * stream itself: clients poll `verify_indexing` per spec, the stream only makes it sooner.
 */
export function postgresRelay(pool: pg.Pool, log: Logger): EventRelay {
  const connectionString = (pool.options as { connectionString?: string }).connectionString;
  let client: pg.Client | undefined;
  let closed = false;
  let onMessage: ((m: string) => void) | undefined;
  let opening: Promise<void> | undefined;

  const open = async (): Promise<void> => {
    const c = new pg.Client({ connectionString, connectionTimeoutMillis: 10_000 });
    c.on("notification", (n) => {
      if (n.channel === CHANNEL && n.payload) onMessage?.(n.payload);
    });
    const lost = (err?: Error) => {
      if (client !== c) return;
      client = undefined;
      c.removeAllListeners("end");
      if (closed) return;
      log.warn({ err: err?.message }, "event relay connection lost; reconnecting");
      setTimeout(() => void reopen(), RECONNECT_MS).unref();
    };
    c.on("error", lost);
    c.on("end", () => lost());
    await c.connect();
    await c.query(`LISTEN ${CHANNEL}`);
    if (closed) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
  };
  const reopen = async () => {
    try {
      await open();
    } catch (err) {
      if (closed) return;
      log.warn({ err: (err as Error).message }, "event relay could not listen; retrying");
      setTimeout(() => void reopen(), RECONNECT_MS).unref();
    }
  };

  return {
    async send(message) {
      if (closed) return;
      if (Buffer.byteLength(message) > MAX_PAYLOAD) {
        log.debug({ bytes: Buffer.byteLength(message) }, "event too large to relay; delivered locally only");
        return;
      }
      await pool
        .query("SELECT pg_notify($1, $2)", [CHANNEL, message])
        .then(() => undefined)
        .catch((err: Error) => log.warn({ err: err.message }, "event relay could not send"));
    },
    listen(fn) {
      onMessage = fn;
      opening ??= open().catch((err: unknown) => {
        opening = undefined; // the next stream tries again
        throw err;
      });
      return opening;
    },
    async close() {
      closed = true;
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}
