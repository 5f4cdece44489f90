import { z } from "zod";
import type { LanguageModel } from "ai";
import { agentIds, type AgentId } from "@mnemo/contracts/llm";
import { suggestAgent } from "./registry.ts";

/** The tool the routing model must call (a forced tool call: structured output any tool model gives). */
export const ROUTE_TOOL = "choose_agent";

/** How long the routing call may take before the word cues decide instead. */
const ROUTE_TIMEOUT_MS = 15_000;

/** An agent as the routing prompt names it: its id, display name and what it is for. */
export type AgentPurpose = { id: AgentId; name: string; description: string };

const zChoice = z.object({
  agent: z.enum(agentIds).describe("The id of the agent best suited to answer the question"),
});

/** The short classification prompt: the five agents and their purposes, the picked one, the question. */
export function routingPrompt(question: string, current: AgentId, agents: AgentPurpose[]): string {
  return [
    "Choose which assistant agent should answer the user's question. The agents:",
    ...agents.map((a) => `- ${a.id} (${a.name}): ${a.description}`),
    `The user picked ${current}. Keep ${current} unless the question is clearly another agent's job.`,
    `Call ${ROUTE_TOOL} with the chosen agent's id.`,
    "",
    `Question: ${question.slice(0, 4_000)}`,
  ].join("\n");
}

/**
 * Asks the model which agent suits the question (agent re-routing, spec 1 §4): one forced call of
 * the `choose_agent` tool, whose input is checked by its zod schema. Returns the better agent, or
 * null when `current` is the model's choice. Throws when the call fails, times out or the model
 * calls no valid choice.
 */
export async function agentByModel(
  model: LanguageModel,
  question: string,
  current: AgentId,
  agents: AgentPurpose[],
  signal?: AbortSignal,
): Promise<AgentId | null> {
  const { generateText, tool } = await import("ai");
  const timeout = AbortSignal.timeout(ROUTE_TIMEOUT_MS);
  const result = await generateText({
    model,
    prompt: routingPrompt(question, current, agents),
    tools: { [ROUTE_TOOL]: tool({ description: "Choose the agent that answers", inputSchema: zChoice }) },
    toolChoice: { type: "tool", toolName: ROUTE_TOOL },
    maxRetries: 0,
    abortSignal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  const call = result.toolCalls.find((c) => c.toolName === ROUTE_TOOL && !c.invalid);
  const parsed = zChoice.safeParse(call?.input);
  if (!parsed.success) throw new Error("the model chose no agent");
  return parsed.data.agent === current ? null : parsed.data.agent;
}

/**
 * The agent a question suits better than `current`, if any: the language model decides when one
 * is configured; the word cues decide with no model (the offline engine) or when the model call
 * fails (`onFallback` is told why).
 */
export async function chooseAgent(opts: {
  model: LanguageModel | undefined;
  question: string;
  current: AgentId;
  agents: AgentPurpose[];
  onFallback?: (err: unknown) => void;
}): Promise<AgentId | null> {
  const { model, question, current, agents } = opts;
  if (!model) return suggestAgent(question, current);
  try {
    return await agentByModel(model, question, current, agents);
  } catch (err) {
    opts.onFallback?.(err);
    return suggestAgent(question, current);
  }
}
