import type { LanguageModel, ModelMessage, ToolSet } from "ai";
import type { AgentId } from "@mnemo/contracts/llm";
import { agentTexts, type ToolStep } from "@mnemo/contracts/stream";
import type { AnswerEngine, AnswerEvent, AnswerInput } from "../engines/engine.ts";
import { answerLanguageLine, buildUserPrompt } from "../providers/prompt.ts";
import { CitationBook } from "./citations.ts";
import { agentSpecs, type AgentSpec } from "./registry.ts";
import { EMAIL_TOOL } from "./tools.ts";

/**
 * Builds the agent's tools for one turn; tools cite what they find in `book`. `notes` are shown as
 * failed steps (an MCP server that did not answer); `close` ends connections when the turn ends.
 */
export type ToolBuilder = (
  spec: AgentSpec,
  book: CitationBook,
) => Promise<{ tools: ToolSet; notes: string[]; close: () => Promise<void> }>;

/**
 * The tool steps of one turn (a tool-call card each in the Thoughts panel, drawn from these
 * fields by the web app). Step ids are numbered here: a provider's call ids need not be unique
 * across the steps of a turn; an outcome takes the id of the latest call with its call id.
 */
class ToolSteps {
  private n = 0;
  private readonly byCall = new Map<string, string>();

  private next(): string {
    return String(++this.n);
  }

  /** A call: what the tool is and what it was asked. */
  call(callId: string, name: string, input: unknown, title?: string): AnswerEvent {
    const id = this.next();
    this.byCall.set(callId, id);
    const q = (input as { query?: unknown } | null)?.query;
    const step: ToolStep = { id, name, status: "running" };
    if (title) step.title = title;
    if (typeof q === "string") step.query = q;
    return { type: "tool-step", step };
  }

  /** The outcome of a call (a call never announced — none so far — gets a card of its own). */
  outcome(
    callId: string,
    name: string,
    outcome: { status: "ok"; summary: string } | { status: "error"; error: string },
  ): AnswerEvent {
    const known = this.byCall.get(callId);
    return {
      type: "tool-step",
      step: known ? { id: known, ...outcome } : { id: this.next(), name, ...outcome },
    };
  }

  /** A note that is no call (an MCP server that did not answer, the step budget). */
  note(error: string): AnswerEvent {
    return { type: "tool-step", step: { id: this.next(), status: "error", error } };
  }
}

function systemPrompt(spec: AgentSpec, input: AnswerInput, maxSteps: number): string {
  const parts = [
    spec.prompt,
    "Call tools to find what you need before answering. Cite every fact taken from a tool result or a numbered passage with its number in square brackets, like [1]. Never invent a source.",
    `You have at most ${maxSteps} steps (each tool round is one step); leave the last one for the answer.`,
    answerLanguageLine(input.question),
  ];
  if (input.userSystemDate) parts.push(`The user's current date is ${input.userSystemDate}.`);
  if (input.instructions.custom?.trim())
    parts.push(`Collection instructions:\n${input.instructions.custom.trim()}`);
  if (input.instructions.generation?.trim())
    parts.push(`The user's instructions for answers:\n${input.instructions.generation.trim()}`);
  return parts.join("\n\n");
}

/**
 * An agent (spec 1 §3): the AI SDK's tool loop over a tool-capable model, with the agent's prompt,
 * tools and step budget (`stopWhen: stepCountIs`). Each tool call and its outcome stream as
 * tool steps; sources found by tools stream as `sources` events; an e-mail the model proposes
 * ends the turn as a tool call for the user to Modify or Execute. A tool call with invalid input
 * is answered with the validation error (the model may retry); a loop that would go on is stopped
 * at the budget and says so.
 */
export function createAgentEngine(id: AgentId, model: LanguageModel, buildTools: ToolBuilder): AnswerEngine {
  const spec = agentSpecs[id];
  return {
    id,
    generative: true,
    async *answer(input: AnswerInput): AsyncGenerator<AnswerEvent> {
      const book = new CitationBook(input.passages);
      const toolSteps = new ToolSteps();
      const { tools, notes, close } = await buildTools(spec, book);
      try {
        for (const note of notes) yield toolSteps.note(note);
        yield* runLoop(spec, model, input, book, tools, toolSteps);
      } finally {
        await close();
      }
    },
  };
}

/** The tool loop of one agent turn (see createAgentEngine). */
async function* runLoop(
  spec: AgentSpec,
  model: LanguageModel,
  input: AnswerInput,
  book: CitationBook,
  tools: ToolSet,
  toolSteps: ToolSteps,
): AsyncGenerator<AnswerEvent> {
  const messages: ModelMessage[] = [];
  for (const turn of input.history.slice(-6))
    messages.push({ role: "user", content: turn.user_query }, { role: "assistant", content: turn.answer });
  messages.push({ role: "user", content: buildUserPrompt(input) });
  const { streamText, stepCountIs } = await import("ai");
  const result = streamText({
    model,
    system: systemPrompt(spec, input, spec.maxSteps),
    messages,
    tools,
    stopWhen: stepCountIs(spec.maxSteps),
    abortSignal: input.signal,
    maxRetries: 0,
  });
  let steps = 0;
  let lastFinish: string | undefined;
  let proposed = false;
  let wroteText = false;
  for await (const part of result.fullStream) {
    switch (part.type) {
      case "reasoning-delta":
        if (part.text) yield { type: "reasoning", text: part.text };
        break;
      case "text-delta":
        if (part.text) {
          wroteText = true;
          yield { type: "text", text: part.text };
        }
        break;
      case "tool-call":
        if (part.toolName === EMAIL_TOOL && !part.invalid) {
          proposed = true;
          yield toolSteps.call(part.toolCallId, part.toolName, part.input);
          yield {
            type: "tool-call",
            toolName: part.toolName,
            params: part.input as Record<string, unknown>,
          };
        } else yield toolSteps.call(part.toolCallId, part.toolName, part.input, part.title);
        break;
      case "tool-result": {
        if (part.toolName === "save_memory") yield { type: "echo-memory" };
        const fresh = book.takeFresh();
        const out = typeof part.output === "string" ? part.output : "";
        // Every source the result cites (the first line of each numbered passage), new or not.
        const cited = [...out.matchAll(/^\[(\d+)\] (.+?)(?: \(https?:\/\/\S+\))?$/gm)].map(
          (m) => `${m[2]} [${m[1]}]`,
        );
        const summary = cited.length ? agentTexts.foundSources([...new Set(cited)]) : out.slice(0, 200);
        yield toolSteps.outcome(part.toolCallId, part.toolName, { status: "ok", summary });
        if (fresh.length) yield { type: "sources", passages: fresh };
        break;
      }
      case "tool-error":
        yield toolSteps.outcome(part.toolCallId, part.toolName, {
          status: "error",
          error: String((part.error as Error)?.message ?? part.error),
        });
        break;
      case "finish-step":
        steps++;
        lastFinish = part.finishReason;
        break;
      case "error":
        throw part.error instanceof Error ? part.error : new Error(String(part.error));
    }
  }
  if (proposed) {
    if (!wroteText) yield { type: "text", text: agentTexts.emailProposed };
  } else if (lastFinish === "tool-calls" && steps >= spec.maxSteps) {
    yield toolSteps.note(agentTexts.stepBudget(spec.maxSteps));
    yield { type: "text", text: (wroteText ? "\n\n" : "") + agentTexts.stoppedAtBudget(spec.maxSteps) };
  }
}
