import type { Actor, PlatformContext } from "../../../platform/context.ts";
import type { SearchIndex } from "../../../core/search/types.ts";
import type { ModelRegistry } from "../providers/registry.ts";
import type { WebSearchProvider } from "../providers/web-search.ts";
import { createPage, markdownToBlocks } from "../../pages/index.ts";
import { mcpDeps } from "../mcp-client/deps.ts";
import { mcpToolsFor } from "../mcp-client/service.ts";
import type { QnaDeps } from "./qna.ts";
import type { WholeCollection } from "./whole.ts";
import { readFor } from "../../../platform/db/replicas.ts";

/** What answering a question is built from (bootstrap builds it once). */
export type QnaContext = Pick<
  PlatformContext,
  "database" | "log" | "config" | "mailer" | "secrets" | "queue"
> & {
  search: SearchIndex;
  models: ModelRegistry;
  webSearch?: WebSearchProvider;
  /** Whole-collection questions in chat (the brief feature, wired in app/http.ts). */
  wholeCollection?: WholeCollection;
};

/**
 * The agents' "save as memory" step: the drafted Markdown becomes a page memory, in no
 * collection, through the pages feature (so it is converted in the sandbox and indexed as any page).
 */
export function agentSaveMemory(ctx: QnaContext) {
  return async (actor: Actor, title: string, markdown: string) => {
    const blocks = await markdownToBlocks(markdown, ctx.config.PARSE_TIMEOUT_MS);
    return createPage(ctx, actor, { title, blocks, markdown, collections: [] });
  };
}

/** The answering service's dependencies: search, models, web, the user's MCP tools and the agents' steps. */
export function qnaDeps(ctx: QnaContext): QnaDeps {
  return {
    db: ctx.database.db,
    search: ctx.search,
    models: ctx.models,
    web: ctx.webSearch,
    log: ctx.log,
    canEmail: Boolean(ctx.mailer),
    mcp: (actor, book) => mcpToolsFor(mcpDeps(ctx), actor, book),
    saveMemory: agentSaveMemory(ctx),
    read: (actor, fn) => readFor(ctx.database, actor.id, fn),
    whole: ctx.wholeCollection,
  };
}
