import crypto from "node:crypto";
import type { ChatRequest } from "@mnemo/contracts/chat";
import type { Actor } from "../../../platform/context.ts";
import type { Db } from "../../../platform/db/client.ts";
import { notFound } from "../../../platform/lib/errors.ts";
import { readableSourceIds } from "../../../core/sources/access.ts";
import { findReadableCollection } from "../../collections/index.ts";
import type { SearchScope } from "../../../core/search/types.ts";
import * as repo from "./repo.ts";

/**
 * The chat a turn belongs to: an existing one (a chat of another user is "not found"), or the
 * row of a new one, which the caller inserts only inside the turn's guarded transaction so that
 * a refused turn leaves no empty chat behind.
 */
export async function resolveChat(
  db: Db,
  actor: Actor,
  req: ChatRequest,
): Promise<{ chat: Pick<repo.ChatRow, "id" | "context">; create?: repo.NewChat }> {
  const perSource = Boolean(req.is_qna_source_preview_chat && req.source_id);
  if (req.chat_id) {
    const found = await repo.findChat(db, req.chat_id);
    if (found && found.ownerId !== actor.id) throw notFound("Chat not found.");
    if (found) return { chat: found };
  } else if (perSource) {
    const existing = await repo.findSourceChat(db, actor.id, req.source_id!);
    if (existing) return { chat: existing };
  }
  const id = req.chat_id ?? crypto.randomUUID();
  const create: repo.NewChat = {
    id,
    ownerId: actor.id,
    title: req.question.slice(0, 200),
    scope: perSource ? "source" : req.collection_id ? "collection" : "everything",
    sourceId: req.source_id ?? null,
    collectionId: req.collection_id ?? null,
  };
  return { chat: { id, context: { sources: [], collections: [] } }, create };
}

/**
 * The search scope of a question, checked against the actor (through the access authority)
 * before anything streams, and the custom instructions it brings (a collection's own first).
 */
export async function resolveScope(
  db: Db,
  actor: Actor,
  req: ChatRequest,
  chatContext: { sources: string[]; collections: string[] },
): Promise<{ scope: SearchScope; customInstructions: string | null }> {
  const scope: SearchScope = { actorId: actor.id, actorEmail: actor.email };
  let customInstructions = req.custom_instructions ?? null;
  if (req.source_id) {
    if ((await readableSourceIds(db, actor, [req.source_id])).length === 0)
      throw notFound("Memory not found.");
    scope.sourceId = req.source_id;
  } else if (req.collection_id) {
    const col = await findReadableCollection(db, actor, req.collection_id);
    if (!col) throw notFound("Collection not found.");
    scope.collectionId = col.id;
    customInstructions =
      [col.customInstructions, customInstructions].filter((s) => s?.trim()).join("\n\n") || null;
  } else if (req.context_list?.length) {
    scope.context = {
      sources: req.context_list.filter((c) => c.type !== "collection").map((c) => c.id),
      collections: req.context_list.filter((c) => c.type === "collection").map((c) => c.id),
    };
  } else if (chatContext.sources.length || chatContext.collections.length) {
    scope.context = chatContext;
  }
  return { scope, customInstructions };
}
