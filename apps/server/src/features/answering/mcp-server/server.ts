import { McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { z } from "zod";
import type { Logger } from "../../../platform/logger.ts";
import { AppError } from "../../../platform/lib/errors.ts";
import type { TokenGrant } from "../../access-tokens/index.ts";
import type { McpDeps } from "./deps.ts";
import {
  askTool,
  listCollectionsTool,
  memoryLink,
  memoryText,
  saveMemoryTool,
  searchMemoriesTool,
} from "./tools.ts";

/**
 * Mnemo's MCP server (the SDK is heavy: this file is imported only when the first MCP request
 * arrives, never at start-up). Stateless: one server and transport per request, each acting for
 * the token's owner, so nothing of one user's call outlives it.
 */

type ToolResult = {
  content: { type: "text"; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
};

/** A tool's result: readable text and the same data as structured content. */
function result(text: string, data: Record<string, unknown>): ToolResult {
  return { content: [{ type: "text", text }], structuredContent: data };
}

/** Our errors carry a user-facing message; anything else is logged and answered generically. */
function guarded<A>(log: Logger, name: string, run: (args: A) => Promise<ToolResult>) {
  return async (args: A): Promise<ToolResult> => {
    try {
      return await run(args);
    } catch (err) {
      if (err instanceof AppError) return { content: [{ type: "text", text: err.message }], isError: true };
      log.error({ err, tool: name }, "MCP tool failed");
      return { content: [{ type: "text", text: "Something went wrong. Please try again." }], isError: true };
    }
  };
}

function buildServer(deps: McpDeps, grant: TokenGrant, log: Logger): McpServer {
  const server = new McpServer(
    { name: "mnemo", version: deps.version },
    {
      instructions:
        "Mnemo is the user's second brain: their saved links, files, notes and collections. Search or ask it before answering from memory; cite the links it returns.",
    },
  );
  const actor = grant.actor;

  server.registerTool(
    "search_memories",
    {
      title: "Search memories",
      description:
        "Search the user's memories (own and shared collections) by words; returns titles, snippets and links.",
      inputSchema: {
        query: z.string().min(1).max(500).describe("What to look for"),
        limit: z.number().int().min(1).max(50).optional().describe("Most results (default 10)"),
        collection_id: z.string().max(100).optional().describe("Search only this collection"),
      },
      annotations: { readOnlyHint: true },
    },
    guarded(log, "search_memories", async (args) => {
      const results = await searchMemoriesTool(deps, actor, args);
      const text = results.length
        ? results.map((r, i) => `${i + 1}. ${r.title} (${r.type}) — ${r.link}\n   ${r.snippet}`).join("\n")
        : "No memories matched.";
      return result(text, { results });
    }),
  );

  server.registerTool(
    "ask",
    {
      title: "Ask Mnemo",
      description:
        "Ask a question answered from the user's memories, with numbered citations [n] and links back to Mnemo.",
      inputSchema: {
        question: z.string().min(1).max(20000),
        collection_id: z.string().max(100).optional().describe("Answer only from this collection"),
      },
    },
    guarded(log, "ask", async (args) => {
      const answer = await askTool(deps, actor, args);
      const cites = answer.citations
        .map((c) => `[${c.citation ?? "-"}] ${c.title}${c.page ? ` (page ${c.page})` : ""} — ${c.link}`)
        .join("\n");
      const text = `${answer.answer}\n\n${cites ? `Sources:\n${cites}\n\n` : ""}Open in Mnemo: ${answer.chat_link}`;
      return result(text, answer);
    }),
  );

  server.registerTool(
    "save_memory",
    {
      title: "Save a memory",
      description:
        "Save a link (fetched and indexed), or a text as a note, to the user's memories. Needs a read-write token.",
      inputSchema: {
        link: z.string().max(4096).optional().describe("An https link to save"),
        text: z.string().max(2_000_000).optional().describe("Text to save (as a note when there is no link)"),
        title: z.string().max(1000).optional(),
        note: z.string().max(10_000).optional().describe("The user's note on the memory"),
        collection_id: z.string().max(100).optional().describe("Also add it to this collection"),
      },
      annotations: { readOnlyHint: false, destructiveHint: false },
    },
    guarded(log, "save_memory", async (args) => {
      const saved = await saveMemoryTool(deps, grant, args);
      return result(`Saved: ${saved.link}${saved.warning ? `\n${saved.warning}` : ""}`, saved);
    }),
  );

  server.registerTool(
    "list_collections",
    {
      title: "List collections",
      description: "The user's collections and those shared with them, with their ids (for the other tools).",
      inputSchema: {},
      annotations: { readOnlyHint: true },
    },
    guarded(log, "list_collections", async () => {
      const collections = await listCollectionsTool(deps, actor);
      const text = collections.length
        ? collections
            .map((c) => `- ${c.name} (id ${c.id}, ${c.access}, ${c.document_count} memories)`)
            .join("\n")
        : "No collections.";
      return result(text, { collections });
    }),
  );

  server.registerResource(
    "memory",
    new ResourceTemplate("mnemo://memory/{id}", { list: undefined }),
    {
      title: "A memory's text",
      description: "The extracted text of one memory, as Markdown",
      mimeType: "text/markdown",
    },
    async (uri, vars) => {
      const id = String(Array.isArray(vars.id) ? vars.id[0] : vars.id);
      const memory = await memoryText(deps, actor, id);
      return {
        contents: [{ uri: uri.href, mimeType: "text/markdown", text: memory.markdown }],
        _meta: { link: memoryLink(deps, id) },
      };
    },
  );
  return server;
}

/** Answers one MCP request (streamable HTTP, stateless, JSON responses) for the token's owner. */
export async function handleMcpRequest(
  deps: McpDeps,
  grant: TokenGrant,
  log: Logger,
  request: Request,
  parsedBody?: unknown,
): Promise<Response> {
  const server = buildServer(deps, grant, log);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(request, parsedBody === undefined ? {} : { parsedBody });
  } finally {
    // JSON responses are complete when handleRequest resolves.
    void server.close();
  }
}
