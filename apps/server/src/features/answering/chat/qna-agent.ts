import type { ToolSet } from "ai";
import { chatMessages } from "@mnemo/contracts";
import type { ChatRequest } from "@mnemo/contracts/chat";
import { isAgentId, type AgentId } from "@mnemo/contracts/llm";
import { agentTexts, type StreamLine } from "@mnemo/contracts/stream";
import type { Actor } from "../../../platform/context.ts";
import { validation } from "../../../platform/lib/errors.ts";
import type { AnswerEngine, AnswerEvent } from "../engines/engine.ts";
import type { CitationBook } from "../agents/citations.ts";
import { createAgentEngine } from "../agents/engine.ts";
import { agentSpecs } from "../agents/registry.ts";
import { chooseAgent } from "../agents/routing.ts";
import { platformTools, type ToolDeps } from "../agents/tools.ts";
import type { ModelRegistry } from "../providers/registry.ts";
import type { SearchScope } from "../../../core/search/types.ts";
import * as repo from "./repo.ts";

/** The user's MCP tools for one agent turn (modules/agents/mcp); none when not wired. */
export type McpToolSource = (
  actor: Actor,
  book: CitationBook,
) => Promise<{ tools: ToolSet; notes: string[]; close: () => Promise<void> }>;

export type AgentDeps = Omit<ToolDeps, "web" | "saveMemory"> & {
  /** Saves a note as the actor's memory (the save_memory tool); absent: not offered. */
  saveMemory?: (actor: Actor, title: string, markdown: string) => Promise<{ id: string; title: string }>;
  models: ModelRegistry;
  web?: ToolDeps["web"];
  mcp?: McpToolSource;
};

/** A re-routing offer stored on its turn, so the yes/no answer can re-run the question. */
type RerouteOffer = { from: AgentId; to: AgentId; question: string };

export type AgentPlan =
  /** Not an agent turn. */
  | { kind: "none" }
  /** The question suits another agent: offer it (nothing runs, nothing is counted). */
  | { kind: "offer"; engine: AnswerEngine; offer: RerouteOffer }
  /** An agent runs; `question` is what it is asked, `head` extra keys of the first line. */
  | { kind: "run"; engine: AnswerEngine; question: string; head: StreamLine };

const agentName = (id: AgentId, models: ModelRegistry) =>
  models.agents().find((a) => a.id === id)?.name ?? id;

/** An engine that only says `text` and offers Yes / No (spec 1 §4 agent-routing follow-up). */
function offerEngine(text: string): AnswerEngine {
  return {
    id: "agent_routing",
    generative: false,
    async *answer(): AsyncGenerator<AnswerEvent> {
      yield { type: "text", text };
      yield { type: "follow-ups", questions: [agentTexts.rerouteYes, agentTexts.rerouteNo] };
    },
  };
}

/** The offer the chat's last turn made, when this question answers it with yes or no. */
async function pendingOffer(deps: AgentDeps, chatId: string, question: string) {
  const answer = question.trim().toLowerCase().replace(/[.!]$/, "");
  if (answer !== "yes" && answer !== "no") return null;
  const turns = await repo.listTurns(deps.db, chatId);
  const offer = turns.at(-1)?.metadata?.reroute_offer as RerouteOffer | undefined;
  return offer ? { offer, yes: answer === "yes" } : null;
}

/** What Modify asks the agent (spec 1 §4: the modified prompt is sent with modify_tool_call). */
function modifyQuestion(req: ChatRequest): string {
  const text = (typeof req.modify_tool_call === "string" ? req.modify_tool_call : req.question).trim();
  if (!text) throw validation(chatMessages.enterModifications);
  return [
    "Change the e-mail you proposed, as the user asks, and call send_email again with the whole changed e-mail.",
    `Proposed e-mail (JSON): ${JSON.stringify(req.tool_call_config?.params ?? {})}`,
    `The user's changes: ${text}`,
  ].join("\n");
}

/**
 * Decides how an agent takes part in a question: a Modify of a proposed e-mail, the yes/no answer
 * to a re-routing offer, an offer to re-route, a plain agent run — or none. Throws (before
 * anything is counted) when an agent is asked for and no tool-capable model is configured.
 */
export async function planAgentTurn(
  deps: AgentDeps,
  actor: Actor,
  req: ChatRequest,
  chatId: string,
  scope: SearchScope,
): Promise<AgentPlan> {
  const model = deps.models.agentModel();
  const build = (id: AgentId) =>
    createAgentEngine(id, model!, async (spec, book) => {
      const save = deps.saveMemory;
      const own = await platformTools(
        { ...deps, saveMemory: save && ((title, markdown) => save(actor, title, markdown)) },
        spec,
        { scope, book },
      );
      const mcp = spec.mcp && deps.mcp ? await deps.mcp(actor, book) : undefined;
      return {
        tools: { ...mcp?.tools, ...own },
        notes: mcp?.notes ?? [],
        close: mcp?.close ?? (async () => {}),
      };
    });
  const selected = isAgentId(req.selected_generation_model) ? req.selected_generation_model : null;

  if (req.modify_tool_call && req.tool_call_config) {
    if (!model) throw validation(agentTexts.agentsUnavailable);
    const id = selected && agentSpecs[selected].tools.includes("send_email") ? selected : "findr_agent";
    return { kind: "run", engine: build(id), question: modifyQuestion(req), head: {} };
  }
  const answered = await pendingOffer(deps, chatId, req.question);
  if (answered) {
    if (!model) throw validation(agentTexts.agentsUnavailable);
    const id = answered.yes ? answered.offer.to : answered.offer.from;
    return {
      kind: "run",
      engine: build(id),
      question: answered.offer.question,
      head: { agent_re_routed: answered.yes, agent_re_routing_complete: true, reroute: id },
    };
  }
  if (!selected) return { kind: "none" };
  if (!model) throw validation(agentTexts.agentsUnavailable);
  const better = await chooseAgent({
    model,
    question: req.question,
    current: selected,
    agents: deps.models.agents(),
    onFallback: (err) =>
      deps.log.warn(
        { err: (err as Error).message },
        "agent routing: the model did not choose; the word cues decide",
      ),
  });
  if (better) {
    const offer = { from: selected, to: better, question: req.question };
    return {
      kind: "offer",
      engine: offerEngine(agentTexts.rerouteOffer(agentName(better, deps.models))),
      offer,
    };
  }
  return { kind: "run", engine: build(selected), question: req.question, head: {} };
}
