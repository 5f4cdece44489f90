import crypto from "node:crypto";
import type { ChatRequest, PassageAnchor } from "@mnemo/contracts/chat";
import type { StreamLine } from "@mnemo/contracts/stream";
import type { Actor } from "../../../platform/context.ts";
import type { Db } from "../../../platform/db/client.ts";
import type { Logger } from "../../../platform/logger.ts";
import { validation } from "../../../platform/lib/errors.ts";
import type { AnswerEngine } from "../engines/engine.ts";
import { guardQna, previewQna, type QnaGrant, type QnaRan } from "../../../core/plans/guards.ts";
import type { ModelRegistry } from "../providers/registry.ts";
import type { WebResult, WebSearchProvider } from "../providers/web-search.ts";
import type { SearchHit, SearchIndex, SearchScope } from "../../../core/search/types.ts";
import { streamAnswer, type TurnOutcome } from "./answer-stream.ts";
import { resolveChat, resolveScope } from "./qna-scope.ts";
import * as repo from "./repo.ts";
import { buildSources, type SourceMeta } from "./sources.ts";
import { echoOrigins, withoutEchoDuplicates } from "./echo.ts";
import { passageAnchor } from "./anchors.ts";
import { ANSWER_PASSAGES, citedSentences } from "../engines/extractive/engine.ts";
import { searchWeb } from "./web-step.ts";
import { connectedAppIds } from "../../apps/index.ts";
import { findConnector } from "../../apps/index.ts";
import { planAgentTurn, type AgentDeps, type AgentPlan, type McpToolSource } from "./qna-agent.ts";
import { wholeEngine, wholeIntent, type WholeCollection } from "./whole.ts";

export type QnaDeps = {
  db: Db;
  search: SearchIndex;
  models: ModelRegistry;
  web?: WebSearchProvider;
  log: Logger;
  /** E-mail can be sent (SMTP configured): agents may propose e-mails. */
  canEmail?: boolean;
  /** The user's MCP tools for agents. */
  mcp?: McpToolSource;
  /** Saves a note as the actor's memory (agents' save_memory, echo memory). */
  saveMemory?: AgentDeps["saveMemory"];
  /** Runs the retrieval for the actor on a read replica when there are some (DATABASE_READ_URL). */
  read?: <T>(actor: Actor, fn: (db: Db) => Promise<T>) => Promise<T>;
  /** Whole-collection questions (summary, timeline, every mention) in a collection's chat (issue 45). */
  whole?: WholeCollection;
};

/** Passages retrieved per question. */
const RETRIEVE = 8;

/**
 * The engine that answers: the requested model, the plan's model when the plan locks it, and a
 * generative one for creative mode (undefined when none is configured).
 */
export function chooseEngine(models: ModelRegistry, grant: QnaGrant, req: ChatRequest) {
  const requested = models.engine(req.selected_generation_model);
  const selected = requested && grant.modelLocked ? (models.engine(grant.model) ?? requested) : requested;
  if (!selected) throw validation("This model is not available.");
  const engine: AnswerEngine | undefined =
    isCreative(req) && !selected.generative ? models.generative() : selected;
  return { selected, engine };
}

const isCreative = (req: ChatRequest) => req.search_type.includes("creative");

/**
 * The connected apps a question searches (Apps mode with selected_apps_list): only apps the
 * user has an account of; `missing` lists the selected ones that are not connected.
 */
async function appsToSearch(deps: QnaDeps, actor: Actor, req: ChatRequest) {
  if (!req.search_type.includes("apps") || req.disable_apps_search || isCreative(req))
    return { apps: [], missing: [] };
  const selected = [...new Set((req.selected_apps_list ?? []).map((a) => findConnector(a)?.id ?? a))];
  const connected = new Set(await connectedAppIds(deps.db, actor.id));
  return {
    apps: selected.filter((a) => connected.has(a)),
    missing: selected.filter((a) => !connected.has(a)),
  };
}

/** Memory hits and app hits merged by score (one index, comparable scores), best first. */
function mergeHits(a: SearchHit[], b: SearchHit[], n: number): SearchHit[] {
  const seen = new Set<string>();
  return [...a, ...b]
    .sort((x, y) => y.score - x.score)
    .filter((h) => !seen.has(h.chunkId) && seen.add(h.chunkId))
    .slice(0, n);
}

/**
 * Memory passages, app passages (Apps mode: what the selected connected apps brought in) and,
 * when asked for and configured, web results (none in creative mode); `webAnswered` and
 * `appsSearched` say whether a web or app search really ran (for the plan counters).
 */
