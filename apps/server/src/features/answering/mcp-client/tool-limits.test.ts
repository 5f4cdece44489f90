import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { McpServer as SdkServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { mcpMessages, type McpServer, type McpServersResponse } from "@mnemo/contracts/mcp";
import { createTestMnemo, testDatabases, type TestMnemo } from "../../../test/harness.ts";
import { connectMcp, mcpToolLimits } from "./client.ts";

/**
 * An MCP server's tool list is bounded (issue 46): 3,000 tools with 2 KB descriptions once made a
 * 6.2 MB row returned by every GET /api/mcp_servers and handed whole to the model each agent turn.
 */
const TOOLS = 3000;
const description = (i: number) =>
  `Tool ${i} of the sprawling server. ${"Lorem ipsum dolor sit amet. ".repeat(75)}`;

let peer: http.Server;
let url: string;
beforeAll(async () => {
  peer = http.createServer(async (req, res) => {
    const server = new SdkServer({ name: "sprawl", version: "1.0.0" });
    for (let i = 0; i < TOOLS; i++)
      server.registerTool(
        `tool_${i}`,
        { description: description(i), inputSchema: { q: z.string() } },
        async () => ({
          content: [{ type: "text", text: `tool ${i}` }],
        }),
      );
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on("close", () => void transport.close().then(() => server.close()));
    await server.connect(transport);
    await transport.handleRequest(req, res);
  });
  await new Promise<void>((r) => peer.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(peer.address() as AddressInfo).port}/mcp`;
});
afterAll(async () => {
  peer.closeAllConnections();
  await new Promise((r) => peer.close(r));
});

describe("an MCP server's tool list is bounded", () => {
  it("connecting keeps the first tools, descriptions cut, and says what was cut (what an agent turn gets)", async () => {
    expect(description(0).length).toBeGreaterThan(2000);
    const conn = await connectMcp(
      { transport: "http", url, headers: {} },
      {
        fetch: { allowHosts: ["127.0.0.1"] },
        timeoutMs: 20_000,
        timeoutMessage: (s) => `timed out after ${s} s`,
      },
    );
    try {
      expect(conn.tools).toHaveLength(mcpToolLimits.maxTools);
      expect(conn.tools[0]!.name).toBe("tool_0");
      expect(Math.max(...conn.tools.map((t) => t.description.length))).toBeLessThanOrEqual(
        mcpToolLimits.maxDescription,
      );
      expect(conn.cut).toEqual({
        tools: TOOLS - mcpToolLimits.maxTools,
        descriptions: mcpToolLimits.maxTools,
      });
    } finally {
      await conn.close();
    }
  }, 60_000);
});

describe.each(testDatabases())("the Account page's MCP servers (%s)", (kind) => {
  let m: TestMnemo;
  beforeAll(async () => {
    m = await createTestMnemo(kind, { FETCH_ALLOW_HOSTS: "127.0.0.1", MCP_TIMEOUT_MS: "20000" });
  });
  afterAll(async () => {
    await m?.close();
  });

  it("stores and returns the bounded list, with what was cut", async () => {
    const user = await m.buildUser();
    const added = await m.request("POST", "/api/mcp_servers", { as: user, json: { url, name: "Sprawl" } });
    expect(added.status).toBe(200);
    const server = (await added.json()) as McpServer;
    expect(server).toMatchObject({
      last_error: null,
      tools_truncated: TOOLS - mcpToolLimits.maxTools,
      descriptions_truncated: mcpToolLimits.maxTools,
    });
    expect(server.tools).toHaveLength(mcpToolLimits.maxTools);
    const res = await m.request("GET", "/api/mcp_servers", { as: user });
    const text = await res.text();
    // 6.2 MB before; now the 50 tools kept, about 50 KB.
    expect(text.length).toBeLessThan(64_000);
    const [listed] = (JSON.parse(text) as McpServersResponse).servers;
    expect(listed).toMatchObject({ tools_truncated: 2950, descriptions_truncated: 50 });
    expect(
      mcpMessages.toolsTruncated({
        kept: 50,
        omitted: listed!.tools_truncated,
        shortened: listed!.descriptions_truncated,
      }),
    ).toBe("Showing 50 of 3,000 tools: agents use only these. 50 long descriptions were shortened.");
  }, 90_000);
});
