import type { MiddlewareHandler } from "hono";
import { z } from "zod";
import {
  zChatHistoryQuery,
  zChatHistoryResponse,
  zChatIdQuery,
  zChatRequest,
  zConversationQuery,
  zCreateChatInput,
  zCreateChatResponse,
  zFetchChatsInput,
  zFetchChatsResponse,
  zGenerationInstructions,
  zSavedAnswerInput,
  zStoppedAnswerInput,
  zUpdateContextInput,
  zExecuteToolCallInput,
} from "@mnemo/contracts/chat";
import type { PlatformContext } from "../../../platform/context.ts";
import type { SearchIndex } from "../../../core/search/types.ts";
import type { ModelRegistry } from "../providers/registry.ts";
import type { WebSearchProvider } from "../providers/web-search.ts";
import type { AppEnv } from "../../../platform/http/context.ts";
import { createRouter, defineRoute } from "../../../platform/http/route.ts";
import { requireAuth, type RequireAuthDeps } from "../../../core/auth/middleware.ts";
import { AppError } from "../../../platform/lib/errors.ts";
import { ANSWER_ERROR_HEADER } from "@mnemo/contracts/stream";
import { answerErrorCode } from "./answer-error.ts";
import { ndjsonResponse, slowLines } from "./ndjson.ts";
import { publicChatRoutes } from "./public-routes.ts";
import { prepareQna, type QnaDeps } from "./qna.ts";
import * as service from "./service.ts";
import { executeToolCall, isExecuteBody } from "./tool-call.ts";
import { validation } from "../../../platform/lib/errors.ts";
import { mcpDeps } from "../mcp-client/deps.ts";
import { markdownToBlocks } from "../../pages/index.ts";
import { createPage } from "../../pages/index.ts";
import { mcpToolsFor } from "../mcp-client/service.ts";

const zOk = z.object({ success: z.literal(true) });

/** What chatRoutes uses of the application context (bootstrap.ts builds it once). */
export type ChatRouteDeps = RequireAuthDeps &
  Pick<PlatformContext, "database" | "log" | "config" | "mailer" | "secrets" | "queue"> & {
    search: SearchIndex;
    models: ModelRegistry;
    webSearch?: WebSearchProvider;
  };

