import type { PlatformContext } from "../../../platform/context.ts";
import { linkFetchOptions } from "../../../platform/links/fetch-options.ts";
import type { McpDeps } from "./service.ts";

/** The MCP service's dependencies from the application context (one place for routes and chat). */
export function mcpDeps(ctx: Pick<PlatformContext, "database" | "secrets" | "config" | "log">): McpDeps {
  return {
    db: ctx.database.db,
    secrets: ctx.secrets,
    fetch: linkFetchOptions(ctx.config),
    stdioAllow: ctx.config.MCP_STDIO_ALLOW,
    timeoutMs: ctx.config.MCP_TIMEOUT_MS,
    log: ctx.log,
  };
}
