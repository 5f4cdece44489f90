import { mcpMessages, THINK_END, THINK_START, zChatRequest, zSearchSourcesInput } from "@mnemo/contracts";
import type { PassageAnchor, SourceResult } from "@mnemo/contracts/chat";
import type { Actor } from "../../../platform/context.ts";
import { AppError } from "../../../platform/lib/errors.ts";
import type { TokenGrant } from "../../access-tokens/index.ts";
import { listCollections } from "../../collections/index.ts";
import { prepareQna } from "../chat/qna.ts";
import { createPage } from "../../pages/index.ts";
import { searchSources, sourceContent, getSource } from "../../../core/sources/service.ts";
import { uploadWebPages } from "../../../core/sources/capture/web-pages-service.ts";
import { windowRules } from "../../../platform/rate-limits/rules.ts";
import type { McpDeps } from "./deps.ts";

/**
 * What the MCP tools do, without the MCP SDK: each runs the same service as the web API, for the
 * token's owner, so a tool reaches exactly what that user reaches in the app (modules/access).
 */

/** Where a memory opens in the web app (at the cited passage when there is one). */
export const memoryLink = (deps: McpDeps, id: string, anchor?: PassageAnchor | null) =>
  `${deps.publicUrl}/?preview=${encodeURIComponent(id)}` +
  (anchor ? `&passage=${encodeURIComponent(JSON.stringify(anchor))}` : "");
const chatLink = (deps: McpDeps, id: string) => `${deps.publicUrl}/chat/${encodeURIComponent(id)}`;

/** Refuses a write with a read-only token (the MCP client shows this text). */
export function requireWrite(grant: TokenGrant): void {
  if (grant.scope !== "write") throw new AppError("forbidden", mcpMessages.readOnlyToken);
}

export async function searchMemoriesTool(
  deps: McpDeps,
  actor: Actor,
  args: { query: string; limit?: number; collection_id?: string },
) {
  await deps.limit(windowRules.mcpSearchPerToken);
  const input = zSearchSourcesInput.parse({
    search_query: args.query,
    limit: args.limit ?? 10,
    // As the web app's collection search: the collection id alone scopes it (to what the actor may read).
    collection_id: args.collection_id,
    active_item: "everything",
  });
  const { results } = await searchSources(deps.sources, actor, input);
  return results.map((r) => ({
    id: r.id,
    title: r.title,
    type: r.type,
    url: r.url ?? null,
    snippet: r.snippet ?? r.description ?? "",
    link: memoryLink(deps, r.id),
  }));
}

/** Text of the answer without the reasoning between the think markers. */
function withoutThoughts(text: string): string {
  let out = "";
  let rest = text;
  for (;;) {
    const start = rest.indexOf(THINK_START);
    if (start < 0) return out + rest;
    out += rest.slice(0, start);
    const end = rest.indexOf(THINK_END, start);
    if (end < 0) return out;
    rest = rest.slice(end + THINK_END.length);
  }
}

/** Asks the /qna engine (the user's default model) and gathers the streamed answer. */
export async function askTool(
  deps: McpDeps,
  actor: Actor,
  args: { question: string; collection_id?: string },
) {
  await deps.limit(windowRules.mcpAskPerToken);
  const req = zChatRequest.parse({
    question: args.question,
    search_type: [],
    collection_id: args.collection_id ?? null,
  });
  const prepared = await prepareQna(deps.qna, actor, req);
  let text = "";
  let sources: SourceResult[] = [];
  let followUps: string[] = [];
  let error: string | undefined;
  for await (const line of prepared.lines) {
    if (line.chunk) text += line.chunk;
    if (line.sources) sources = line.sources.results;
    if (line.follow_up_questions) followUps = line.follow_up_questions;
    if (line.error) error = line.error;
  }
  if (error) throw new AppError("upstream", error);
  return {
    answer: withoutThoughts(text).trim(),
    chat_link: chatLink(deps, prepared.chatId),
    citations: sources.map((s) => ({
      citation: s.citation ?? null,
      id: s.id,
      title: s.title,
      type: s.type,
      snippet: s.snippet,
      /** The cited sentence and, for a PDF, its page (issue 22 anchors). */
      quote: s.anchor?.quote ?? null,
      page: s.anchor?.page ?? null,
      link: s.type === "web_search" ? (s.url ?? "") : memoryLink(deps, s.id, s.anchor),
    })),
    follow_up_questions: followUps,
  };
}

/** Saves a link (fetched and indexed like the web app's Add link) or a text as a note page. */
export async function saveMemoryTool(
  deps: McpDeps,
  grant: TokenGrant,
  args: { link?: string; text?: string; title?: string; note?: string; collection_id?: string },
) {
  requireWrite(grant);
  const actor = grant.actor;
  if (args.link) {
    // Counted as /api/upload/web_pages counts a call: in the links limit of the token.
    await deps.limit(windowRules.linksPerSession);
    const { web_pages } = await uploadWebPages(deps.webPages, actor, {
      web_pages: [
        {
          link: args.link,
          note: args.note ?? "",
          title: args.title ?? "",
          description: "",
          content: args.text ?? "",
          upload_source: "mcp",
        },
      ],
      collectionId: args.collection_id ?? null,
    });
    const [r] = web_pages;
    if (!r?.id) throw new AppError("validation", r?.message ?? "The link could not be saved.");
    return { id: r.id, status: r.status, link: memoryLink(deps, r.id), warning: r.warning };
  }
  const text = [args.text, args.note].filter((s) => s?.trim()).join("\n\n");
  if (!text.trim()) throw new AppError("validation", "Give a link, a text or a note to save.");
  const page = await createPage(deps.webPages, actor, {
    title: args.title ?? "",
    blocks: [],
    markdown: text,
    collections: args.collection_id ? [args.collection_id] : [],
  });
  return { id: page.id, status: page.status, link: memoryLink(deps, page.id), warning: null };
}

export async function listCollectionsTool(deps: McpDeps, actor: Actor) {
  return (await listCollections(deps.sources.db, actor)).map((c) => ({
    id: c.collection_id,
    name: c.collection_name,
    description: c.description,
    access: c.access,
    document_count: c.document_count,
    link: `${deps.publicUrl}/collections/${encodeURIComponent(c.collection_id)}`,
  }));
}

/** A memory's text (Markdown when it has some) for the resource `mnemo://memory/{id}`. */
export async function memoryText(deps: McpDeps, actor: Actor, id: string) {
  const meta = await getSource(deps.sources, actor, id);
  const content = await sourceContent(deps.sources, actor, id);
  const body = content.content.markdown ?? content.content.text ?? "";
  return {
    title: meta.title,
    markdown: `# ${meta.title}\n\n${meta.url ? `<${meta.url}>\n\n` : ""}${body}`,
  };
}
