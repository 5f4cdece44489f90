import crypto from "node:crypto";
import type { ChatRequest, SavedSessionRecord } from "@mnemo/contracts/chat";
import { chatMessages } from "@mnemo/contracts/messages";
import { THINK_END, THINK_START, type StreamLine } from "@mnemo/contracts/stream";
import type { Db } from "../../../platform/db/client.ts";
import type { Actor } from "../../../platform/context.ts";
import { notFound } from "../../../platform/lib/errors.ts";
import { newPublicToken, opensPublicChat } from "./public-token.ts";
import { buildSources } from "./sources.ts";
import { echoOrigins, withoutEchoDuplicates } from "./echo.ts";
import { memoriesOf, type QnaDeps } from "./qna.ts";
import * as repo from "./repo.ts";
import { ownChat, presentTurn } from "./service.ts";

/** Memory ids a turn cites (web results are not memories). */
function citedMemoryIds(sources: unknown): string[] {
  if (!Array.isArray(sources)) return [];
  return sources.flatMap((s: { id?: unknown; type?: unknown }) =>
    typeof s.id === "string" && s.type !== "web_search" ? [s.id] : [],
  );
}

/**
 * A memory cited by a public chat, read-only, for a visitor holding the chat's current share
 * token (issue 22): its title, type and indexed text only (no file links, no other memory). The
 * token, not a sign-in, authorizes: a memory the chat does not cite, a revoked token or another
 * chat's token answers 404 like a memory that does not exist.
 */
export async function publicCitedMemory(
  db: Db,
  chatId: string,
  token: string | null | undefined,
  sourceId: string,
): Promise<{ id: string; title: string; type: string; markdown: string }> {
  const found = await publicChat(db, chatId, token);
  const turns = (await repo.listTurns(db, found.id)).filter(
    (t) => t.status === "success" || t.status === "cancelled",
  );
  const cited = new Set(turns.flatMap((t) => citedMemoryIds(t.sources)));
  const row = cited.has(sourceId) ? await repo.memoryText(db, sourceId) : undefined;
  if (!row) throw notFound(chatMessages.noDataReturned);
  return { id: row.id, title: row.title, type: row.type, markdown: row.markdown ?? row.text ?? "" };
}

/** Makes the actor's chat public; an already public chat keeps its token, a revoked one gets a new one. */
export async function makePublic(
  db: Db,
  actor: Actor,
  chatId: string,
): Promise<{ chat_id: string; token: string }> {
  const found = await ownChat(db, actor, chatId);
  if (found.publicToken && !found.revokedAt) return { chat_id: found.id, token: found.publicToken };
  const token = newPublicToken();
  await repo.updateChat(db, found.id, { publicToken: token, madePublicAt: new Date(), revokedAt: null });
  return { chat_id: found.id, token };
}

/**
 * Revokes public access: every read, follow-up and duplicate with the old token is refused from
 * now on, and sharing again mints a new token.
 */
export async function revokePublic(db: Db, actor: Actor, chatId: string): Promise<void> {
  const found = await ownChat(db, actor, chatId);
  if (found.publicToken) await repo.updateChat(db, found.id, { revokedAt: new Date() });
}

/** The public, unrevoked chat behind a token, or 'No data returned'. */
export async function publicChat(
  db: Db,
  chatId: string | null | undefined,
  token: string | null | undefined,
): Promise<repo.ChatRow> {
  const found = chatId ? await repo.findChat(db, chatId) : undefined;
  if (!opensPublicChat(found, token)) throw notFound(chatMessages.noDataReturned);
  return found;
}

/** Saved turns of a public chat; an empty chat answers 'No data returned' too. */
export async function publicHistory(
  db: Db,
  chatId: string,
  token: string | null | undefined,
): Promise<{ chat: repo.ChatRow; turns: SavedSessionRecord[] }> {
  const found = await publicChat(db, chatId, token);
  const turns = (await repo.listTurns(db, found.id))
    .filter((t) => t.status === "success" || t.status === "cancelled")
    .map((t) => presentTurn(t, false));
  if (!turns.length) throw notFound(chatMessages.noDataReturned);
  return { chat: found, turns };
}

