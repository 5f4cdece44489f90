import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { z } from "zod";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";

/**
 * TEST ONLY: a real MCP server built with the official SDK, over streamable HTTP (stateless), that
 * demands `Authorization: Bearer <token>`; over https when given a certificate. Tools: `star_lookup` answers a fact; `slow_probe` never
 * answers (a hanging server).
 */
export async function startMcpPeer(token: string, port = 0, tls?: { key: string; cert: string }) {
  const calls: { tool: string; args: unknown }[] = [];
  const build = () => {
    const server = new McpServer({ name: "mnemo-test-stars", version: "1.0.0" });
    server.registerTool(
      "star_lookup",
      { description: "Looks up facts about a star by name.", inputSchema: { name: z.string() } },
      async ({ name }) => {
        calls.push({ tool: "star_lookup", args: { name } });
        return { content: [{ type: "text", text: `${name} is 25 light-years away.` }] };
      },
    );
    server.registerTool(
      "slow_probe",
      { description: "A probe that never answers.", inputSchema: { q: z.string() } },
      async ({ q }) => {
        calls.push({ tool: "slow_probe", args: { q } });
        return new Promise<never>(() => {});
      },
    );
    return server;
  };
  const sockets = new Set<import("node:net").Socket>();
  const handler: http.RequestListener = async (req, res) => {
    if (req.headers.authorization !== `Bearer ${token}`) {
      res.writeHead(401, { "content-type": "application/json" }).end('{"error":"unauthorized"}');
      return;
    }
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    const mcp = build();
    res.on("close", () => void transport.close().then(() => mcp.close()));
    await mcp.connect(transport);
    await transport.handleRequest(req, res);
  };
  const server = tls ? https.createServer(tls, handler) : http.createServer(handler);
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  return {
    url: `${tls ? "https" : "http"}://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`,
    port: (server.address() as AddressInfo).port,
    calls,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}