async function retrieve(deps: QnaDeps, actor: Actor, scope: SearchScope, req: ChatRequest) {
  const webOn = req.search_type.includes("web") && !isCreative(req) && Boolean(deps.web);
  const { apps, missing } = await appsToSearch(deps, actor, req);
  let web: WebResult[] = [];
  let webAnswered = false;
  const read = deps.read ?? ((_actor, fn) => fn(deps.db));
  // One read for the passages, their memories and their anchors: on a replica when there are some.
  const { hits, meta, anchors } = await read(actor, async (db) => {
    let found: SearchHit[] = [];
    if (!isCreative(req)) {
      found = await deps.search.search(db, scope, req.question, RETRIEVE);
      if (apps.length) {
        const appHits = await deps.search.search(
          db,
          { actorId: scope.actorId, actorEmail: scope.actorEmail, apps },
          req.question,
          RETRIEVE,
        );
        found = mergeHits(found, appHits, RETRIEVE);
      }
    }
    const meta = await memoriesOf(db, found);
    // A saved answer (echo memory) is not read beside the memories it cites.
    const hits = withoutEchoDuplicates(found, (id) => echoOrigins(meta.get(id)?.echoOf));
    return { hits, meta, anchors: await citedAnchors(db, hits, req.question) };
  });
  if (webOn) ({ results: web, answered: webAnswered } = await searchWeb(deps.web!, req.question, deps.log));
  const finalTypes = isCreative(req)
    ? ["creative"]
    : [...(webOn ? ["web"] : []), ...(apps.length ? ["apps"] : []), "memories"];
  return {
    sources: buildSources(hits, meta, web, anchors),
    finalTypes,
    webAnswered,
    appsSearched: apps.length > 0,
    appsNotSearched: missing.map((id) => findConnector(id)?.name ?? id),
  };
}

/** The details of the memories behind the hits, by id. */
export async function memoriesOf(db: Db, hits: SearchHit[]): Promise<Map<string, SourceMeta>> {
  const ids = [...new Set(hits.map((h) => h.sourceId))];
  return new Map((await repo.sourceMeta(db, ids)).map((m) => [m.id, m]));
}

/**
 * The anchor of each memory's cited passage, by the chunk id of the memory's best hit (the one its
 * card is built from): the passage and sentence the answer takes from that memory (the extractive
 * engine's choice over the passages it reads, issue 42 item 4), else the best hit's best sentence.
 */
