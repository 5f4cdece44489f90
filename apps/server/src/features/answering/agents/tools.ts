import { z } from "zod";
import type { ToolSet } from "ai";
import type { Db } from "../../../platform/db/client.ts";
import type { Logger } from "../../../platform/logger.ts";
import type { WebSearchProvider } from "../providers/web-search.ts";
import type { SearchScope, SearchIndex } from "../../../core/search/types.ts";
import { connectedAppIds } from "../../apps/index.ts";
import { sourceMeta } from "../chat/repo.ts";
import { hitPassage } from "../chat/sources.ts";
import { echoOrigins, withoutEchoDuplicates } from "../chat/echo.ts";
import { passagesForModel, type CitationBook, type FoundPassage } from "./citations.ts";
import type { AgentSpec } from "./registry.ts";

/** Passages a search tool returns at most. */
const TOOL_RESULTS = 6;

/** The e-mail the send_email tool proposes (spec 1: the user presses Execute to send it). */
export const zEmailParams = z.object({
  to: z.email().describe("The recipient's e-mail address"),
  subject: z.string().min(1).max(300).describe("The subject line"),
  body: z.string().min(1).max(20_000).describe("The plain-text body"),
});
export type EmailParams = z.infer<typeof zEmailParams>;

export const EMAIL_TOOL = "send_email";

export type ToolDeps = {
  db: Db;
  search: SearchIndex;
  /** Web search provider, when one is configured and the user's Web toggle is on. */
  web?: WebSearchProvider;
  /** E-mail can be sent (SMTP configured). */
  canEmail: boolean;
  /** Saves a note as a memory of the actor (echo memory); absent: the tool is not offered. */
  saveMemory?: (title: string, markdown: string) => Promise<{ id: string; title: string }>;
  log: Logger;
};

const zQuery = z.object({ query: z.string().min(1).max(500).describe("What to search for") });

async function memoryPassages(deps: ToolDeps, scope: SearchScope, query: string): Promise<FoundPassage[]> {
  const found = await deps.search.search(deps.db, scope, query, TOOL_RESULTS);
  const meta = new Map(
    (await sourceMeta(deps.db, [...new Set(found.map((h) => h.sourceId))])).map((m) => [m.id, m]),
  );
  // A saved answer (echo memory) is not read beside the memories it cites (issue 41).
  const hits = withoutEchoDuplicates(found, (id) => echoOrigins(meta.get(id)?.echoOf));
  return hits.flatMap((h) => {
    const m = meta.get(h.sourceId);
    return m ? [hitPassage(h, m)] : [];
  });
}

/**
 * The platform tools an agent may call, as AI SDK tools with zod input schemas: memory search
 * (scoped exactly like the question), app search (the user's connected apps), web search (only
 * with a provider and the Web toggle on) and send_email (no `execute`: the model only proposes
 * the e-mail; the loop stops and the user decides with Modify or Execute).
 */
export async function platformTools(
  deps: ToolDeps,
  spec: AgentSpec,
  ctx: { scope: SearchScope; book: CitationBook },
): Promise<ToolSet> {
  const { tool } = await import("ai");
  const { scope, book } = ctx;
  const tools: ToolSet = {};
  const want = new Set(spec.tools);
  if (want.has("search_memories"))
    tools.search_memories = tool({
      description: "Search the user's memories (notes, files, pages) for passages about a query.",
      inputSchema: zQuery,
      execute: async ({ query }) =>
        passagesForModel(book.cite(await memoryPassages(deps, scope, query)), "No memories matched."),
    });
  if (want.has("search_apps"))
    tools.search_apps = tool({
      description: "Search what the user's connected apps (mail, feeds, repositories, folders) brought in.",
      inputSchema: zQuery,
      execute: async ({ query }) => {
        const apps = await connectedAppIds(deps.db, scope.actorId);
        if (!apps.length) return "No apps are connected.";
        const appScope = { actorId: scope.actorId, actorEmail: scope.actorEmail, apps };
        return passagesForModel(
          book.cite(await memoryPassages(deps, appScope, query)),
          "No app items matched.",
        );
      },
    });
  if (want.has("search_web") && deps.web) {
    const web = deps.web;
    tools.search_web = tool({
      description: "Search the web for a query.",
      inputSchema: zQuery,
      execute: async ({ query }, { abortSignal }) => {
        const results = await web.search(query, { limit: 5, signal: abortSignal });
        const found = results.map((r) => ({
          sourceId: r.url,
          title: r.title,
          text: r.snippet,
          score: 0,
          type: "web_search",
          url: r.url,
        }));
        return passagesForModel(book.cite(found), "The web search found nothing.");
      },
    });
  }
  if (want.has("send_email") && deps.canEmail)
    tools[EMAIL_TOOL] = tool({
      description:
        "Propose an e-mail to send. The user reviews it and presses Execute to send it, or Modify to ask for changes.",
      inputSchema: zEmailParams,
    });
  if (want.has("save_memory") && deps.saveMemory) {
    const save = deps.saveMemory;
    tools.save_memory = tool({
      description: "Save a note as a new memory of the user (when they ask you to remember something).",
      inputSchema: z.object({
        title: z.string().min(1).max(200).describe("A short title"),
        text: z.string().min(1).max(20_000).describe("What to remember, in Markdown"),
      }),
      execute: async ({ title, text }) => {
        const saved = await save(title, text);
        return `Saved as the memory "${saved.title}".`;
      },
    });
  }
  return tools;
}
