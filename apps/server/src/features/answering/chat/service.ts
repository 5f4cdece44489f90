import crypto from "node:crypto";
import type { ChatSummary, SavedSessionRecord, SourceResult } from "@mnemo/contracts/chat";
import { foldToolSteps, zPlacedToolStep } from "@mnemo/contracts/stream";
import type { Db } from "../../../platform/db/client.ts";
import type { Actor } from "../../../platform/context.ts";
import { notFound, validation } from "../../../platform/lib/errors.ts";
import { authorizeSource } from "../../../core/sources/access.ts";
import { opensPublicChat } from "./public-token.ts";
import { citedMemories } from "./echo.ts";
import * as repo from "./repo.ts";

/** A chat of the actor, or "not found" (another user's chat is indistinguishable from none). */
export async function ownChat(db: Db, actor: Actor, chatId: string): Promise<repo.ChatRow> {
  const found = await repo.findChat(db, chatId);
  if (!found || found.ownerId !== actor.id) throw notFound("Chat not found.");
  return found;
}

export function presentChat(c: repo.ChatRow): ChatSummary {
  return {
    chat_id: c.id,
    title: c.title,
    scope: c.scope,
    collection_id: c.collectionId,
    source_id: c.sourceId,
    context: c.context,
    is_public: Boolean(c.publicToken && !c.revokedAt),
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

const list = (v: unknown): SourceResult[] => (Array.isArray(v) ? (v as SourceResult[]) : []);

/**
 * The turn's tool steps, folded from its stored tool lines (the first `tool_step_lines` of them
 * when a Stop recorded how many were shown). Absent on turns stored before steps were typed.
 */
function toolStepsOf(m: Record<string, unknown>) {
  const lines = zPlacedToolStep.array().safeParse(m.tool_steps);
  if (!lines.success) return {};
  const shown = typeof m.tool_step_lines === "number" ? m.tool_step_lines : undefined;
  return { tool_steps: foldToolSteps(lines.data, shown) };
}

/**
 * A stored turn as the spec's saved session record. The owner's marks on it (vote, the memory it
 * was saved as) are shown to the owner only, never to a public reader.
 */
/** The e-mail a turn proposed (owner only: a public reader never sees an address or a draft). */
function toolCallOf(m: Record<string, unknown>, owner: boolean) {
  const call = m.tool_call as { tool_name?: string; params?: Record<string, unknown> } | undefined;
  return owner && call?.tool_name
    ? { tool_call_tool_name: call.tool_name, tool_call_params: call.params ?? {} }
    : {};
}

export function presentTurn(t: repo.TurnRow, owner = true): SavedSessionRecord {
  const m = t.metadata as Record<string, unknown>;
  return {
    id: t.id,
    user_query: t.query,
    answer: t.answer,
    thoughts: t.thoughts,
    follow_up_questions: t.followUps,
    sources: list(t.sources),
    metadata: {
      most_relevant_results: list(m.most_relevant_results),
      other_results: list(m.other_results),
      source_id_map: (m.source_id_map as Record<string, string> | undefined) ?? {},
    },
    status: t.status,
    llm: t.llm,
    search_types: t.searchTypes,
    created_at: t.createdAt.toISOString(),
    vote: owner ? t.vote : null,
    saved_source_id: owner ? t.savedSourceId : null,
    ...toolCallOf(m, owner),
    ...(owner && m.echo_memory === true ? { added_echo_memory: true } : {}),
    ...toolStepsOf(m),
  };
}

export async function createChat(
  db: Db,
  actor: Actor,
  input: { user_query: string; collections: string[]; sources: string[] },
): Promise<string> {
  const id = crypto.randomUUID();
  await repo.insertChat(db, {
    id,
    ownerId: actor.id,
    title: input.user_query.slice(0, 200),
    scope: input.collections.length === 1 && !input.sources.length ? "collection" : "everything",
    collectionId: input.collections.length === 1 && !input.sources.length ? input.collections[0] : null,
    context: { sources: input.sources, collections: input.collections },
  });
  return id;
}

/**
 * The saved session records of a chat: the actor's own, or (with `is_public`) another user's
 * public chat opened by its current share token.
 */
export async function history(
  db: Db,
  actor: Actor | null,
  chatId: string,
  pub: { isPublic: boolean; token?: string | null } = { isPublic: false },
): Promise<SavedSessionRecord[]> {
  const found = await repo.findChat(db, chatId);
  const own = Boolean(actor && found?.ownerId === actor.id);
  const readable = found && (own || (pub.isPublic && opensPublicChat(found, pub.token)));
  if (!readable) throw notFound("Chat not found.");
  return (await repo.listTurns(db, chatId)).map((t) => presentTurn(t, own));
}

export async function updateContext(
  db: Db,
  actor: Actor,
  input: { chat_id: string; sources: string[]; collections: string[] },
) {
  await ownChat(db, actor, input.chat_id);
  await repo.updateChat(db, input.chat_id, {
    context: { sources: input.sources, collections: input.collections },
  });
}

export async function deleteChat(db: Db, actor: Actor, chatId: string) {
  if (!(await repo.deleteChat(db, actor.id, chatId))) throw notFound("Chat not found.");
}

/** Clears the turns of one conversation (checked against the actor), or of all the actor's chats. */
export async function deleteConversationHistory(
  db: Db,
  actor: Actor,
  conversationId?: string,
): Promise<number> {
  if (conversationId) await ownChat(db, actor, conversationId);
  return repo.deleteTurns(db, actor.id, conversationId);
}

/** The actor's chats, most recently updated first (optionally those of one memory). */
export async function listChats(
  db: Db,
  actor: Actor,
  page: { limit: number; offset: number; source_id?: string | null },
): Promise<ChatSummary[]> {
  const rows = await repo.listChats(db, actor.id, {
    limit: page.limit,
    offset: page.offset,
    sourceId: page.source_id,
  });
  return rows.map(presentChat);
}

/** The actor's generation instructions ("" when none). */
export function generationInstructions(db: Db, actor: Actor): Promise<string> {
  return repo.getGenerationInstructions(db, actor.id);
}

export async function setGenerationInstructions(db: Db, actor: Actor, text: string): Promise<void> {
  await repo.setGenerationInstructions(db, actor.id, text);
}

/** Stores a thumbs up (1), down (-1) or clear (0) on a turn of the actor's chat. */
export async function voteTurn(
  db: Db,
  actor: Actor,
  vote: { chat_id: string; turn_id?: string | null; query?: string | null; vote: number },
): Promise<void> {
  const ok = await repo.voteTurn(
    db,
    actor.id,
    vote.chat_id,
    { turnId: vote.turn_id, query: vote.query },
    vote.vote === 0 ? null : vote.vote,
  );
  if (!ok) throw notFound("Chat not found.");
}

/**
 * Stores the answer exactly as the owner saw it when pressing Stop (issue 13 item 8). The shown
 * texts must begin what the server generated, so a client can shorten its answer, never rewrite it.
 */
export async function recordStopped(
  db: Db,
  actor: Actor,
  input: { chat_id: string; turn_id: string; answer: string; thoughts: string; tool_step_lines?: number },
): Promise<void> {
  const target = { chatId: input.chat_id, turnId: input.turn_id };
  const shown = { answer: input.answer, thoughts: input.thoughts, toolStepLines: input.tool_step_lines };
  if (await repo.recordStoppedTurn(db, actor.id, target, shown)) return;
  if (!(await repo.findOwnTurn(db, actor.id, input.chat_id, input.turn_id)))
    throw notFound("Chat not found.");
  throw validation("The stopped answer does not match the stored answer.");
}

/**
 * Remembers that a turn's answer was saved as the actor's memory `source_id` (the "Saved" state)
 * and makes that memory the turn's echo memory: it records the memories the answer cites, so a
 * later answer never reads the copy beside its original (`echo.ts`), and the turn says
 * `added_echo_memory`.
 */
export async function recordSaved(
  db: Db,
  actor: Actor,
  input: { chat_id: string; turn_id: string; source_id: string },
): Promise<void> {
  const turn = await repo.findOwnTurn(db, actor.id, input.chat_id, input.turn_id);
  if (!turn) throw notFound("Chat not found.");
  // Only the memory's owner may point an answer at it (the one who saved it).
  await authorizeSource(db, actor, input.source_id, "delete");
  const m = turn.metadata as Record<string, unknown>;
  const map = (m.source_id_map as Record<string, string> | undefined) ?? {};
  const sources = citedMemories(turn.answer, map, list(turn.sources)).filter((id) => id !== input.source_id);
  await db.transaction(async (tx) => {
    await repo.markEchoMemory(tx, actor.id, input.source_id, {
      chat_id: input.chat_id,
      turn_id: input.turn_id,
      sources,
    });
    await repo.updateTurn(tx, input.turn_id, {
      savedSourceId: input.source_id,
      metadata: { ...m, echo_memory: true },
    });
  });
}
