import type { MiddlewareHandler } from "hono";
import { z } from "zod";
import { zChatIdQuery, zChatRequest } from "@mnemo/contracts/chat";
import {
  zDuplicatePublicInput,
  zDuplicatePublicResponse,
  zMakePublicResponse,
  zPublicChatQuery,
  zPublicHistoryQuery,
  zPublicHistoryResponse,
  zPublicMemoryQuery,
  zPublicMemoryResponse,
  zVoteInput,
} from "@mnemo/contracts/public-chat";
import type { AppEnv } from "../../../platform/http/context.ts";
import { defineRoute, type Router } from "../../../platform/http/route.ts";
import { ndjsonResponse } from "./ndjson.ts";
import * as pub from "./public.ts";
import type { QnaDeps } from "./qna.ts";
import * as service from "./service.ts";

const zOk = z.object({ success: z.literal(true) });

/** Public chats (make public, revoke, read, follow-ups, duplicate) and votes on answers. */
export function publicChatRoutes(
  r: Router<AppEnv>,
  auth: MiddlewareHandler<AppEnv>[],
  deps: QnaDeps,
  slow: <T>(g: AsyncGenerator<T>) => AsyncGenerator<T>,
) {
  const db = deps.db;
  defineRoute(
    r,
    {
      method: "get",
      path: "/make_chat_public",
      summary: "Make a chat public; answers its public token",
      tag: "chat",
      query: zChatIdQuery,
      response: zMakePublicResponse,
    },
    auth,
    async (c, { query }) =>
      c.json({ ...(await pub.makePublic(db, c.var.actor, query.chat_id)), success: true as const }),
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/revoke_chat_public_access",
      summary: "Revoke a chat's public access",
      tag: "chat",
      query: zChatIdQuery,
      response: zOk,
    },
    auth,
    async (c, { query }) => {
      await pub.revokePublic(db, c.var.actor, query.chat_id);
      return c.json({ success: true as const });
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/public_chat/memory",
      summary:
        "A memory a public chat cites, read-only (title, type, text), for a visitor holding the chat's share token",
      tag: "chat",
      auth: false,
      query: zPublicMemoryQuery,
      response: zPublicMemoryResponse,
    },
    [],
    async (c, { query }) =>
      c.json(await pub.publicCitedMemory(db, query.chat_id, query.token, query.source_id)),
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/public_chat/get_public_chat_history",
      summary: "A public chat's saved turns (no sign-in; 'No data returned' when empty or revoked)",
      tag: "chat",
      auth: false,
      query: zPublicHistoryQuery,
      response: zPublicHistoryResponse,
    },
    [],
    async (c, { query }) => {
      const { chat, turns } = await pub.publicHistory(db, query.chat_id, query.token);
      return c.json({ chat_id: chat.id, title: chat.title, chat_history: turns });
    },
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/public_chat/chat",
      summary:
        "A visitor's follow-up on a public chat, streamed as NDJSON (answered from the memories the chat cites; not stored)",
      tag: "chat",
      auth: false,
      query: zPublicChatQuery,
      body: zChatRequest,
      contentType: "application/x-ndjson",
    },
    [],
    async (c, { query, body }) => {
      const found = await pub.publicChat(db, body.chat_id, query.token);
      const abort = new AbortController();
      const req = { ...body, user_system_date: query.user_system_date ?? body.user_system_date };
      return ndjsonResponse(slow(pub.publicAnswer(deps, found, req, abort.signal)), abort, c.req.raw.signal);
    },
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/duplicate_public_chat",
      summary: "Copy a public chat into the signed-in user's history",
      tag: "chat",
      query: zChatIdQuery,
      body: zDuplicatePublicInput,
      response: zDuplicatePublicResponse,
    },
    auth,
    async (c, { query, body }) =>
      c.json({
        chat_id: await pub.duplicatePublic(db, c.var.actor, query.chat_id, body.token),
        success: true as const,
      }),
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/vote_qna",
      summary: "Thumbs up or down on an answer (stored on the turn)",
      tag: "chat",
      body: zVoteInput,
      response: zOk,
    },
    auth,
    async (c, { body }) => {
      await service.voteTurn(db, c.var.actor, body);
      return c.json({ success: true as const });
    },
  );
}
