import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { mcpMessages, type McpServer, type McpServersResponse } from "@mnemo/contracts/mcp";
import { agentTexts } from "@mnemo/contracts/stream";
import { mcpServer } from "../../../platform/db/schema/index.ts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../../test/harness.ts";
import { startMcpPeer } from "../../../test/mcp-peer.ts";
import { startOpenAiPeer, toolResultsSinceUser, type OpenAiPeer } from "../../../test/openai-peer.ts";
import { ask } from "../chat/test-helpers.ts";

/**
 * Issue 16 item 5: MCP servers by URL (streamable HTTP with a token), tested against a real MCP
 * server built with the SDK; their tools are called by an agent and cited; a hanging server
 * times out with a clear thought line.
 */

const TOKEN = "mcp-test-token-123";
let mcp: Awaited<ReturnType<typeof startMcpPeer>>;
let model: OpenAiPeer;
beforeAll(async () => {
  mcp = await startMcpPeer(TOKEN);
  model = await startOpenAiPeer();
});
afterAll(async () => {
  await mcp?.close();
  await model?.close();
});
beforeEach(() => {
  model.requests.length = 0;
});

describe.each(testDatabases())("MCP servers on %s", (kind) => {
  let m: TestMnemo;
  beforeAll(async () => {
    m = await createTestMnemo(kind, {
      OPENAI_COMPATIBLE_BASE_URL: model.url,
      OPENAI_COMPATIBLE_MODELS: "scripted",
      OPENAI_COMPATIBLE_TOOLS: "true",
      FETCH_ALLOW_HOSTS: "127.0.0.1",
      MCP_TIMEOUT_MS: "1500",
    });
  });
  afterAll(async () => {
    await m?.close();
  });

  const add = (u: TestUser, body: unknown) => m.request("POST", "/api/mcp_servers", { as: u, json: body });
  const list = async (u: TestUser) =>
    (await (await m.request("GET", "/api/mcp_servers", { as: u })).json()) as McpServersResponse;

  it("adds a server by URL with a token, lists its tools, and keeps the token sealed and unreturned", async () => {
    const user = await m.buildUser();
    const res = await add(user, { url: mcp.url, token: TOKEN, name: "Stars" });
    expect(res.status).toBe(200);
    const server = (await res.json()) as McpServer;
    expect(server.last_error).toBeNull();
    expect(server.has_secret).toBe(true);
    expect(server.tools).toEqual([
      { name: "star_lookup", description: "Looks up facts about a star by name." },
      { name: "slow_probe", description: "A probe that never answers." },
    ]);
    const listed = await list(user);
    expect(JSON.stringify(listed)).not.toContain(TOKEN);
    const [row] = await m.ctx.database.db.select().from(mcpServer).where(eq(mcpServer.id, server.id));
    expect(row.secret).toBeTruthy();
    expect(row.secret).not.toContain(TOKEN);
    // The same URL twice is refused.
    expect((await add(user, { url: mcp.url, token: TOKEN })).status).toBe(409);
  });

  it("a wrong token is reported by the test; stdio commands must be allow-listed; bad URLs are refused", async () => {
    const user = await m.buildUser();
    // "Add and test" keeps no server whose test failed (issue 41).
    const bad = await add(user, { url: mcp.url, token: "wrong" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain(mcpMessages.testFailed);
    expect((await list(user)).servers).toEqual([]);
    const stdio = await add(user, { transport: "stdio", command: "rm -rf /" });
    expect(stdio.status).toBe(400);
    expect(await stdio.text()).toContain(mcpMessages.stdioNotAllowed);
    expect((await add(user, { url: "ftp://example.org/mcp" })).status).toBe(400);
    // Plain http to a host the operator did not allow is refused at test time.
    const other = await add(user, { url: "http://example.org/mcp" });
    expect(other.status).toBe(400);
    expect(await other.text()).toMatch(/https/);
    expect((await list(user)).servers).toEqual([]);
  });

  it("an agent calls an MCP tool and cites its result; a hanging tool times out with a clear thought", async () => {
    const user = await m.buildUser();
    await add(user, { url: mcp.url, token: TOKEN, name: "Stars" });
    model.script = (req) => {
      const names = (req.tools ?? []).map((t) => t.function.name);
      const lookup = names.find((n) => n.endsWith("star_lookup"))!;
      const slow = names.find((n) => n.endsWith("slow_probe"))!;
      const done = toolResultsSinceUser(req).length;
      if (done === 0) return { toolCalls: [{ name: lookup, args: { name: "Vega" } }] };
      if (done === 1) return { toolCalls: [{ name: slow, args: { q: "anything" } }] };
      return { text: "Vega is 25 light-years away [1]." };
    };
    const { item } = await ask(m, user, {
      question: "How far is Vega?",
      selected_generation_model: "research_agent",
    });
    expect(item.status).toBe("success");
    expect(mcp.calls.some((c) => c.tool === "star_lookup")).toBe(true);
    const cited = item.sources.results.find((r) => r.type === "mcp");
    expect(cited?.title).toBe("Stars · star_lookup");
    expect(cited?.citation).toBe(1);
    expect(item.response).toBe("Vega is 25 light-years away [1].");
    expect(item.toolSteps).toMatchObject([
      { name: expect.stringMatching(/star_lookup$/), status: "ok" },
      {
        name: expect.stringMatching(/slow_probe$/),
        status: "error",
        error: agentTexts.mcpTimeout("Stars", 1.5),
      },
    ]);
  });

  it("a disabled server gives agents no tools; only its owner may see, test, change or remove it", async () => {
    const owner = await m.buildUser();
    const eve = await m.buildUser();
    const server = (await (
      await add(owner, { url: mcp.url, token: TOKEN, name: "Stars" })
    ).json()) as McpServer;
    for (const [method, path, json] of [
      ["POST", `/api/mcp_servers/${server.id}/test`, undefined],
      ["PATCH", `/api/mcp_servers/${server.id}`, { enabled: false }],
      ["DELETE", `/api/mcp_servers/${server.id}`, undefined],
    ] as const) {
      expect((await m.request(method, path, { as: eve, json })).status).toBe(404);
      expect((await m.request(method, path, { json })).status).toBe(401);
    }
    expect((await list(eve)).servers).toEqual([]);
    const off = await m.request("PATCH", `/api/mcp_servers/${server.id}`, {
      as: owner,
      json: { enabled: false },
    });
    expect(((await off.json()) as McpServer).enabled).toBe(false);
    model.script = () => ({ text: "No MCP." });
    await ask(m, owner, { question: "How far is Vega?", selected_generation_model: "findr_agent" });
    expect(model.requests[0].tools?.some((t) => t.function.name.startsWith("mcp_"))).toBe(false);
    expect((await m.request("DELETE", `/api/mcp_servers/${server.id}`, { as: owner })).status).toBe(200);
    expect((await list(owner)).servers).toEqual([]);
  });
});
