import type { PlatformContext } from "../../../platform/context.ts";
import type { WindowRule } from "../../../platform/rate-limits/rules.ts";
import type { QnaDeps } from "../chat/qna.ts";
import type { WebPageDeps } from "../../../core/sources/capture/web-pages-service.ts";
import { sourcesDeps, type SourcesContext, type SourcesDeps } from "../../../core/sources/service.ts";
import type { SearchIndex } from "../../../core/search/types.ts";
import type { ModelRegistry } from "../providers/registry.ts";
import type { WebSearchProvider } from "../providers/web-search.ts";

/** What the MCP tools use: the same services' dependencies as the web API's routes. */
export type McpDeps = {
  sources: SourcesDeps;
  qna: QnaDeps;
  webPages: WebPageDeps;
  /** Where users open the app: links back to memories and chats start here. */
  publicUrl: string;
  version: string;
  /**
   * Counts one hit of the request's access token under a rate-limit rule (throws the 429 error past
   * it): the tools meter their work as the web API's routes do. The routes set it per request.
   */
  limit: (rule: WindowRule) => Promise<void>;
};

/** The parts of the application context the MCP server is built from (bootstrap builds it once). */
export type McpContext = Pick<
  PlatformContext,
  "blobs" | "queue" | "config" | "log" | "publicUrl" | "version"
> &
  SourcesContext & {
    search: SearchIndex;
    models: ModelRegistry;
    webSearch?: WebSearchProvider;
  };

export function mcpDeps(ctx: McpContext): McpDeps {
  const db = ctx.database.db;
  return {
    sources: sourcesDeps(ctx),
    qna: { db, search: ctx.search, models: ctx.models, web: ctx.webSearch, log: ctx.log },
    webPages: ctx,
    publicUrl: ctx.publicUrl.replace(/\/+$/, ""),
    version: ctx.version,
    // Unmetered until a request names its token (mcpServerRoutes).
    limit: async () => {},
  };
}