async function citedAnchors(db: Db, hits: SearchHit[], question: string) {
  const best = new Map<string, SearchHit>();
  for (const h of hits) if (!best.has(h.sourceId)) best.set(h.sourceId, h);
  const read = hits.slice(0, ANSWER_PASSAGES);
  const quotes = citedSentences(
    question,
    read.map((h) => ({ sourceId: h.sourceId, title: h.title, text: h.text, score: h.score })),
  );
  const cited = new Map<string, { chunkId: string; quote: string }>();
  for (const [i, quote] of [...quotes].sort((a, b) => a[0] - b[0]))
    if (!cited.has(read[i].sourceId)) cited.set(read[i].sourceId, { chunkId: read[i].chunkId, quote });
  const chunkOf = (h: SearchHit) => cited.get(h.sourceId)?.chunkId ?? h.chunkId;
  const rows = await repo.chunkAnchors(db, [...new Set([...best.values()].map(chunkOf))]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out = new Map<string, PassageAnchor>();
  for (const h of best.values()) {
    const row = byId.get(chunkOf(h));
    if (row) out.set(h.chunkId, passageAnchor(row, question, h.title, cited.get(h.sourceId)?.quote));
  }
  return out;
}

/** Generation instructions and earlier turns: only generative engines read them. */
async function generationContext(
  db: Db,
  actor: Actor,
  chatId: string,
  req: ChatRequest,
  generative: boolean,
) {
  const generation =
    req.generation_instructions ??
    (generative ? (await repo.getGenerationInstructions(db, actor.id)) || null : null);
  const history =
    req.session_context ??
    (generative
      ? (await repo.listTurns(db, chatId))
          .filter((t) => t.status === "success")
          .map((t) => ({ user_query: t.query, answer: t.answer }))
      : []);
  return { generation, history };
}

type Sources = ReturnType<typeof buildSources>;

/** A re-routing offer searches nothing. */
const emptyRetrieval = {
  finalTypes: [] as string[],
  webAnswered: false,
  appsSearched: false,
  appsNotSearched: [] as string[],
};

/**
 * Stores the turn as streaming, counted against the plan atomically with it (a refusal under a
 * race rolls the turn back). Regenerate (is_retry_llm) replaces the answer it retries.
 */
async function startTurn(
  db: Db,
  actor: Actor,
  req: ChatRequest,
  turn: {
    chatId: string;
    newChat?: repo.NewChat;
    llm: string;
    finalTypes: string[];
    sources: Sources;
    ran: QnaRan;
    metadata?: Record<string, unknown>;
  },
) {
  const row = await db.transaction(async (tx) => {
    // Only what ran is counted: no reply from a missing model, no web search without a provider.
    await guardQna(tx, actor, req, { ran: turn.ran });
    // A new chat is created with its first allowed turn, never before the guard.
    if (turn.newChat) await repo.insertChat(tx, turn.newChat);
    if (req.is_retry_llm) await repo.deleteLastTurnIfQuery(tx, turn.chatId, req.question);
    return repo.insertTurn(tx, {
      id: crypto.randomUUID(),
      chatId: turn.chatId,
      ownerId: actor.id,
      query: req.question,
      llm: turn.llm,
      searchTypes: turn.finalTypes,
      sources: turn.sources.results,
      metadata: {
        most_relevant_results: turn.sources.mostRelevant,
        other_results: turn.sources.other,
        source_id_map: turn.sources.sourceIdMap,
        ...turn.metadata,
      },
      status: "streaming",
    });
  });
  await repo.updateChat(db, turn.chatId, {});
  return row;
}

export type PreparedQna = { chatId: string; lines: AsyncGenerator<StreamLine>; abort: AbortController };

/**
 * Everything that can fail before the reply streams (plan limits, model, scope, retrieval)
 * happens here and throws; the returned generator yields the reply lines and stores the turn as
 * it ends (success, error, or cancelled when `abort` fires).
 */
export async function prepareQna(deps: QnaDeps, actor: Actor, req: ChatRequest): Promise<PreparedQna> {
  const { db } = deps;
  // Plan limits (spec 1 §5): refuse early, before any search; free plans get the free default model.
  // Without a web search provider the Web mode runs nothing: its limit neither counts nor refuses.
  const usage = deps.web ? req : { ...req, search_type: req.search_type.filter((t) => t !== "web") };
  const grant = await previewQna(db, actor, usage, { models: deps.models.options() });
  const { chat, create: newChat } = await resolveChat(db, actor, req);
  const { scope, customInstructions } = await resolveScope(db, actor, req, chat.context);
  const plan: AgentPlan = await planAgentTurn(
    {
      ...deps,
      canEmail: Boolean(deps.canEmail),
      web: req.search_type.includes("web") ? deps.web : undefined,
    },
    actor,
    req,
    chat.id,
    scope,
  );
  const chosen = plan.kind === "none" ? chooseEngine(deps.models, grant, req) : undefined;
  let engine = plan.kind === "none" ? chosen!.engine : plan.engine;
  const question = plan.kind === "run" ? plan.question : req.question;
  const offer = plan.kind === "offer";
  // A question over one whole collection (summarise, timeline, all mentions of …): its brief or
  // every passage about the subject, not the top passages.
  const intent =
    deps.whole &&
    plan.kind === "none" &&
    !isCreative(req) &&
    scope.collectionId &&
    !scope.sourceId &&
    !scope.context
      ? wholeIntent(question)
      : null;
  const whole = intent ? await deps.whole!(actor, scope.collectionId!, intent) : null;
  if (whole) engine = wholeEngine(engine, whole);
  const { sources, finalTypes, webAnswered, appsSearched, appsNotSearched } = offer
    ? { ...emptyRetrieval, sources: buildSources([], new Map()) }
    : whole
      ? {
          ...emptyRetrieval,
          finalTypes: ["memories"],
          sources: buildSources(
            whole.items.map((i) => i.hit),
            await memoriesOf(
              db,
              whole.items.map((i) => i.hit),
            ),
            [],
            new Map(whole.items.map((i) => [i.hit.chunkId, i.anchor])),
          ),
        }
      : await retrieve(deps, actor, scope, { ...req, question });
  const { generation, history } = await generationContext(
    db,
    actor,
    chat.id,
    req,
    Boolean(engine?.generative),
  );
  const llm = engine?.id ?? chosen!.selected.id;
  const ran: QnaRan = {
    answer: engine !== undefined && !offer,
    web: webAnswered,
    apps: appsSearched,
    agent: plan.kind === "run",
  };
  const turn = await startTurn(db, actor, req, {
    chatId: chat.id,
    newChat,
    llm,
    finalTypes,
    sources,
    ran,
    metadata: offer ? { reroute_offer: plan.offer } : undefined,
  });

  const abort = new AbortController();
  const store = (o: TurnOutcome) =>
    repo
      .storeOutcome(db, turn.id, o)
      .catch((err: unknown) => deps.log.error({ err }, "could not store the chat turn"));
  const lines = streamAnswer({
    head: {
      chat_id: chat.id,
      turn_id: turn.id,
      original_llm: llm,
      original_search_tools: [...req.search_type],
      sources: { results: sources.results, relevantResultsCount: sources.mostRelevant.length },
      most_relevant_results: sources.mostRelevant,
      other_results: sources.other,
      source_id_map: sources.sourceIdMap,
      ...(appsNotSearched.length ? { apps_not_searched: appsNotSearched } : {}),
      ...(plan.kind === "run" ? plan.head : {}),
    },
    engine,
    input: {
      question,
      passages: sources.passages,
      mode: isCreative(req) ? "creative" : "memories",
      instructions: { custom: customInstructions, generation },
      history,
      userSystemDate: req.user_system_date,
    },
    finalTypes,
    signal: abort.signal,
    store,
    log: deps.log,
  });
  return { chatId: chat.id, lines, abort };
}
