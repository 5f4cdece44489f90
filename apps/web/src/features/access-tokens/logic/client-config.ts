import { MCP_PATH } from "@mnemo/contracts";

/** The MCP endpoint of this Mnemo, as clients reach it. */
export const mcpEndpoint = (origin: string) => `${origin.replace(/\/+$/, "")}${MCP_PATH}`;

/**
 * The JSON an MCP client takes to reach Mnemo over streamable HTTP with a bearer token: Cursor's
 * `mcp.json` reads it as is; Claude Desktop (which speaks stdio) through the `mcp-remote` bridge.
 */
export function clientConfig(client: "cursor" | "claude", origin: string, token: string): string {
  const url = mcpEndpoint(origin);
  const server =
    client === "cursor"
      ? { url, headers: { Authorization: `Bearer ${token}` } }
      : {
          command: "npx",
          args: ["-y", "mcp-remote", url, "--header", `Authorization: Bearer ${token}`],
        };
  return JSON.stringify({ mcpServers: { mnemo: server } }, null, 2);
}