/** POST /api/qna (streamed answers) and the chat history calls of spec 1 §7. */
export function chatRoutes(ctx: ChatRouteDeps) {
  const r = createRouter<AppEnv>();
  const auth = [requireAuth(ctx)];
  // The public variant of the history call is unprotected (spec 1 §7): a visitor without a
  // bearer token reads it with is_public=true and the chat's token; anyone else signs in.
  const authUnlessPublic: MiddlewareHandler<AppEnv> = (c, next) =>
    c.req.query("is_public") === "true" && !c.req.header("authorization") ? next() : auth[0](c, next);
  const db = ctx.database.db;
  const deps: QnaDeps = {
    db,
    search: ctx.search,
    models: ctx.models,
    web: ctx.webSearch,
    log: ctx.log,
    canEmail: Boolean(ctx.mailer),
    mcp: (actor, book) => mcpToolsFor(mcpDeps(ctx), actor, book),
    saveMemory: async (actor, title, markdown) => {
      const blocks = await markdownToBlocks(markdown, ctx.config.PARSE_TIMEOUT_MS);
      return createPage(ctx, actor, { title, blocks, markdown, collections: [] });
    },
  };
  // POST /api/qna with execute_tool_call (spec 1 §7): sends a proposed e-mail; answers JSON.
  const execute: MiddlewareHandler<AppEnv> = async (c, next) => {
    let raw: unknown;
    try {
      raw = JSON.parse(await c.req.text());
    } catch {
      return next();
    }
    if (!isExecuteBody(raw)) return next();
    const parsed = zExecuteToolCallInput.safeParse(raw);
    if (!parsed.success) throw validation(parsed.error.issues[0]?.message ?? "Invalid tool call.");
    return c.json(await executeToolCall({ db, mailer: ctx.mailer, log: ctx.log }, c.var.actor, parsed.data));
  };
  // ANSWER_STREAM_DELAY_MS (tests and demos only): a pause before each answer chunk, so a stream can be watched and stopped.
  const delayMs = ctx.config.ANSWER_STREAM_DELAY_MS;
  const slow = <T>(lines: AsyncGenerator<T>) => (delayMs ? slowLines(lines, delayMs) : lines);
  publicChatRoutes(r, auth, deps, slow);

  defineRoute(
    r,
    {
      method: "post",
      path: "/qna",
      summary:
        "Ask a question; the answer streams as NDJSON lines (sources, chunks, follow-ups, end_of_data). With execute_tool_call: true (body chat_id, tool_call_config, tool_call_index) it sends the turn's proposed e-mail and answers JSON { success, message }",
      tag: "chat",
      body: zChatRequest,
      contentType: "application/x-ndjson",
      responseDescription:
        "One JSON object per line (see the stream line schema in contracts); a failure before streaming answers non-200 with the error text as body.",
    },
    [...auth, execute],
    async (c, { body }) => {
      try {
        const prepared = await prepareQna(deps, c.var.actor, body);
        return ndjsonResponse(slow(prepared.lines), prepared.abort, c.req.raw.signal);
      } catch (err) {
        if (err instanceof AppError)
          return c.text(err.message, err.status as 400, { [ANSWER_ERROR_HEADER]: answerErrorCode(err) });
        throw err;
      }
    },
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/record_stopped_answer",
      summary:
        "Store a stopped answer exactly as the client showed it at Stop (the shown text must begin the generated one)",
      tag: "chat",
      body: zStoppedAnswerInput,
      response: zOk,
    },
    auth,
    async (c, { body }) => {
      await service.recordStopped(db, c.var.actor, body);
      return c.json({ success: true as const });
    },
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/record_saved_answer",
      summary: "Remember that a turn's answer was saved as one of the user's memories (the Saved state)",
      tag: "chat",
      body: zSavedAnswerInput,
      response: zOk,
    },
    auth,
    async (c, { body }) => {
      await service.recordSaved(db, c.var.actor, body);
      return c.json({ success: true as const });
    },
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/create_chat",
      summary: "Create a chat with its context",
      tag: "chat",
      body: zCreateChatInput,
      response: zCreateChatResponse,
    },
    auth,
    async (c, { body }) =>
      c.json({ chat_id: await service.createChat(db, c.var.actor, body), success: true as const }),
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/fetch_chats",
      summary: "The signed-in user's chats, newest first",
      tag: "chat",
      body: zFetchChatsInput,
      response: zFetchChatsResponse,
    },
    auth,
    async (c, { body }) => c.json({ chats: await service.listChats(db, c.var.actor, body) }),
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/fetch_user_chat_history",
      summary:
        "Saved session records of one chat (with is_public=true and the chat's token, no sign-in needed)",
      tag: "chat",
      auth: false,
      query: zChatHistoryQuery,
      response: zChatHistoryResponse,
    },
    [authUnlessPublic],
    async (c, { query }) =>
      c.json({
        chat_id: query.chat_id,
        session_data: await service.history(db, c.var.actor ?? null, query.chat_id, {
          isPublic: query.is_public === "true",
          token: query.token,
        }),
      }),
  );

  defineRoute(
    r,
    {
      method: "delete",
      path: "/delete_chat",
      summary: "Delete a chat and its turns",
      tag: "chat",
      query: zChatIdQuery,
      response: zOk,
    },
    auth,
    async (c, { query }) => {
      await service.deleteChat(db, c.var.actor, query.chat_id);
      return c.json({ success: true as const });
    },
  );

  defineRoute(
    r,
    {
      method: "delete",
      path: "/delete_conversation_history",
      summary: "Clear one conversation's turns, or all of the user's",
      tag: "chat",
      query: zConversationQuery,
    },
    auth,
    async (c, { query }) =>
      c.json({
        success: true as const,
        deleted: await service.deleteConversationHistory(db, c.var.actor, query.conversation_id),
      }),
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/update_context",
      summary: "Replace a chat's context (memories and collections)",
      tag: "chat",
      body: zUpdateContextInput,
      response: zOk,
    },
    auth,
    async (c, { body }) => {
      await service.updateContext(db, c.var.actor, body);
      return c.json({ success: true as const });
    },
  );

  defineRoute(
    r,
    {
      method: "get",
      path: "/user_generation_instructions",
      summary: "The user's generation instructions",
      tag: "chat",
      response: zGenerationInstructions,
    },
    auth,
    async (c) => c.json({ generation_instructions: await service.generationInstructions(db, c.var.actor) }),
  );

  defineRoute(
    r,
    {
      method: "post",
      path: "/user_generation_instructions",
      summary: "Save the user's generation instructions",
      tag: "chat",
      body: zGenerationInstructions,
    },
    auth,
    async (c, { body }) => {
      await service.setGenerationInstructions(db, c.var.actor, body.generation_instructions);
      return c.json({ success: true as const, generation_instructions: body.generation_instructions });
    },
  );
  return r;
}
