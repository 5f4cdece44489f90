import { zSuccess } from "../common.ts";
import { zAddMcpServerInput, zMcpServer, zMcpServersResponse, zUpdateMcpServerInput } from "../mcp.ts";
import { endpoint, type HttpMethod } from "./endpoint.ts";

const tag = "mcp";

const mcpEndpoint = <M extends HttpMethod>(method: M) =>
  endpoint({
    method,
    path: "/mcp",
    summary:
      "Model Context Protocol endpoint (streamable HTTP, stateless): tools search_memories, ask, save_memory, list_collections; resource mnemo://memory/{id}. Bearer: a personal access token.",
    tag,
    responseDescription: "JSON-RPC messages (MCP)",
  });

/**
 * POST|GET|DELETE /api/mcp: Mnemo as an MCP server (streamable HTTP), authenticated by a personal
 * access token (the route checks it itself; MCP clients call it, not this app's clients).
 */
export const mcp = {
  post: mcpEndpoint("post"),
  get: mcpEndpoint("get"),
  delete: mcpEndpoint("delete"),
};

/** The user's MCP servers, which agents use as tools (spec 3 §2 Account route, anchor mcps). */
export const mcpServers = {
  list: endpoint({
    method: "get",
    path: "/mcp_servers",
    summary: "The user's MCP servers with their tools (never their headers or token)",
    tag,
    response: zMcpServersResponse,
  }),
  add: endpoint({
    method: "post",
    path: "/mcp_servers",
    summary:
      "Add an MCP server (streamable HTTP URL with headers or token, or an allow-listed stdio command) and test it",
    tag,
    body: zAddMcpServerInput,
    response: zMcpServer,
  }),
  test: endpoint({
    method: "post",
    path: "/mcp_servers/:id/test",
    summary: "Connect to an MCP server and list its tools again",
    tag,
    response: zMcpServer,
  }),
  update: endpoint({
    method: "patch",
    path: "/mcp_servers/:id",
    summary: "Enable or disable an MCP server for agents",
    tag,
    body: zUpdateMcpServerInput,
    response: zMcpServer,
  }),
  remove: endpoint({
    method: "delete",
    path: "/mcp_servers/:id",
    summary: "Remove an MCP server",
    tag,
    response: zSuccess,
  }),
};
