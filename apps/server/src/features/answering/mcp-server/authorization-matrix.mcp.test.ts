import crypto from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serve, type ServerType } from "@hono/node-server";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { MCP_PATH, type CreateAccessTokenResponse, type SourceList } from "@mnemo/contracts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../../test/harness.ts";
import { buildCollection, buildSource } from "../../../test/factories.ts";

/**
 * The MCP server's rows of the authorization matrix (issue 22: "every tool is scoped exactly like
 * the web API"). Each actor holds a personal access token; every tool and the memory resource is
 * called on the owner's objects. Expected outcomes:
 * - `ok`: answered, and the owner's marked text is in the answer;
 * - `refused`: an MCP error, and nothing of the owner's in it;
 * - `hidden`: answered, without anything of the owner's (a search over the actor's own memories).
 * A refused write must change nothing. A tool the server lists without a row fails the matrix.
 */
const actors = ["stranger", "read", "write", "ownerReadOnly", "owner"] as const;
type Actor = (typeof actors)[number];
type Outcome = "ok" | "refused" | "hidden";

type Fixture = {
  collectionId: string;
  /** In the shared collection; its marker word is in its text. */
  sharedMemory: string;
  sharedMarker: string;
  /** The owner's, in no collection. */
  privateMemory: string;
  privateMarker: string;
};

type Row = {
  name: string;
  /** A tool name, or "resource" for mnemo://memory/{id}. */
  tool: string;
  args: (f: Fixture) => Record<string, unknown>;
  /** The text an `ok` answer must contain and a refused/hidden one must not. */
  marker: (f: Fixture) => string;
  expect: Record<Actor, Outcome>;
  /** A write: a refusal must leave the collection's memories as they were. */
  writes?: boolean;
};

const rows: Row[] = [
  {
    name: "read a shared memory's text (resource)",
    tool: "resource",
    args: (f) => ({ uri: `mnemo://memory/${f.sharedMemory}` }),
    marker: (f) => f.sharedMarker,
    expect: { stranger: "refused", read: "ok", write: "ok", ownerReadOnly: "ok", owner: "ok" },
  },
  {
    name: "read a private memory's text (resource)",
    tool: "resource",
    args: (f) => ({ uri: `mnemo://memory/${f.privateMemory}` }),
    marker: (f) => f.privateMarker,
    expect: { stranger: "refused", read: "refused", write: "refused", ownerReadOnly: "ok", owner: "ok" },
  },
  {
    name: "search_memories inside the shared collection",
    tool: "search_memories",
    args: (f) => ({ query: f.sharedMarker, collection_id: f.collectionId }),
    marker: (f) => f.sharedMemory,
    // As POST /api/sources/search with collection_id: answered, with nothing a non-member may not read.
    expect: { stranger: "hidden", read: "ok", write: "ok", ownerReadOnly: "ok", owner: "ok" },
  },
  {
    name: "search_memories over everything for the private memory",
    tool: "search_memories",
    args: (f) => ({ query: f.privateMarker }),
    marker: (f) => f.privateMemory,
    expect: { stranger: "hidden", read: "hidden", write: "hidden", ownerReadOnly: "ok", owner: "ok" },
  },
  {
    name: "ask inside the shared collection",
    tool: "ask",
    args: (f) => ({ question: `What is the ${f.sharedMarker} kept in?`, collection_id: f.collectionId }),
    marker: (f) => f.sharedMemory,
    expect: { stranger: "refused", read: "ok", write: "ok", ownerReadOnly: "ok", owner: "ok" },
  },
  {
    name: "ask over everything about the private memory",
    tool: "ask",
    args: (f) => ({ question: `What is the ${f.privateMarker} kept in?` }),
    marker: (f) => f.privateMemory,
    expect: { stranger: "hidden", read: "hidden", write: "hidden", ownerReadOnly: "ok", owner: "ok" },
  },
  {
    name: "save_memory into the shared collection",
    tool: "save_memory",
    args: (f) => ({ text: `Saved by MCP into ${f.collectionId}.`, collection_id: f.collectionId }),
    marker: () => "",
    expect: { stranger: "refused", read: "refused", write: "ok", ownerReadOnly: "refused", owner: "ok" },
    writes: true,
  },
  {
    name: "list_collections shows the shared collection to its members only",
    tool: "list_collections",
    args: () => ({}),
    marker: (f) => f.collectionId,
    expect: { stranger: "hidden", read: "ok", write: "ok", ownerReadOnly: "ok", owner: "ok" },
  },
];

