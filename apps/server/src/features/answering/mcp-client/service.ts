import crypto from "node:crypto";
import type { ToolSet } from "ai";
import { mcpMessages, type AddMcpServerInput, type McpServer } from "@mnemo/contracts/mcp";
import { zAddMcpServerInput } from "@mnemo/contracts/mcp";
import { agentTexts } from "@mnemo/contracts/stream";
import type { Actor } from "../../../platform/context.ts";
import type { Db } from "../../../platform/db/client.ts";
import type { Logger } from "../../../platform/logger.ts";
import { conflict, notFound, validation } from "../../../platform/lib/errors.ts";
import type { SecretBox } from "../../../platform/secrets/secret-box.ts";
import type { SafeFetchOptions } from "../../../platform/links/safe-fetch.ts";
import type { CitationBook } from "../agents/citations.ts";
import { passagesForModel } from "../agents/citations.ts";
import { connectMcp, type McpConnection, type McpTarget } from "./client.ts";
import * as repo from "./repo.ts";
import { pick } from "../../../platform/lib/pick.ts";

export type McpDeps = {
  db: Db;
  secrets: SecretBox;
  fetch: SafeFetchOptions;
  /** MCP_STDIO_ALLOW: the only stdio commands a user may add. */
  stdioAllow: readonly string[];
  /** MCP_TIMEOUT_MS: connecting, and each tool call. */
  timeoutMs: number;
  log: Logger;
};

/** The Account page's view of a server: never its headers or token. */
export function presentServer(r: repo.McpServerRow): McpServer {
  const listing = Array.isArray(r.tools) ? { tools: r.tools, cut: { tools: 0, descriptions: 0 } } : r.tools;
  return {
    ...pick(r, "id", "name", "target", "enabled"),
    tools: listing.tools,
    tools_truncated: listing.cut.tools,
    descriptions_truncated: listing.cut.descriptions,
    transport: r.transport === "stdio" ? "stdio" : "http",
    has_secret: Boolean(r.secret),
    last_error: r.lastError,
    checked_at: r.checkedAt?.toISOString() ?? null,
  };
}

function targetOf(deps: McpDeps, r: repo.McpServerRow): McpTarget {
  if (r.transport === "stdio") return { transport: "stdio", command: r.target };
  return { transport: "http", url: r.target, headers: r.secret ? deps.secrets.open(r.secret) : {} };
}

const connect = (deps: McpDeps, r: repo.McpServerRow) =>
  connectMcp(targetOf(deps, r), {
    fetch: deps.fetch,
    timeoutMs: deps.timeoutMs,
    timeoutMessage: (s) => agentTexts.mcpTimeout(r.name, s),
  });

/** Connects, lists the tools and stores the listing (or the failure) on the row. */
export async function testServer(deps: McpDeps, actor: Actor, id: string): Promise<McpServer> {
  const row = await repo.findServer(deps.db, actor.id, id);
  if (!row) throw notFound(mcpMessages.notFound);
  let patch: Parameters<typeof repo.updateServer>[2];
  try {
    const conn = await connect(deps, row);
    await conn.close();
    const tools = conn.tools.map((t) => ({ name: t.name, description: t.description }));
    // What was cut is kept with the listing, and said in the Account page's row.
    patch = {
      tools: conn.cut.tools || conn.cut.descriptions ? { tools, cut: conn.cut } : tools,
      lastError: null,
    };
  } catch (err) {
    patch = { lastError: (err as Error).message.slice(0, 500) };
  }
  return presentServer(await repo.updateServer(deps.db, row.id, { ...patch, checkedAt: new Date() }));
}