/**
 * Copies a public chat (its turns, not its owner's context) into the actor's history. The
 * current share token is required: a chat id alone, or a revoked link's token, copies nothing.
 */
export async function duplicatePublic(
  db: Db,
  actor: Actor,
  chatId: string,
  token?: string | null,
): Promise<string> {
  const found = await publicChat(db, chatId, token);
  const id = crypto.randomUUID();
  await db.transaction(async (tx) => {
    await repo.insertChat(tx, { id, ownerId: actor.id, title: found.title, scope: "everything" });
    for (const t of await repo.listTurns(tx, found.id)) {
      if (t.status !== "success" && t.status !== "cancelled") continue;
      await repo.insertTurn(tx, {
        id: crypto.randomUUID(),
        chatId: id,
        ownerId: actor.id,
        query: t.query,
        answer: t.answer,
        thoughts: t.thoughts,
        sources: t.sources,
        // A copy never carries the owner's e-mail drafts (an Execute would send them) or routing offers.
        metadata: Object.fromEntries(
          Object.entries(t.metadata).filter(
            ([k]) => !["tool_call", "tool_call_result", "reroute_offer"].includes(k),
          ),
        ),
        followUps: t.followUps,
        llm: t.llm,
        searchTypes: t.searchTypes,
        status: t.status,
      });
    }
  });
  return id;
}

/**
 * A visitor's follow-up on a public chat. It answers with the offline engine from the memories
 * the chat already cites (never the owner's whole library) and is not stored: the chat is the
 * owner's, the visitor only reads it.
 */
export async function* publicAnswer(
  deps: QnaDeps,
  found: repo.ChatRow,
  req: ChatRequest,
  signal: AbortSignal,
): AsyncGenerator<StreamLine> {
  const turns = await repo.listTurns(deps.db, found.id);
  const cited = [...new Set(turns.flatMap((t) => citedMemoryIds(t.sources)))];
  const scope = { actorId: found.ownerId, actorEmail: "", context: { sources: cited, collections: [] } };
  const retrieved = cited.length ? await deps.search.search(deps.db, scope, req.question, 8) : [];
  const meta = await memoriesOf(deps.db, retrieved);
  const hits = withoutEchoDuplicates(retrieved, (id) => echoOrigins(meta.get(id)?.echoOf));
  const built = buildSources(hits, meta);
  const engine = deps.models.engine(null);
  yield {
    chat_id: found.id,
    original_llm: engine?.id ?? "",
    sources: { results: built.results, relevantResultsCount: built.mostRelevant.length },
    most_relevant_results: built.mostRelevant,
    other_results: built.other,
    source_id_map: built.sourceIdMap,
  };
  if (engine) {
    const history =
      req.session_context ??
      turns.filter((t) => t.status === "success").map((t) => ({ user_query: t.query, answer: t.answer }));
    const events = engine.answer({
      question: req.question,
      passages: built.passages,
      mode: "memories",
      instructions: {},
      history,
      userSystemDate: req.user_system_date,
      signal,
    });
    let thinking = false;
    for await (const ev of events) {
      if (signal.aborted) return;
      if (ev.type === "reasoning") {
        yield { chunk: (thinking ? "" : THINK_START) + ev.text };
        thinking = true;
      } else if (ev.type === "text") {
        yield { chunk: (thinking ? THINK_END : "") + ev.text };
        thinking = false;
      } else if (ev.type === "follow-ups") yield { follow_up_questions: ev.questions };
    }
    if (thinking) yield { chunk: THINK_END };
  }
  yield { final_results_search_types: ["memories"] };
  yield { end_of_data: true };
}
