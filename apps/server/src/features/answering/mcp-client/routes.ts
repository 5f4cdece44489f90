import { z } from "zod";
import {
  zAddMcpServerInput,
  zMcpServer,
  zMcpServersResponse,
  zUpdateMcpServerInput,
} from "@mnemo/contracts/mcp";
import type { PlatformContext } from "../../../platform/context.ts";
import type { AppEnv } from "../../../platform/http/context.ts";
import { createRouter, defineRoute } from "../../../platform/http/route.ts";
import { requireAuth, type RequireAuthDeps } from "../../../core/auth/middleware.ts";
import { mcpDeps } from "./deps.ts";
import * as service from "./service.ts";

const tag = "mcp";

/** What mcpClientRoutes uses of the application context (bootstrap.ts builds it once). */
export type McpRouteDeps = RequireAuthDeps & Pick<PlatformContext, "database" | "secrets" | "config" | "log">;

/** The user's MCP servers (spec 3 §2 Account route, anchor mcps; paths not shown in the spec). */
export function mcpClientRoutes(ctx: McpRouteDeps) {
  const r = createRouter<AppEnv>();
  const auth = [requireAuth(ctx)];
  const deps = mcpDeps(ctx);

  defineRoute(
    r,
    {
      method: "get",
      path: "/mcp_servers",
      summary: "The user's MCP servers with their tools (never their headers or token)",
      tag,
      response: zMcpServersResponse,
    },
    auth,
    async (c) =>
      c.json({ servers: await service.listServers(deps, c.var.actor), stdio_allowed: [...deps.stdioAllow] }),
  );
  defineRoute(
    r,
    {
      method: "post",
      path: "/mcp_servers",
      summary:
        "Add an MCP server (streamable HTTP URL with headers or token, or an allow-listed stdio command) and test it",
      tag,
      body: zAddMcpServerInput,
      response: zMcpServer,
    },
    auth,
    async (c, { body }) => c.json(await service.addServer(deps, c.var.actor, body)),
  );
  defineRoute(
    r,
    {
      method: "post",
      path: "/mcp_servers/:id/test",
      summary: "Connect to an MCP server and list its tools again",
      tag,
      response: zMcpServer,
    },
    auth,
    async (c) => c.json(await service.testServer(deps, c.var.actor, c.req.param("id")!)),
  );
  defineRoute(
    r,
    {
      method: "patch",
      path: "/mcp_servers/:id",
      summary: "Enable or disable an MCP server for agents",
      tag,
      body: zUpdateMcpServerInput,
      response: zMcpServer,
    },
    auth,
    async (c, { body }) =>
      c.json(await service.setEnabled(deps, c.var.actor, c.req.param("id")!, body.enabled)),
  );
  defineRoute(
    r,
    {
      method: "delete",
      path: "/mcp_servers/:id",
      summary: "Remove an MCP server",
      tag,
      response: z.object({ success: z.literal(true) }),
    },
    auth,
    async (c) => {
      await service.removeServer(deps, c.var.actor, c.req.param("id")!);
      return c.json({ success: true as const });
    },
  );
  return r;
}