describe.each(testDatabases())("MCP authorization matrix on %s", (kind) => {
  let m: TestMnemo;
  let server: ServerType;
  let base: string;
  const users = {} as Record<"stranger" | "read" | "write" | "owner", TestUser>;
  const secrets = {} as Record<Actor, string>;
  let f: Fixture;
  const clients: Client[] = [];

  async function createToken(as: TestUser, scope: "read" | "write") {
    const res = await m.request("POST", "/api/user/access_tokens", {
      as,
      json: { name: `matrix ${scope}`, scope },
    });
    expect(res.status).toBe(201);
    return (await res.json()) as CreateAccessTokenResponse;
  }

  async function connect(secret: string) {
    const client = new Client({ name: "mnemo-matrix", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(MCP_PATH, base), {
        requestInit: { headers: { authorization: `Bearer ${secret}` } },
      }),
    );
    clients.push(client);
    return client;
  }

  const collectionMemories = async () => {
    const res = await m.request("GET", `/api/collection/${f.collectionId}/sources`, { as: users.owner });
    return ((await res.json()) as SourceList).results.map((s) => s.id).sort();
  };

  beforeAll(async () => {
    m = await createTestMnemo(kind);
    server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: m.app.fetch, hostname: "127.0.0.1", port: 0 }, () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    for (const who of ["stranger", "read", "write", "owner"] as const) users[who] = await m.buildUser();
    // Marker words unique to this run, so a search or an answer finds them only in these memories.
    const word = () => `qz${crypto.randomBytes(4).toString("hex")}`;
    const sharedMarker = word();
    const privateMarker = word();
    const sharedMemory = await buildSource(m, users.owner, {
      title: `Harbour log ${sharedMarker}`,
      markdown: `# Harbour log\n\nThe ${sharedMarker} is kept in the north boathouse by the slipway.`,
    });
    const privateMemory = await buildSource(m, users.owner, {
      title: `Diary ${privateMarker}`,
      markdown: `# Diary\n\nThe ${privateMarker} is kept in the locked drawer of the study.`,
    });
    const collectionId = await buildCollection(m, users.owner, {
      name: "Harbour",
      shareWith: [
        [users.read, "read"],
        [users.write, "write"],
      ],
      sources: [sharedMemory],
    });
    f = { collectionId, sharedMemory, sharedMarker, privateMemory, privateMarker };
    secrets.stranger = (await createToken(users.stranger, "write")).secret;
    secrets.read = (await createToken(users.read, "write")).secret;
    secrets.write = (await createToken(users.write, "write")).secret;
    secrets.ownerReadOnly = (await createToken(users.owner, "read")).secret;
    secrets.owner = (await createToken(users.owner, "write")).secret;
  }, 90_000);

  afterAll(async () => {
    for (const c of clients) await c.close().catch(() => {});
    await new Promise((r) => server?.close(r));
    await m?.close();
  });

  it("has a row for every tool and resource the server offers", async () => {
    const client = await connect(secrets.owner);
    const { tools } = await client.listTools();
    const covered = new Set(rows.map((r) => r.tool));
    expect(tools.map((t) => t.name).filter((t) => !covered.has(t))).toEqual([]);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(["mnemo://memory/{id}"]);
  });

  /** The answer as text (content and structured), or the error it was refused with. */
  async function run(client: Client, row: Row): Promise<{ refused: boolean; text: string }> {
    try {
      if (row.tool === "resource") {
        const res = await client.readResource({ uri: row.args(f).uri as string });
        return { refused: false, text: JSON.stringify(res.contents) };
      }
      const res = (await client.callTool({ name: row.tool, arguments: row.args(f) })) as {
        isError?: boolean;
        content: unknown;
        structuredContent?: unknown;
      };
      return { refused: res.isError === true, text: JSON.stringify([res.content, res.structuredContent]) };
    } catch (err) {
      return { refused: true, text: String(err) };
    }
  }

  for (const row of rows)
    for (const actor of actors)
      it(`${row.name} as ${actor}: ${row.expect[actor]}`, async () => {
        const before = row.writes ? await collectionMemories() : [];
        const client = await connect(secrets[actor]);
        const { refused, text } = await run(client, row);
        const outcome = row.expect[actor];
        const marker = row.marker(f);
        if (outcome === "refused") {
          expect(refused, text).toBe(true);
          if (row.writes) expect(await collectionMemories()).toEqual(before);
        } else {
          expect(refused, text).toBe(false);
          if (outcome === "ok" && row.writes)
            expect((await collectionMemories()).length).toBe(before.length + 1);
        }
        if (marker) {
          if (outcome === "ok") expect(text).toContain(marker);
          else expect(text).not.toContain(marker);
        }
      });

  it("the token routes are the actor's own: list, create and revoke", async () => {
    for (const [method, url] of [
      ["GET", "/api/user/access_tokens"],
      ["POST", "/api/user/access_tokens"],
      ["DELETE", `/api/user/access_tokens/${crypto.randomUUID()}`],
    ] as const)
      expect(
        (await m.request(method, url, method === "POST" ? { json: { name: "x", scope: "read" } } : {}))
          .status,
      ).toBe(401);
    const { token } = await createToken(users.owner, "read");
    const strangers = await m.request("GET", "/api/user/access_tokens", { as: users.stranger });
    expect(JSON.stringify(await strangers.json())).not.toContain(token.id);
    expect(
      (await m.request("DELETE", `/api/user/access_tokens/${token.id}`, { as: users.stranger })).status,
    ).toBe(404);
    const owners = await m.request("GET", "/api/user/access_tokens", { as: users.owner });
    expect(JSON.stringify(await owners.json())).toContain(token.id);
  });
});
