import { endpoints } from "@mnemo/contracts";
import type { AddMcpServerInput } from "@mnemo/contracts/mcp";
import { api } from "@/lib/api";

/** GET /api/mcp_servers: the user's MCP servers and the stdio commands the operator allows. */
export const listMcpServers = (signal?: AbortSignal) => api.request(endpoints.mcpServers.list, { signal });

/** POST /api/mcp_servers: add a server and test it (the answer carries its tools or its error). */
export const addMcpServer = (body: AddMcpServerInput) => api.request(endpoints.mcpServers.add, { body });

/** POST /api/mcp_servers/{id}/test: connect again and list the tools. */
export const testMcpServer = (id: string) => api.request(endpoints.mcpServers.test, { params: { id } });

/** PATCH /api/mcp_servers/{id}: enable or disable for agents. */
export const setMcpServerEnabled = (id: string, enabled: boolean) =>
  api.request(endpoints.mcpServers.update, { params: { id }, body: { enabled } });

/** DELETE /api/mcp_servers/{id}. */
export const removeMcpServer = (id: string) => api.request(endpoints.mcpServers.remove, { params: { id } });
