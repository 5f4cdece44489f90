import type { LanguageModel, ModelMessage, ToolSet } from "ai";
import type { AgentId } from "@mnemo/contracts/llm";
import { agentTexts } from "@mnemo/contracts/stream";
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

const toolLabels: Record<string, string> = {
  search_memories: "Search memories",
  search_apps: "Search apps",
  search_web: "Search the web",
  [EMAIL_TOOL]: "Compose an e-mail",
  save_memory: "Save a memory",
};

/** The thought line of a tool call (a tool-call card in the Thoughts panel). */
export function toolCallLine(toolName: string, input: unknown, title?: string): string {
  const label = toolLabels[toolName] ?? title ?? `Tool ${toolName}`;
  const q = (input as { query?: unknown } | null)?.query;
  const what = typeof q === "string" ? `: “${q}”` : "";
  return `\n${agentTexts.toolCallMark} ${label}${what}\n`;
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
 * thought lines; sources found by tools stream as `sources` events; an e-mail the model proposes
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
      const { tools, notes, close } = await buildTools(spec, book);
      try {
        for (const note of notes) yield { type: "reasoning", text: `${agentTexts.errorMark} ${note}\n` };
        yield* runLoop(spec, model, input, book, tools);
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
          yield { type: "reasoning", text: toolCallLine(part.toolName, part.input) };
          yield {
            type: "tool-call",
            toolName: part.toolName,
            params: part.input as Record<string, unknown>,
          };
        } else yield { type: "reasoning", text: toolCallLine(part.toolName, part.input, part.title) };
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
        yield { type: "reasoning", text: `${agentTexts.resultMark} ${summary}\n` };
        if (fresh.length) yield { type: "sources", passages: fresh };
        break;
      }
      case "tool-error":
        yield {
          type: "reasoning",
          text: `${agentTexts.errorMark} ${agentTexts.toolFailed(String((part.error as Error)?.message ?? part.error))}\n`,
        };
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
    yield {
      type: "reasoning",
      text: `${agentTexts.errorMark} ${agentTexts.stepBudget(spec.maxSteps)}\n`,
    };
    yield { type: "text", text: (wroteText ? "\n\n" : "") + agentTexts.stoppedAtBudget(spec.maxSteps) };
  }
}
