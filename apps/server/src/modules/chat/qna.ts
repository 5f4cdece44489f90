import crypto from "node:crypto";
import type { ChatRequest } from "@mnemo/contracts/chat";
import { answerTexts, THINK_END, THINK_START, type StreamLine } from "@mnemo/contracts/stream";
import type { Db } from "../../db/client.ts";
import type { Actor } from "../../context.ts";
import type { Logger } from "../../logger.ts";
import { AppError, notFound, validation } from "../../lib/errors.ts";
import type { SearchIndex, SearchScope } from "../search/types.ts";
import { pieces, type AnswerEngine } from "../answer/engine.ts";
import type { ModelRegistry } from "../providers/registry.ts";
import type { WebResult, WebSearchProvider } from "../providers/web-search.ts";
import { answerErrorCode } from "./answer-error.ts";
import { buildSources, type SourceMeta } from "./sources.ts";
import { guardQna, previewQna } from "../plans/guards.ts";
import { readableSourceIds } from "../access/source-access.ts";
import { findReadableCollection } from "../collections/repo.ts";
import * as repo from "./repo.ts";

export type QnaDeps = {
  db: Db;
  search: SearchIndex;
  models: ModelRegistry;
  web?: WebSearchProvider;
  log: Logger;
};

/** Passages retrieved per question. */
const RETRIEVE = 8;

/**
 * The chat a turn belongs to: an existing one (a chat of another user is "not found"), or the
 * row of a new one, inserted only inside the turn's guarded transaction so that a refused
 * turn leaves no empty chat behind.
 */
async function resolveChat(
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
  const create: repo.NewChat = {
    id: req.chat_id ?? crypto.randomUUID(),
    ownerId: actor.id,
    title: req.question.slice(0, 200),
    scope: perSource ? "source" : req.collection_id ? "collection" : "everything",
    sourceId: req.source_id ?? null,
    collectionId: req.collection_id ?? null,
  };
  return { chat: { id: create.id!, context: { sources: [], collections: [] } }, create };
}

