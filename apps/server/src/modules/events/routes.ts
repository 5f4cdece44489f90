import { streamSSE } from "hono/streaming";
import type { AppContext } from "../../context.ts";
import type { AppEnv } from "../../http/context.ts";
import { createRouter, defineRoute } from "../../http/route.ts";
import { requireAuth, type RequireAuthDeps } from "../../http/middleware/auth.ts";
import { getMe } from "../users/service.ts";
import type { UserEvent } from "./bus.ts";

const HEARTBEAT_MS = 25_000;

/** What eventRoutes uses of the application context (bootstrap.ts builds it once). */
export type EventRouteDeps = RequireAuthDeps & Pick<AppContext, "events" | "database" | "log">;

/** `GET /api/events`: Server-Sent Events with the user's own document and indexing changes (ARCHITECTURE §4). */
export function eventRoutes(ctx: EventRouteDeps) {
  const r = createRouter<AppEnv>();
  defineRoute(
    r,
    {
      method: "get",
      path: "/events",
      summary: "Server-Sent Events: own document, indexing status, notices",
      tag: "events",
      contentType: "text/event-stream",
      responseDescription: "event stream",
    },
    [requireAuth(ctx)],
    (c) =>
      streamSSE(c, async (stream) => {
        const actor = c.var.actor;
        const queue: UserEvent[] = [];
        let wake: (() => void) | undefined;
        const unsubscribe = ctx.events.subscribe(actor.id, (e) => {
          queue.push(e);
          wake?.();
        });
        let open = true;
        stream.onAbort(() => {
          open = false;
          wake?.();
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
          await stream.writeSSE({ event: "me", data: JSON.stringify(await getMe(ctx.database.db, actor)) });
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
            const e = queue.shift()!;
            await stream.writeSSE({ event: e.type, data: JSON.stringify(e.data) });
          }
        } finally {
          unsubscribe();
        }
      }),
  );
  return r;
}
