import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serve, type ServerType } from "@hono/node-server";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { MCP_PATH, mcpMessages, type CreateAccessTokenResponse, type SourceList } from "@mnemo/contracts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../../test/harness.ts";
import { buildCollection, buildSource } from "../../../test/factories.ts";
import { waitUntil } from "../../../test/wait.ts";
import { startFixtureSite, type FixtureSite } from "../../../test/fixtures/sites/server.ts";

type TextResult = {
  content: { type: string; text: string }[];
  isError?: boolean;
  structuredContent?: unknown;
};

describe.each(testDatabases())("Mnemo as an MCP server, driven by the SDK's client (%s)", (kind) => {
  let m: TestMnemo;
  let server: ServerType;
  let site: FixtureSite;
  let base: string;
  let alice: TestUser;
  let bob: TestUser;
  let aliceNote: string;
  let bobSecret: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    site = await startFixtureSite();
    m = await createTestMnemo(kind, { FETCH_ALLOW_HOSTS: "127.0.0.1", FETCH_EXTRA_CA: site.caPath });
    server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: m.app.fetch, hostname: "127.0.0.1", port: 0 }, () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    alice = await m.buildUser();
    bob = await m.buildUser();
    aliceNote = await buildSource(m, alice, {
      title: "Lighthouse keeping",
      markdown:
        "# Lighthouse keeping\n\nThe keeper trimmed the lamp wicks every evening at dusk. The Fresnel lens was polished with rouge each morning.",
    });
    bobSecret = await buildSource(m, bob, {
      title: "Bob's private recipe",
      markdown: "# Bob's private recipe\n\nThe secret lighthouse sauce uses saffron and smoked paprika.",
    });
  }, 90_000);
  afterAll(async () => {
    for (const c of clients) await c.close().catch(() => {});
    await new Promise((r) => server?.close(r));
    await m?.close();
    await site?.close();
  });

  async function createToken(as: TestUser, scope: "read" | "write", name = `${scope} token`) {
    const res = await m.request("POST", "/api/user/access_tokens", { as, json: { name, scope } });
    expect(res.status).toBe(201);
    return (await res.json()) as CreateAccessTokenResponse;
  }

  async function connect(secret: string) {
    const client = new Client({ name: "mnemo-test", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(new URL(MCP_PATH, base), {
      requestInit: { headers: { authorization: `Bearer ${secret}` } },
    });
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  const call = async (client: Client, name: string, args: Record<string, unknown> = {}) =>
    (await client.callTool({ name, arguments: args })) as TextResult;

  it("lists its tools and searches only what the token's owner may read", async () => {
    const { secret } = await createToken(alice, "read");
    const client = await connect(secret);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      "ask",
      "list_collections",
      "save_memory",
      "search_memories",
    ]);

    const found = await call(client, "search_memories", { query: "lighthouse" });
    expect(found.isError).toBeFalsy();
    const results = (found.structuredContent as { results: { id: string; link: string }[] }).results;
    expect(results.map((r) => r.id)).toEqual([aliceNote]);
    // Without PUBLIC_URL the link points where the client reached the server, not localhost (issue 41).
    expect(results[0]!.link).toBe(`${base}/?preview=${aliceNote}`);
    expect(found.content[0]!.text).toContain("Lighthouse keeping");

    // Bob's memory is not reachable by Alice's token, through the resource either.
    await expect(client.readResource({ uri: `mnemo://memory/${bobSecret}` })).rejects.toThrow();
    const own = await client.readResource({ uri: `mnemo://memory/${aliceNote}` });
    expect((own.contents[0] as { text: string }).text).toContain("Fresnel lens was polished");
  });

  it("answers with the /qna engine: the answer cites the memory and links back to Mnemo", async () => {
    const { secret } = await createToken(alice, "read");
    const client = await connect(secret);
    const res = await call(client, "ask", { question: "How was the Fresnel lens polished?" });
    expect(res.isError).toBeFalsy();
    const answer = res.structuredContent as {
      answer: string;
      chat_link: string;
      citations: { id: string; link: string; citation: number; quote: string }[];
    };
    expect(answer.answer).toMatch(/rouge/);
    expect(answer.answer).toContain("[1]");
    expect(answer.citations[0]).toMatchObject({
      id: aliceNote,
      citation: 1,
      quote: "The Fresnel lens was polished with rouge each morning.",
    });
    // The link opens the memory at the cited passage.
    expect(answer.citations[0]!.link).toContain("&passage=");
    expect(answer.citations.map((c) => c.id)).not.toContain(bobSecret);
    expect(res.content[0]!.text).toContain(`/?preview=${aliceNote}`);
    // The conversation is kept in Mnemo, where the link opens it.
    const chatId = answer.chat_link.split("/chat/")[1]!;
    const chats = await m.request("POST", "/api/fetch_chats", { as: alice, json: {} });
    expect(JSON.stringify(await chats.json())).toContain(chatId);
  });

  it("lists the collections the user owns and those shared with them", async () => {
    const shared = await buildCollection(m, bob, { name: "Harbour notes", shareWith: [[alice, "read"]] });
    await buildCollection(m, bob, { name: "Bob only" });
    const { secret } = await createToken(alice, "read");
    const client = await connect(secret);
    const res = await call(client, "list_collections");
    const collections = (res.structuredContent as { collections: { id: string; name: string }[] })
      .collections;
    expect(collections.map((c) => c.name)).toEqual(["Harbour notes"]);
    expect(collections[0]!.id).toBe(shared);
  });

  it("saves a memory with a read-write token; it appears on the wall and is indexed", async () => {
    const { secret } = await createToken(alice, "write");
    const client = await connect(secret);
    const res = await call(client, "save_memory", {
      title: "Tide tables",
      text: "Spring tides come two days after the full moon in this harbour.",
      note: "from Claude",
    });
    expect(res.isError).toBeFalsy();
    const saved = res.structuredContent as { id: string; link: string };
    expect(saved.link).toContain(`/?preview=${saved.id}`);
    const wall = await m.request("GET", "/api/sources", { as: alice });
    const list = (await wall.json()) as SourceList;
    expect(list.results.map((s) => s.title)).toContain("Tide tables");
    await waitUntil("the saved memory is searchable", async () => {
      const found = await call(client, "search_memories", { query: "spring tides" });
      return (found.structuredContent as { results: { id: string }[] }).results.some(
        (r) => r.id === saved.id,
      );
    });
  });

  it("saves a link with the user's note: fetched, indexed and on the wall like Add link", async () => {
    const { secret } = await createToken(alice, "write");
    const client = await connect(secret);
    const res = await call(client, "save_memory", {
      link: `${site.origin}/articles/sourdough`,
      note: "for the bakery project",
    });
    expect(res.isError, res.content[0]?.text).toBeFalsy();
    const saved = res.structuredContent as { id: string };
    await waitUntil("the link is indexed", async () => {
      const wall = (await (await m.request("GET", "/api/sources", { as: alice })).json()) as SourceList;
      const s = wall.results.find((r) => r.id === saved.id);
      return s?.title === "The Sourdough Starter Handbook" && s.note === "for the bakery project" && s;
    });
  });

  it("saves into a collection only where the web app would (write role), like the web API", async () => {
    const readOnly = await buildCollection(m, bob, { name: "Bob reads", shareWith: [[alice, "read"]] });
    const writable = await buildCollection(m, bob, { name: "Bob writes", shareWith: [[alice, "write"]] });
    const { secret } = await createToken(alice, "write");
    const client = await connect(secret);
    const refused = await call(client, "save_memory", {
      text: "Mooring fees rise in spring.",
      collection_id: readOnly,
    });
    expect(refused.isError).toBe(true);
    expect(refused.content[0]!.text).toBe("Collection not found.");
    const ok = await call(client, "save_memory", {
      text: "Mooring fees rise in spring.",
      collection_id: writable,
    });
    expect(ok.isError, ok.content[0]?.text).toBeFalsy();
    const inside = await m.request("GET", `/api/collection/${writable}/sources`, { as: bob });
    expect(JSON.stringify(await inside.json())).toContain((ok.structuredContent as { id: string }).id);
  });

  it("refuses a write with a read-only token, with a clear MCP error", async () => {
    const { secret } = await createToken(alice, "read");
    const client = await connect(secret);
    const res = await call(client, "save_memory", { text: "should not be saved" });
    expect(res.isError).toBe(true);
    expect(res.content[0]!.text).toBe(mcpMessages.readOnlyToken);
    const wall = (await (await m.request("GET", "/api/sources", { as: alice })).json()) as SourceList;
    expect(wall.results.map((s) => s.title).join(" ")).not.toContain("should not be saved");
  });

  it("refuses a revoked token, shows when a token was last used, never returns a secret again", async () => {
    const { secret, token } = await createToken(alice, "read", "Cursor");
    const client = await connect(secret);
    await client.listTools();
    const list = await (await m.request("GET", "/api/user/access_tokens", { as: alice })).json();
    const mine = (list as { tokens: { id: string; last_used_at: string | null }[] }).tokens.find(
      (t) => t.id === token.id,
    );
    expect(mine?.last_used_at).not.toBeNull();
    expect(JSON.stringify(list)).not.toContain(secret);

    // Bob cannot revoke Alice's token.
    expect((await m.request("DELETE", `/api/user/access_tokens/${token.id}`, { as: bob })).status).toBe(404);
    expect((await m.request("DELETE", `/api/user/access_tokens/${token.id}`, { as: alice })).status).toBe(
      200,
    );
    await expect(call(client, "search_memories", { query: "lighthouse" })).rejects.toThrow(/unauthorized/);
    await expect(connect(secret)).rejects.toThrow(/unauthorized/);
    const raw = await fetch(new URL(MCP_PATH, base), {
      method: "POST",
      headers: {
        authorization: `Bearer ${secret}`,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    expect(raw.status).toBe(401);
    expect(await raw.json()).toMatchObject({
      error: "unauthorized",
      message: mcpMessages.revokedOrUnknownToken,
    });
  });

  it("does not take a session token, nor a personal access token on the web API", async () => {
    await expect(connect(alice.token)).rejects.toThrow(/unauthorized/);
    const { secret } = await createToken(alice, "write");
    const res = await m.request("GET", "/api/user/me", { headers: { authorization: `Bearer ${secret}` } });
    expect(res.status).toBe(401);
  });
});
