import { EventEmitter } from "node:events";

/** A server-sent event for one user: indexing status changes, their own document, notices. */
export type UserEvent =
  | { type: "me"; data: unknown }
  | {
      type: "indexing";
      data: { id: string; type: string; indexing_status: "indexing" | "success" | "errored" };
    }
  | { type: "apps"; data: { account_id: string } }
  | { type: "notice"; data: { uid: string; type: "alert" | "info"; message: string } };

/**
 * In-process fan-out of user events to open `/api/events` streams. One process serves a user's
 * streams; with several API processes, clients still poll per spec (the stream is an accelerator).
 */
export class EventBus {
  private readonly emitter = new EventEmitter();
  constructor() {
    this.emitter.setMaxListeners(0);
  }
  publish(userId: string, event: UserEvent) {
    this.emitter.emit(userId, event);
  }
  subscribe(userId: string, listener: (e: UserEvent) => void): () => void {
    this.emitter.on(userId, listener);
    return () => this.emitter.off(userId, listener);
  }
  listenerCount(userId: string) {
    return this.emitter.listenerCount(userId);
  }
}
