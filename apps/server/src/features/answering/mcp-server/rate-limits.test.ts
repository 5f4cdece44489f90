import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serve, type ServerType } from "@hono/node-server";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { MCP_PATH, type CreateAccessTokenResponse } from "@mnemo/contracts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../../test/harness.ts";
import { windowRules } from "../../../platform/rate-limits/rules.ts";
import { startFixtureSite, type FixtureSite } from "../../../test/fixtures/sites/server.ts";

type TextResult = { content: { type: string; text: string }[]; isError?: boolean };
const tooMany = /^Too many attempts\. Please try again in \d+ seconds\.$/;

/**
 * /api/mcp under per-token limits (issue 46): 65 save_memory calls in a second once all
 * succeeded past the 60-a-minute links limit of /api/upload/web_pages they save through, and
 * ask / search_memories were unbounded.
 */
describe.each(testDatabases())("MCP server rate limits (%s)", (kind) => {
  let m: TestMnemo;
  let server: ServerType;
  let site: FixtureSite;
  let base: string;
  let user: TestUser;
  const clients: Client[] = [];

  beforeAll(async () => {
    site = await startFixtureSite();
    m = await createTestMnemo(kind, { FETCH_ALLOW_HOSTS: "127.0.0.1", FETCH_EXTRA_CA: site.caPath });
    server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: m.app.fetch, hostname: "127.0.0.1", port: 0 }, () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    user = await m.buildUser();
  }, 90_000);
  afterAll(async () => {
    for (const c of clients) await c.close().catch(() => {});
    await new Promise((r) => server?.close(r));
    await m?.close();
    await site?.close();
  });

  async function token(scope: "read" | "write") {
    const res = await m.request("POST", "/api/user/access_tokens", {
      as: user,
      json: { name: scope, scope },
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as CreateAccessTokenResponse).secret;
  }
  async function connect(secret: string) {
    const client = new Client({ name: "mnemo-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(MCP_PATH, base), {
        requestInit: { headers: { authorization: `Bearer ${secret}` } },
      }),
    );
    clients.push(client);
    return client;
  }
  const call = async (client: Client, name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })) as TextResult;

  it("counts save_memory's links in the links limit of /api/upload/web_pages", async () => {
    const client = await connect(await token("write"));
    const rule = windowRules.linksPerSession;
    const results: TextResult[] = [];
    for (let i = 0; i <= rule.max + 4; i++)
      results.push(
        await call(client, "save_memory", { link: `${site.origin}/articles/sourdough?copy=${i}` }),
      );
    expect(results.slice(0, rule.max).filter((r) => r.isError)).toEqual([]);
    for (const r of results.slice(rule.max)) {
      expect(r.isError).toBe(true);
      expect(r.content[0]!.text).toMatch(tooMany);
    }
  }, 120_000);

  it("limits ask and search_memories per token; another token is not affected", async () => {
    const secret = await token("read");
    const client = await connect(secret);
    const searches: TextResult[] = [];
    for (let i = 0; i <= windowRules.mcpSearchPerToken.max; i++)
      searches.push(await call(client, "search_memories", { query: `sourdough ${i}` }));
    expect(searches.slice(0, -1).filter((r) => r.isError)).toEqual([]);
    expect(searches.at(-1)!.content[0]!.text).toMatch(tooMany);

    const asks: TextResult[] = [];
    for (let i = 0; i <= windowRules.mcpAskPerToken.max; i++)
      asks.push(await call(client, "ask", { question: `What is sourdough? (${i})` }));
    expect(asks.slice(0, -1).filter((r) => tooMany.test(r.content[0]?.text ?? ""))).toEqual([]);
    expect(asks.at(-1)!.isError).toBe(true);
    expect(asks.at(-1)!.content[0]!.text).toMatch(tooMany);

    const other = await connect(await token("read"));
    expect((await call(other, "search_memories", { query: "sourdough" })).isError).toBeFalsy();
  }, 180_000);

  it("answers 429 with Retry-After past the token's request limit on /api/mcp", async () => {
    const secret = await token("read");
    const list = () =>
      m.request("POST", MCP_PATH, {
        headers: {
          authorization: `Bearer ${secret}`,
          accept: "application/json, text/event-stream",
          "content-type": "application/json",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < windowRules.mcpPerToken.max; i++) statuses.push((await list()).status);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    const refused = await list();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  }, 120_000);
});