/** The search scope of a question, checked against the actor before anything streams. */
async function resolveScope(
  db: Db,
  actor: Actor,
  req: ChatRequest,
  chatContext: { sources: string[]; collections: string[] },
) {
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

export type PreparedQna = { chatId: string; lines: AsyncGenerator<StreamLine>; abort: AbortController };

/**
 * Everything that can fail before the reply streams (validation, scope, retrieval) happens here
 * and throws; the returned generator yields the reply lines and stores the turn as it ends
 * (success, error, or cancelled when `abort` fires).
 */
export async function prepareQna(deps: QnaDeps, actor: Actor, req: ChatRequest): Promise<PreparedQna> {
  const { db, models } = deps;
  const creative = req.search_type.includes("creative");
  // Plan limits (spec 1 §5): refuse early, before any search; free plans get the free default model.
  const grant = await previewQna(db, actor, req, { models: models.options() });
  const requested = models.engine(req.selected_generation_model);
  const selected = requested && grant.modelLocked ? (models.engine(grant.model) ?? requested) : requested;
  if (!selected) throw validation("This model is not available.");
  let engine: AnswerEngine | undefined = selected;
  if (creative && !selected.generative) engine = models.generative();

  const { chat, create: newChat } = await resolveChat(db, actor, req);
  const { scope, customInstructions } = await resolveScope(db, actor, req, chat.context);
  const webOn = req.search_type.includes("web") && !creative;
  let hits: Awaited<ReturnType<SearchIndex["search"]>> = [];
  let web: WebResult[] = [];
  if (!creative) {
    hits = await deps.search.search(db, scope, req.question, RETRIEVE);
    if (webOn && deps.web) {
      web = await deps.web.search(req.question, { limit: 5 }).catch((err: unknown) => {
        deps.log.warn({ err }, "web search failed");
        return [];
      });
    }
  }
  const meta = new Map<string, SourceMeta>(
    (await repo.sourceMeta(db, [...new Set(hits.map((h) => h.sourceId))])).map((m) => [m.id, m]),
  );
  const built = buildSources(hits, meta, web);
  // Only generative engines read instructions and earlier turns; the extractive one skips both queries.
  const generative = Boolean(engine?.generative);
  const generation =
    req.generation_instructions ??
    (generative ? (await repo.getGenerationInstructions(db, actor.id)) || null : null);
  const history =
    req.session_context ??
    (generative
      ? (await repo.listTurns(db, chat.id))
          .filter((t) => t.status === "success")
          .map((t) => ({ user_query: t.query, answer: t.answer }))
      : []);
  const searchTools = [...req.search_type];
  const finalTypes = creative ? ["creative"] : [...(webOn && deps.web ? ["web"] : []), "memories"];
  const llm = engine?.id ?? selected.id;
  const turn = await db.transaction(async (tx) => {
    // Counted atomically with the turn it allows; a refusal under a race rolls the turn back.
    await guardQna(tx, actor, req);
    if (newChat) await repo.insertChat(tx, newChat);
    // Regenerate (is_retry_llm) replaces the answer it retries instead of adding a second turn.
    if (req.is_retry_llm) await repo.deleteLastTurnIfQuery(tx, chat.id, req.question);
    return repo.insertTurn(tx, {
      id: crypto.randomUUID(),
      chatId: chat.id,
      ownerId: actor.id,
      query: req.question,
      llm,
      searchTypes: finalTypes,
      sources: built.results,
      metadata: {
        most_relevant_results: built.mostRelevant,
        other_results: built.other,
        source_id_map: built.sourceIdMap,
      },
      status: "streaming",
    });
  });
  await repo.updateChat(db, chat.id, {});

  const abort = new AbortController();
  async function* lines(): AsyncGenerator<StreamLine> {
    let answer = "";
    let thoughts = "";
    let followUps: string[] = [];
    let stored = false;
    const store = async (status: "success" | "error" | "cancelled") => {
      if (stored) return;
      stored = true;
      await repo
        .updateTurn(db, turn.id, { answer, thoughts, followUps, status })
        .catch((err: unknown) => deps.log.error({ err }, "could not store the chat turn"));
    };
    try {
      yield {
        chat_id: chat.id,
        original_llm: llm,
        original_search_tools: searchTools,
        sources: { results: built.results, relevantResultsCount: built.mostRelevant.length },
        most_relevant_results: built.mostRelevant,
        other_results: built.other,
        source_id_map: built.sourceIdMap,
      };
      if (!engine) {
        for (const p of pieces(answerTexts.noGenerativeModel)) yield { chunk: p };
        answer = answerTexts.noGenerativeModel;
      } else {
        let thinking = false;
        const events = engine.answer({
          question: req.question,
          passages: built.passages,
          mode: creative ? "creative" : "memories",
          instructions: { custom: customInstructions, generation },
          history,
          userSystemDate: req.user_system_date,
          signal: abort.signal,
        });
        for await (const ev of events) {
          if (abort.signal.aborted) break;
          if (ev.type === "reasoning") {
            thoughts += ev.text;
            yield { chunk: thinking ? ev.text : THINK_START + ev.text };
            thinking = true;
          } else if (ev.type === "text") {
            if (thinking) yield { chunk: THINK_END };
            thinking = false;
            answer += ev.text;
            yield { chunk: ev.text };
          } else if (ev.type === "follow-ups") {
            followUps = ev.questions;
          } else {
            yield { tool_call_tool_name: ev.toolName, tool_call_params: ev.params };
          }
        }
        if (thinking && !abort.signal.aborted) yield { chunk: THINK_END };
      }
      if (abort.signal.aborted) return;
      if (followUps.length) yield { follow_up_questions: followUps };
      yield { final_results_search_types: finalTypes };
      await store("success");
      yield { end_of_data: true };
    } catch (err) {
      if (abort.signal.aborted) return;
      deps.log.error({ err }, "answer failed");
      const message =
        err instanceof AppError ? err.message : "Something went wrong while answering. Please try again.";
      await store("error");
      yield { error: message, error_code: answerErrorCode(err) };
      yield { end_of_data: true };
    } finally {
      await store("cancelled");
    }
  }
  return { chatId: chat.id, lines: lines(), abort };
}
