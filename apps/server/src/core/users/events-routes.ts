import { endpoints } from "@mnemo/contracts";
import { streamSSE } from "hono/streaming";
import type { PlatformContext } from "../../platform/context.ts";
import type { AppEnv } from "../../platform/http/context.ts";
import { createRouter, defineRoute } from "../../platform/http/route.ts";
import { requireAuth, type RequireAuthDeps } from "../auth/middleware.ts";
import { getMe } from "./service.ts";
import { EVERYONE, type UserEvent } from "../../platform/events/bus.ts";
import { eventsAfter, oldestEventId } from "../../platform/events/repo.ts";

const HEARTBEAT_MS = 25_000;
/** At most this many missed events are replayed; beyond, the client is told to reload (`resync`). */
const REPLAY_LIMIT = 200;
/** How long the browser waits before reconnecting a dropped stream (the SSE `retry:` field). */
const RETRY_MS = 2_000;

/** What eventRoutes uses of the application context (bootstrap.ts builds it once). */
export type EventRouteDeps = RequireAuthDeps & Pick<PlatformContext, "events" | "database" | "log">;

/** The `Last-Event-ID` a reconnecting client sends (header, or `last_event_id` in the query). */
function lastEventIdOf(header: string | undefined, query: string | undefined): number | null {
  const raw = header ?? query;
  if (!raw || !/^\d{1,18}$/.test(raw)) return null;
  return Number(raw);
}

/**
 * `GET /api/events`: Server-Sent Events with the user's own document, indexing changes and notices
 * (ARCHITECTURE §4). Each kept event carries an `id:`; a client reconnecting with `Last-Event-ID`
 * first receives the events it missed, or `resync` when they are no longer kept.
 */
export function eventRoutes(ctx: EventRouteDeps) {
  const r = createRouter<AppEnv>();
  const db = ctx.database.db;
  defineRoute(r, endpoints.events.stream, [requireAuth(ctx)], (c) =>
    streamSSE(c, async (stream) => {
      const actor = c.var.actor;
      const lastId = lastEventIdOf(c.req.header("last-event-id"), c.req.query("last_event_id"));
      const queue: { e: UserEvent; id?: number }[] = [];
      let wake: (() => void) | undefined;
      const push = (e: UserEvent, id?: number) => {
        queue.push({ e, id });
        wake?.();
      };
      const unsubscribe = [ctx.events.subscribe(actor.id, push), ctx.events.subscribe(EVERYONE, push)];
      let open = true;
      stream.onAbort(() => {
        open = false;
        wake?.();
      });
      const send = (e: UserEvent, id?: number) =>
        stream.writeSSE({
          event: e.type,
          data: JSON.stringify(e.data),
          ...(id === undefined ? {} : { id: String(id) }),
        });
      try {
        // Other processes' events (a worker's indexing) arrive once the relay listens.
        await ctx.events
          .ready()
          .catch((err: unknown) =>
            ctx.log.warn(
              { err: (err as Error).message },
              "events from other processes will not reach this stream",
            ),
          );
        await stream.writeSSE({
          event: "me",
          data: JSON.stringify(await getMe(db, actor)),
          retry: RETRY_MS,
        });
        // Catch-up after a reconnect: what was kept since the client's last id, then live events
        // (the subscription above already holds those; ones replayed here are skipped).
        let replayedUpTo = lastId ?? 0;
        if (lastId !== null) {
          const [oldest, missed] = await Promise.all([
            oldestEventId(db),
            eventsAfter(db, actor.id, lastId, REPLAY_LIMIT),
          ]);
          if ((oldest > 0 && lastId < oldest - 1) || missed.length === REPLAY_LIMIT)
            await stream.writeSSE({ event: "resync", data: "{}" });
          for (const m of missed) {
            await send(m.event, m.id);
            replayedUpTo = Math.max(replayedUpTo, m.id);
          }
        }
        while (open) {
          if (queue.length === 0) {
            await new Promise<void>((resolve) => {
              wake = resolve;
              setTimeout(resolve, HEARTBEAT_MS);
            });
            wake = undefined;
            if (queue.length === 0 && open) await stream.writeSSE({ event: "ping", data: "{}" });
            continue;
          }
          const { e, id } = queue.shift()!;
          if (id !== undefined && id <= replayedUpTo) continue;
          await send(e, id);
        }
      } finally {
        for (const off of unsubscribe) off();
      }
    }),
  );
  return r;
}
