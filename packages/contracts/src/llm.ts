import { z } from "zod";
import { models } from "./constants.ts";

/** Id of the built-in offline engine; always present and active in the LLM options. */
export const EXTRACTIVE_MODEL_ID = "mnemo-extractive";

/** One entry of the model picker (spec 1 §3 LLM option). */
export const zLlmOption = z.object({
  id: z.string(),
  name: z.string(),
  is_active: z.boolean(),
  /** llm or agent */
  type: z.enum(["llm", "agent"]),
  /** openai | anthropic | openai_compatible | mnemo */
  provider: z.string(),
  /** Environment label of the model (e.g. "local", "cloud"). */
  env: z.string(),
  rank: z.number().int(),
  paid_default: z.boolean(),
  free_default: z.boolean(),
  /** Why an entry is inactive (shown as 'Temporarily unavailable'). */
  reason: z.string().optional(),
  /** The model can generate free text (creative mode, agents). The extractive engine cannot. */
  generative: z.boolean().optional(),
});
export type LlmOption = z.infer<typeof zLlmOption>;

/** Agent ids the product offers (spec 1 §3 Agent). */
export const agentIds = models.agentIds;
export type AgentId = (typeof agentIds)[number];
/** Whether a model id names an agent (an agent runs instead of a language model). */
export const isAgentId = (id: string | null | undefined): id is AgentId =>
  !!id && (agentIds as readonly string[]).includes(id);

/** One agent of the model / agent picker (spec 1 §3 Agent). */
export const zAgent = z.object({
  id: z.enum(agentIds),
  name: z.string(),
  icon: z.string(),
  description: z.string(),
  env: z.string(),
  provider: z.string(),
  rank: z.number().int(),
  is_active: z.boolean(),
  paid_default: z.boolean(),
  free_default: z.boolean(),
  /** Why the agent is inactive, when it is. */
  reason: z.string().optional(),
});
export type Agent = z.infer<typeof zAgent>;

/** Why the Web toggle is disabled when no web search provider is configured (composed). */
export const webSearchUnavailable =
  "Web search needs a web search provider (SearXNG, Brave or Tavily), and none is configured.";

/** Why the Creative toggle is disabled when no generative model is configured (composed). */
export const creativeUnavailable =
  "Creative mode needs a generative model (OpenAI, Anthropic or an OpenAI-compatible server), and none is configured.";

export const zLlmOptionsResponse = z.object({
  llms: z.array(zLlmOption),
  /** Whether web search can run (a provider is configured); the Web toggle is disabled with `reason` otherwise. */
  web_search: z.object({ available: z.boolean(), reason: z.string().optional() }).optional(),
});
export const zAgentsResponse = z.object({ agents: z.array(zAgent) });
