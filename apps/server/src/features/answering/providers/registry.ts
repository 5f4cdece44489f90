import type { LanguageModel } from "ai";
import {
  EXTRACTIVE_MODEL_ID,
  agentIds,
  isAgentId,
  type Agent,
  type AgentId,
  type LlmOption,
} from "@mnemo/contracts/llm";
import { agentTexts } from "@mnemo/contracts/stream";
import type { Config } from "../../../platform/config.ts";
import type { AnswerEngine } from "../engines/engine.ts";
import { createExtractiveEngine } from "../engines/extractive/engine.ts";
import { createLlmEngine } from "./llm-engine.ts";
import { lazyLanguageModel } from "./lazy-model.ts";

/** A configured generative model. */
export type ConfiguredModel = {
  id: string;
  name: string;
  provider: "openai" | "anthropic" | "openai_compatible";
  env: "cloud" | "local";
  toolCapable: boolean;
  model: LanguageModel;
};

export type ModelRegistry = {
  options(): LlmOption[];
  agents(): Agent[];
  /** The engine for an LLM option or agent id; the extractive engine when none is given. */
  engine(id?: string | null): AnswerEngine | undefined;
  /** The first generative engine, for creative mode when a non-generative one is selected. */
  generative(): AnswerEngine | undefined;
  /** The stronger general model the no-context hint suggests (the default generative model). */
  strongerModel(): { id: string; name: string } | undefined;
  /** The tool-capable model agents run on; undefined when none is configured. */
  agentModel(): LanguageModel | undefined;
};

const AGENTS: Record<AgentId, { name: string; icon: string; description: string }> = {
  findr_agent: {
    name: "Search agent",
    icon: "search",
    description: "Searches your memories, the web and your apps to answer.",
  },
  research_agent: {
    name: "Research agent",
    icon: "book-open",
    description: "Digs through many sources and writes a cited report.",
  },
  social_media_agent: {
    name: "Social media agent",
    icon: "share-2",
    description: "Drafts posts from your memories.",
  },
  code_agent: {
    name: "Code agent",
    icon: "code",
    description: "Writes and explains code with your memories as context.",
  },
  marketing_agent: {
    name: "Marketing agent",
    icon: "megaphone",
    description: "Drafts marketing copy from your memories.",
  },
};

/** The models configured by environment (OpenAI, Anthropic, OpenAI-compatible); none by default. */
export function modelsFromConfig(config: Config): ConfiguredModel[] {
  const out: ConfiguredModel[] = [];
  if (config.OPENAI_API_KEY) {
    const settings = { apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL };
    for (const id of config.OPENAI_MODELS.length ? config.OPENAI_MODELS : ["gpt-4o-mini"]) {
      const model = lazyLanguageModel("openai", id, async () =>
        (await import("@ai-sdk/openai")).createOpenAI(settings)(id),
      );
      out.push({ id, name: id, provider: "openai", env: "cloud", toolCapable: true, model });
    }
  }
  if (config.ANTHROPIC_API_KEY) {
    const settings = { apiKey: config.ANTHROPIC_API_KEY };
    for (const id of config.ANTHROPIC_MODELS.length ? config.ANTHROPIC_MODELS : ["claude-sonnet-4-5"]) {
      out.push({
        id,
        name: id,
        provider: "anthropic",
        env: "cloud",
        toolCapable: true,
        model: lazyLanguageModel("anthropic", id, async () =>
          (await import("@ai-sdk/anthropic")).createAnthropic(settings)(id),
        ),
      });
    }
  }
  if (config.OPENAI_COMPATIBLE_BASE_URL && config.OPENAI_COMPATIBLE_MODELS.length) {
    const settings = {
      name: "openai_compatible",
      baseURL: config.OPENAI_COMPATIBLE_BASE_URL,
      apiKey: config.OPENAI_COMPATIBLE_API_KEY,
    };
    for (const id of config.OPENAI_COMPATIBLE_MODELS) {
      out.push({
        id,
        name: id,
        provider: "openai_compatible",
        env: "local",
        toolCapable: config.OPENAI_COMPATIBLE_TOOLS,
        model: lazyLanguageModel("openai_compatible", id, async () =>
          (await import("@ai-sdk/openai-compatible")).createOpenAICompatible(settings).chatModel(id),
        ),
      });
    }
  }
  return out;
}

/** The LLM options and agents (spec 1 §3) over the configured models plus the extractive engine. */
export function createModelRegistry(
  models: ConfiguredModel[],
  opts: { defaultModel?: string } = {},
): ModelRegistry {
  const extractive = createExtractiveEngine();
  const engines = new Map<string, AnswerEngine>([[extractive.id, extractive]]);
  for (const m of models) if (!engines.has(m.id)) engines.set(m.id, createLlmEngine(m.id, m.model));
  // The spec's default is a named general model (DEFAULT_MODEL) when it is configured; else the first.
  const named = models.find((m) => m.id === opts.defaultModel);
  const first = named ?? models[0];
  const toolModel = models.find((m) => m.toolCapable);
  const defaultId =
    named?.id ??
    (opts.defaultModel === EXTRACTIVE_MODEL_ID ? EXTRACTIVE_MODEL_ID : (first?.id ?? EXTRACTIVE_MODEL_ID));
  return {
    options() {
      const base: LlmOption = {
        id: EXTRACTIVE_MODEL_ID,
        name: "Mnemo extractive (offline)",
        is_active: true,
        type: "llm",
        provider: "mnemo",
        env: "local",
        rank: models.length + 1,
        paid_default: defaultId === EXTRACTIVE_MODEL_ID,
        free_default: defaultId === EXTRACTIVE_MODEL_ID,
        generative: false,
      };
      const llms = models.map((m, i): LlmOption => ({
        id: m.id,
        name: m.name,
        is_active: true,
        type: "llm",
        provider: m.provider,
        env: m.env,
        rank: i + 1,
        paid_default: m.id === defaultId,
        free_default: m.id === defaultId,
        generative: true,
      }));
      return [...llms, base];
    },
    agents() {
      return agentIds.map((id, i): Agent => ({
        id,
        ...AGENTS[id],
        env: toolModel?.env ?? "local",
        provider: toolModel?.provider ?? "none",
        rank: i + 1,
        is_active: Boolean(toolModel),
        paid_default: false,
        free_default: false,
        ...(toolModel ? {} : { reason: agentTexts.agentsUnavailable }),
      }));
    },
    engine(id) {
      if (!id) return extractive;
      // Agents are built per turn (their tools need the actor's scope): see modules/agents.
      if (isAgentId(id)) return undefined;
      return engines.get(id);
    },
    generative() {
      return first ? engines.get(first.id) : undefined;
    },
    strongerModel() {
      return first ? { id: first.id, name: first.name } : undefined;
    },
    agentModel() {
      return toolModel?.model;
    },
  };
}
