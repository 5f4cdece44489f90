import { endpoints } from "@mnemo/contracts";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../../platform/http/context.ts";
import { guardPublicFollowUp } from "../../../core/plans/guards.ts";
import { AppError } from "../../../platform/lib/errors.ts";
import { countHit } from "../../../platform/rate-limits/repo.ts";
import { tooManyMessage, windowRules } from "../../../platform/rate-limits/rules.ts";
import { defineRoute, type Router } from "../../../platform/http/route.ts";
import { ndjsonResponse } from "./ndjson.ts";
import * as pub from "./public.ts";
import type { QnaDeps } from "./qna.ts";
import * as service from "./service.ts";

/** Public chats (make public, revoke, read, follow-ups, duplicate) and votes on answers. */
export function publicChatRoutes(
  r: Router<AppEnv>,
  auth: MiddlewareHandler<AppEnv>[],
  deps: QnaDeps,
  slow: <T>(g: AsyncGenerator<T>) => AsyncGenerator<T>,
) {
  const db = deps.db;
  defineRoute(r, endpoints.chat.makePublic, auth, async (c, { query }) =>
    c.json({ ...(await pub.makePublic(db, c.var.actor, query.chat_id)), success: true as const }),
  );

  defineRoute(r, endpoints.chat.revokePublic, auth, async (c, { query }) => {
    await pub.revokePublic(db, c.var.actor, query.chat_id);
    return c.json({ success: true as const });
  });

  defineRoute(r, endpoints.chat.publicMemory, [], async (c, { query }) =>
    c.json(await pub.publicCitedMemory(db, query.chat_id, query.token, query.source_id)),
  );

  defineRoute(r, endpoints.chat.publicHistory, [], async (c, { query }) => {
    const { chat, turns } = await pub.publicHistory(db, query.chat_id, query.token);
    return c.json({ chat_id: chat.id, title: chat.title, chat_history: turns });
  });

  defineRoute(r, endpoints.chat.publicChat, [], async (c, { query, body }) => {
    const found = await pub.publicChat(db, body.chat_id, query.token);
    // Metered per link (any addresses) and against the owner's daily questions (issue 46).
    const link = await countHit(
      db,
      `${windowRules.publicChatPerLink.name}:${found.id}`,
      windowRules.publicChatPerLink.windowSec,
    );
    if (link.hits > windowRules.publicChatPerLink.max) {
      c.header("retry-after", String(link.resetsInSec));
      throw new AppError("rate_limited", tooManyMessage(link.resetsInSec), { retry_after: link.resetsInSec });
    }
    await db.transaction((tx) => guardPublicFollowUp(tx, found.ownerId));
    const abort = new AbortController();
    const req = { ...body, user_system_date: query.user_system_date ?? body.user_system_date };
    return ndjsonResponse(slow(pub.publicAnswer(deps, found, req, abort.signal)), abort, c.req.raw.signal);
  });

  defineRoute(r, endpoints.chat.duplicatePublic, auth, async (c, { query, body }) =>
    c.json({
      chat_id: await pub.duplicatePublic(db, c.var.actor, query.chat_id, body.token),
      success: true as const,
    }),
  );

  defineRoute(r, endpoints.chat.vote, auth, async (c, { body }) => {
    await service.voteTurn(db, c.var.actor, body);
    return c.json({ success: true as const });
  });
}
