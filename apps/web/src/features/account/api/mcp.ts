import { z } from "zod";
import { zMcpServer, zMcpServersResponse, type AddMcpServerInput } from "@mnemo/contracts/mcp";
import { api } from "@/lib/api";

/** GET /api/mcp_servers: the user's MCP servers and the stdio commands the operator allows. */
export const listMcpServers = (signal?: AbortSignal) =>
  api.request("/api/mcp_servers", { schema: zMcpServersResponse, signal });

/** POST /api/mcp_servers: add a server and test it (the answer carries its tools or its error). */
export const addMcpServer = (body: AddMcpServerInput) =>
  api.request("/api/mcp_servers", { method: "POST", body, schema: zMcpServer });

/** POST /api/mcp_servers/{id}/test: connect again and list the tools. */
export const testMcpServer = (id: string) =>
  api.request(`/api/mcp_servers/${encodeURIComponent(id)}/test`, { method: "POST", schema: zMcpServer });

/** PATCH /api/mcp_servers/{id}: enable or disable for agents. */
export const setMcpServerEnabled = (id: string, enabled: boolean) =>
  api.request(`/api/mcp_servers/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body: { enabled },
    schema: zMcpServer,
  });

/** DELETE /api/mcp_servers/{id}. */
export const removeMcpServer = (id: string) =>
  api.request(`/api/mcp_servers/${encodeURIComponent(id)}`, {
    method: "DELETE",
    schema: z.object({ success: z.literal(true) }),
  });
