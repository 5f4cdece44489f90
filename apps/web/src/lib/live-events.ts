import { useSyncExternalStore } from "react";
import { fetchEventSource } from "@microsoft/fetch-event-source";
import { apiPath, endpoints } from "@mnemo/contracts";

/** One event of `GET /api/events` (ARCHITECTURE §4): its name and parsed JSON data. */
export type LiveEvent = { event: string; data: unknown };

const listeners = new Set<() => void>();
let live = false;

function setLive(next: boolean) {
  if (live === next) return;
  live = next;
  for (const l of listeners) l();
}

/**
 * Whether the live stream is connected. While it is, lists and the upload tracker are updated by
 * its events; while it is not, they poll as the spec describes (the fallback).
 */
export function isLive(): boolean {
  return live;
}

/** Calls `listener` whenever the stream connects or drops. */
export function onLiveChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useLive(): boolean {
  return useSyncExternalStore(onLiveChange, isLive, () => false);
}

/** Wait before reconnecting after `failures` failed attempts in a row: 1 s doubling, at most 30 s. */
export function reconnectDelay(failures: number): number {
  return Math.min(30_000, 1_000 * 2 ** Math.max(0, failures));
}

class Refused extends Error {}
class Dropped extends Error {}

/**
 * Holds `GET /api/events` open with the bearer token (an EventSource cannot send one), reconnecting
 * after drops with the `Last-Event-ID` of the last event received, so the server replays what was
 * missed. Stops for good on 401 (the session is gone; the API client signs out). Returns `stop`.
 */
export function connectLiveEvents(opts: {
  token: string;
  onEvent: (e: LiveEvent) => void;
  url?: string;
  /** For tests: the fetch to use (the browser's by default). */
  fetch?: typeof fetch;
}): () => void {
  const ctrl = new AbortController();
  let failures = 0;
  void fetchEventSource(opts.url ?? apiPath(endpoints.events.stream), {
    signal: ctrl.signal,
    headers: { authorization: `Bearer ${opts.token}` },
    openWhenHidden: true,
    ...(opts.fetch ? { fetch: opts.fetch } : {}),
    async onopen(res) {
      if (res.status === 401 || res.status === 403) throw new Refused(String(res.status));
      if (!res.ok || !res.headers.get("content-type")?.includes("text/event-stream"))
        throw new Dropped(`events: HTTP ${res.status}`);
      failures = 0;
      setLive(true);
    },
    onmessage(msg) {
      if (!msg.event || msg.event === "ping") return;
      let data: unknown;
      try {
        data = msg.data ? JSON.parse(msg.data) : null;
      } catch {
        return;
      }
      opts.onEvent({ event: msg.event, data });
    },
    onclose() {
      setLive(false);
      throw new Dropped("events: stream ended");
    },
    onerror(err) {
      setLive(false);
      if (err instanceof Refused) throw err;
      return reconnectDelay(failures++);
    },
  }).catch(() => setLive(false));
  return () => {
    ctrl.abort();
    setLive(false);
  };
}
