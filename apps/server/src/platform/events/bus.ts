import crypto from "node:crypto";
import { EventEmitter } from "node:events";

/** A server-sent event for one user: indexing status changes, their own document, notices. */
export type UserEvent =
  | { type: "me"; data: unknown }
  | {
      type: "indexing";
      data: { id: string; type: string; indexing_status: "indexing" | "success" | "errored" };
    }
  | { type: "apps"; data: { account_id: string } }
  | { type: "notice"; data: { uid: string; type: "alert" | "info"; message: string } }
  /** An announcement was published or withdrawn (sent to everyone). */
  | { type: "announcement"; data: { uid: string; show: boolean } };

/** Keeps events so a client reconnecting with `Last-Event-ID` receives what it missed. */
export interface EventStore {
  /** Stores the event; resolves to its id (increasing per database). */
  append(userId: string, e: UserEvent): Promise<number>;
}

/** Events for every signed-in user (announcements) travel under this key. */
export const EVERYONE = "*";

/** A subscriber's callback: the event and, when it was stored, its id. */
export type EventListener = (e: UserEvent, id?: number) => void;

/**
 * Carries events between processes through the database's LISTEN/NOTIFY (`pg-relay.ts` on
 * PostgreSQL, `pglite-relay.ts` on embedded PGlite): a worker process publishes, the API process
 * holding the user's `/api/events` stream delivers.
 */
export interface EventRelay {
  /** Sends one message to every process (this one included; the bus drops its own); never rejects. */
  send(message: string): Promise<void>;
  /** Starts receiving (idempotent); resolves once messages sent from now on will arrive. */
  listen(onMessage: (message: string) => void): Promise<void>;
  close(): Promise<void>;
}

type Wire = { o: string; u: string; e: UserEvent; i?: number };

/**
 * Fan-out of user events to open `/api/events` streams. In-process always; with a relay (the
 * database's LISTEN/NOTIFY, PostgreSQL or PGlite) to every bus on the same database, so a worker's
 * indexing events reach the API process that holds the user's stream. The code is the same for
 * both databases; on PGlite the other buses are those sharing the embedded instance.
 */
export class EventBus {
  private readonly emitter = new EventEmitter();
  /** Tags this process's messages so it does not deliver them twice. */
  private readonly origin = crypto.randomUUID();
  private listening: Promise<void> | undefined;

  constructor(
    private readonly relay?: EventRelay,
    private readonly store?: EventStore,
  ) {
    this.emitter.setMaxListeners(0);
  }

  /**
   * Sends an event to the user's streams in every process. With a store the event is kept first
   * (its id lets a reconnecting client catch up); a failed store still delivers, without an id.
   * Resolves once delivered; callers need not wait.
   */
  publish(userId: string, event: UserEvent): Promise<void> {
    const deliver = async (id?: number) => {
      this.emitter.emit(userId, event, id);
      await this.relay?.send(JSON.stringify({ o: this.origin, u: userId, e: event, i: id } satisfies Wire));
    };
    if (!this.store || userId === EVERYONE) return deliver();
    return this.store.append(userId, event).then(deliver, () => deliver());
  }

  /** Sends an event to every signed-in user's streams (announcements); not kept for replay. */
  publishToEveryone(event: UserEvent): Promise<void> {
    return this.publish(EVERYONE, event);
  }

  subscribe(userId: string, listener: EventListener): () => void {
    this.emitter.on(userId, listener);
    return () => this.emitter.off(userId, listener);
  }

  /**
   * Resolves once events published by other processes reach this one's subscribers. The relay
   * starts listening with the first stream, so processes that only publish (workers) hold no
   * listening connection.
   */
  ready(): Promise<void> {
    if (!this.relay) return Promise.resolve();
    this.listening ??= this.relay.listen((message) => {
      let wire: Wire;
      try {
        wire = JSON.parse(message) as Wire;
      } catch {
        return;
      }
      if (wire.o !== this.origin && typeof wire.u === "string") this.emitter.emit(wire.u, wire.e, wire.i);
    });
    return this.listening;
  }

  listenerCount(userId: string) {
    return this.emitter.listenerCount(userId);
  }

  async close() {
    await this.relay?.close();
  }
}
