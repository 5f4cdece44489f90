import type { MiddlewareHandler } from "hono";
import { endpoints } from "@mnemo/contracts";
import type { AppEnv } from "../../../platform/http/context.ts";
import { createRouter, defineRoute } from "../../../platform/http/route.ts";
import { requireAuth, type RequireAuthDeps } from "../../../core/auth/middleware.ts";
import { AppError } from "../../../platform/lib/errors.ts";
import { ANSWER_ERROR_HEADER } from "@mnemo/contracts/stream";
import { answerErrorCode } from "./answer-error.ts";
import { ndjsonResponse, slowLines } from "./ndjson.ts";
import { publicChatRoutes } from "./public-routes.ts";
import { prepareQna } from "./qna.ts";
import { qnaDeps, type QnaContext } from "./qna-deps.ts";
import * as service from "./service.ts";
import { executeToolCall, isExecuteBody } from "./tool-call.ts";
import { validation } from "../../../platform/lib/errors.ts";

/** What chatRoutes uses of the application context (bootstrap.ts builds it once). */
export type ChatRouteDeps = RequireAuthDeps & QnaContext;

/** POST /api/qna (streamed answers) and the chat history calls of spec 1 §7. */
export function chatRoutes(ctx: ChatRouteDeps) {
  const r = createRouter<AppEnv>();
  const auth = [requireAuth(ctx)];
  // The public variant of the history call is unprotected (spec 1 §7): a visitor without a
  // bearer token reads it with is_public=true and the chat's token; anyone else signs in.
  const authUnlessPublic: MiddlewareHandler<AppEnv> = (c, next) =>
    c.req.query("is_public") === "true" && !c.req.header("authorization") ? next() : auth[0](c, next);
  const db = ctx.database.db;
  const deps = qnaDeps(ctx);
  // POST /api/qna with execute_tool_call (spec 1 §7, `endpoints.chat.executeToolCall`): sends a
  // proposed e-mail; answers JSON.
  const execute: MiddlewareHandler<AppEnv> = async (c, next) => {
    let raw: unknown;
    try {
      raw = JSON.parse(await c.req.text());
    } catch {
      return next();
    }
    if (!isExecuteBody(raw)) return next();
    const parsed = endpoints.chat.executeToolCall.body.safeParse(raw);
    if (!parsed.success) throw validation(parsed.error.issues[0]?.message ?? "Invalid tool call.");
    return c.json(await executeToolCall({ db, mailer: ctx.mailer, log: ctx.log }, c.var.actor, parsed.data));
  };
  // ANSWER_STREAM_DELAY_MS (tests and demos only): a pause before each answer chunk, so a stream can be watched and stopped.
  const delayMs = ctx.config.ANSWER_STREAM_DELAY_MS;
  const slow = <T>(lines: AsyncGenerator<T>) => (delayMs ? slowLines(lines, delayMs) : lines);
  publicChatRoutes(r, auth, deps, slow);

  defineRoute(r, endpoints.chat.qna, [...auth, execute], async (c, { body }) => {
    try {
      const prepared = await prepareQna(deps, c.var.actor, body);
      return ndjsonResponse(slow(prepared.lines), prepared.abort, c.req.raw.signal);
    } catch (err) {
      if (err instanceof AppError)
        return c.text(err.message, err.status as 400, { [ANSWER_ERROR_HEADER]: answerErrorCode(err) });
      throw err;
    }
  });

  defineRoute(r, endpoints.chat.recordStoppedAnswer, auth, async (c, { body }) => {
    await service.recordStopped(db, c.var.actor, body);
    return c.json({ success: true as const });
  });

  defineRoute(r, endpoints.chat.recordSavedAnswer, auth, async (c, { body }) => {
    await service.recordSaved(db, c.var.actor, body);
    return c.json({ success: true as const });
  });

  defineRoute(r, endpoints.chat.createChat, auth, async (c, { body }) =>
    c.json({ chat_id: await service.createChat(db, c.var.actor, body), success: true as const }),
  );

  defineRoute(r, endpoints.chat.fetchChats, auth, async (c, { body }) =>
    c.json({ chats: await service.listChats(db, c.var.actor, body) }),
  );

  defineRoute(r, endpoints.chat.fetchHistory, [authUnlessPublic], async (c, { query }) =>
    c.json({
      chat_id: query.chat_id,
      session_data: await service.history(db, c.var.actor ?? null, query.chat_id, {
        isPublic: query.is_public === "true",
        token: query.token,
      }),
    }),
  );

  defineRoute(r, endpoints.chat.deleteChat, auth, async (c, { query }) => {
    await service.deleteChat(db, c.var.actor, query.chat_id);
    return c.json({ success: true as const });
  });

  defineRoute(r, endpoints.chat.deleteConversationHistory, auth, async (c, { query }) =>
    c.json({
      success: true as const,
      deleted: await service.deleteConversationHistory(db, c.var.actor, query.conversation_id),
    }),
  );

  defineRoute(r, endpoints.chat.updateContext, auth, async (c, { body }) => {
    await service.updateContext(db, c.var.actor, body);
    return c.json({ success: true as const });
  });

  defineRoute(r, endpoints.chat.getGenerationInstructions, auth, async (c) =>
    c.json({ generation_instructions: await service.generationInstructions(db, c.var.actor) }),
  );

  defineRoute(r, endpoints.chat.setGenerationInstructions, auth, async (c, { body }) => {
    await service.setGenerationInstructions(db, c.var.actor, body.generation_instructions);
    return c.json({ success: true as const, generation_instructions: body.generation_instructions });
  });
  return r;
}
