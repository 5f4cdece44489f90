import type { AppContext } from "../context.ts";
import type { QnaDeps } from "../../features/answering/chat/qna.ts";
import { enqueueExtract } from "../../core/sources/capture/enqueue.ts";
import type { WebPageDeps } from "../../core/sources/capture/web-pages-service.ts";
import type { SourcesDeps } from "../../core/sources/service.ts";

/** What the MCP tools use: the same services' dependencies as the web API's routes. */
export type McpDeps = {
  sources: SourcesDeps;
  qna: QnaDeps;
  webPages: WebPageDeps;
  /** Where users open the app: links back to memories and chats start here. */
  publicUrl: string;
  version: string;
};

/** The parts of the application context the MCP server is built from (bootstrap builds it once). */
export type McpContext = Pick<
  AppContext,
  | "database"
  | "search"
  | "memorySearch"
  | "models"
  | "webSearch"
  | "blobs"
  | "queue"
  | "config"
  | "log"
  | "publicUrl"
  | "version"
>;

export function mcpDeps(ctx: McpContext): McpDeps {
  const db = ctx.database.db;
  return {
    sources: {
      db,
      search: ctx.memorySearch,
      trigram: ctx.database.capabilities.pg_trgm,
      blobs: () => ctx.blobs,
      enqueueExtract: (id, version) => enqueueExtract(ctx, id, version),
    },
    qna: { db, search: ctx.search, models: ctx.models, web: ctx.webSearch, log: ctx.log },
    webPages: ctx,
    publicUrl: ctx.publicUrl.replace(/\/+$/, ""),
    version: ctx.version,
  };
}
