import { ACCESS_TOKEN_PREFIX, endpoints, mcpMessages } from "@mnemo/contracts";
import type { PlatformContext } from "../../../platform/context.ts";
import type { AppEnv } from "../../../platform/http/context.ts";
import { createRouter, defineRoute } from "../../../platform/http/route.ts";
import { publicOrigin } from "../../../platform/http/origin.ts";
import { AppError } from "../../../platform/lib/errors.ts";
import { hitSessionLimit, sessionKey } from "../../../platform/http/middleware/rate-limit.ts";
import type { WindowRule } from "../../../platform/rate-limits/rules.ts";
import { verifyToken } from "../../access-tokens/index.ts";
import { mcpDeps, type McpContext } from "./deps.ts";

/** What mcpServerRoutes uses of the application context. */
export type McpRouteDeps = McpContext & Pick<PlatformContext, "log">;

/** The JSON of a request body; malformed text is passed on for the MCP transport to refuse. */
function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const BEARER = /^Bearer\s+(\S{10,1024})$/;

/**
 * POST|GET|DELETE /api/mcp: Mnemo as an MCP server (streamable HTTP), authenticated by a
 * personal access token. The MCP SDK is imported on the first request (start-up memory).
 */
export function mcpServerRoutes(ctx: McpRouteDeps) {
  const r = createRouter<AppEnv>();
  const deps = mcpDeps(ctx);
  const db = ctx.database.db;
  let server: Promise<typeof import("./server.ts")> | undefined;

  for (const method of ["post", "get", "delete"] as const) {
    defineRoute(r, endpoints.mcp[method], [], async (c) => {
      const token = BEARER.exec((c.req.header("authorization") ?? "").trim())?.[1];
      const grant = token ? await verifyToken(db, token) : undefined;
      if (!grant) {
        // A token that looks like ours gets the reason; anything else the bare 401 of every route.
        if (token?.startsWith(ACCESS_TOKEN_PREFIX))
          throw new AppError("unauthorized", mcpMessages.revokedOrUnknownToken);
        throw new AppError("unauthorized");
      }
      const { handleMcpRequest } = await (server ??= import("./server.ts"));
      // The API's middleware has read the body already (Hono keeps the text): hand it over parsed.
      const body = method === "post" ? parsedJson(await c.req.text()) : undefined;
      // The tools' links point where the client reached the server (PUBLIC_URL, else the request's origin).
      // The tools' work counts against this token's limits (a saved link in the links limit, as on
      // /api/upload/web_pages; questions and searches in their own).
      const session = sessionKey(c)!;
      const linked = {
        ...deps,
        publicUrl: publicOrigin(ctx.config, c),
        limit: (rule: WindowRule) => hitSessionLimit(db, rule, session),
      };
      return handleMcpRequest(linked, grant, c.var.log, c.req.raw, body);
    });
  }
  return r;
}