export async function addServer(deps: McpDeps, actor: Actor, raw: AddMcpServerInput): Promise<McpServer> {
  const input = zAddMcpServerInput.parse(raw);
  let target: string;
  let name = input.name;
  if (input.transport === "stdio") {
    if (!deps.stdioAllow.includes(input.command!)) throw validation(mcpMessages.stdioNotAllowed);
    target = input.command!;
    name ||= target.split(/\s+/)[0];
  } else {
    let url: URL;
    try {
      url = new URL(input.url!);
    } catch {
      throw validation(mcpMessages.invalidUrl);
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") throw validation(mcpMessages.invalidUrl);
    target = url.toString();
    name ||= url.hostname;
  }
  const headers: Record<string, string> = { ...input.headers };
  if (input.token) headers.authorization = `Bearer ${input.token}`;
  const created = await repo.insertServer(deps.db, {
    id: crypto.randomUUID(),
    ownerId: actor.id,
    name: name.slice(0, 100),
    transport: input.transport,
    target,
    secret: Object.keys(headers).length ? deps.secrets.seal(headers) : null,
  });
  if (!created) throw conflict(mcpMessages.duplicate);
  // "Add and test": a server whose test failed is not kept (the user fixes the URL or token and adds again).
  const tested = await testServer(deps, actor, created.id);
  if (tested.last_error) {
    await repo.deleteServer(deps.db, actor.id, created.id);
    throw validation(`${mcpMessages.testFailed} ${tested.last_error}`);
  }
  return tested;
}

export async function listServers(deps: McpDeps, actor: Actor) {
  return (await repo.listServers(deps.db, actor.id)).map(presentServer);
}

export async function setEnabled(deps: McpDeps, actor: Actor, id: string, enabled: boolean) {
  const row = await repo.findServer(deps.db, actor.id, id);
  if (!row) throw notFound(mcpMessages.notFound);
  return presentServer(await repo.updateServer(deps.db, row.id, { enabled }));
}

export async function removeServer(deps: McpDeps, actor: Actor, id: string) {
  if (!(await repo.deleteServer(deps.db, actor.id, id))) throw notFound(mcpMessages.notFound);
}

/** A tool name the model APIs accept (letters, digits, _ and -; at most 64). */
const toolKey = (server: string, tool: string) =>
  `mcp_${server
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .slice(0, 20)}_${tool.replace(/[^A-Za-z0-9_-]/g, "_")}`.slice(0, 64);

/**
 * The tools of the user's enabled MCP servers for one agent turn, as AI SDK tools (the servers'
 * JSON schemas); results are cited like memories. A server that fails to connect is left out with
 * a note (a thought line); `close` ends the connections when the turn ends.
 */
export async function mcpToolsFor(
  deps: McpDeps,
  actor: Actor,
  book: CitationBook,
): Promise<{ tools: ToolSet; notes: string[]; close: () => Promise<void> }> {
  const rows = (await repo.listServers(deps.db, actor.id)).filter((r) => r.enabled);
  if (!rows.length) return { tools: {}, notes: [], close: async () => {} };
  const { dynamicTool, jsonSchema } = await import("ai");
  const conns: McpConnection[] = [];
  const notes: string[] = [];
  const tools: ToolSet = {};
  await Promise.all(
    rows.map(async (r) => {
      let conn: McpConnection;
      try {
        conn = await connect(deps, r);
      } catch (err) {
        notes.push(`MCP ${r.name}: ${(err as Error).message}`);
        return;
      }
      conns.push(conn);
      for (const t of conn.tools) {
        tools[toolKey(r.name, t.name)] = dynamicTool({
          title: `MCP ${r.name} · ${t.name}`,
          description: `${t.description} (MCP server ${r.name})`.trim(),
          inputSchema: jsonSchema(t.inputSchema as Parameters<typeof jsonSchema>[0]),
          execute: async (args, { abortSignal }) => {
            const text = await conn.call(t.name, (args ?? {}) as Record<string, unknown>, abortSignal);
            const cited = book.cite([
              {
                sourceId: `mcp:${r.id}:${t.name}:${crypto.createHash("sha1").update(JSON.stringify(args)).digest("hex").slice(0, 12)}`,
                title: `${r.name} · ${t.name}`,
                text: text.slice(0, 4000),
                score: 0,
                type: "mcp",
                url: null,
              },
            ]);
            return passagesForModel(cited, "The tool returned nothing.");
          },
        });
      }
    }),
  );
  return { tools, notes, close: async () => void (await Promise.all(conns.map((c) => c.close()))) };
}
