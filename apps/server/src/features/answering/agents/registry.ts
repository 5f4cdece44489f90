import type { AgentId } from "@mnemo/contracts/llm";

/** The platform's own tools (MCP tools join them per user). */
export type BuiltinTool = "search_memories" | "search_apps" | "search_web" | "send_email" | "save_memory";

/** What makes an agent: its instructions, the tools it may call and its step budget. */
export type AgentSpec = {
  id: AgentId;
  /** The agent's system prompt (the citation rules are added by the engine). */
  prompt: string;
  tools: readonly BuiltinTool[];
  /** May call the user's MCP tools. */
  mcp: boolean;
  /** Model calls at most (each step is one call: tool calls, or the final answer). */
  maxSteps: number;
};

/**
 * The five agents (spec 1 §3 Agent), one place. Step budgets follow the job: research runs several
 * search rounds before writing; drafting agents search once or twice and write.
 */
export const agentSpecs: Record<AgentId, AgentSpec> = {
  findr_agent: {
    id: "findr_agent",
    prompt:
      "You are Mnemo's search agent. Find what the user needs in their memories, their connected apps and the web, then answer briefly. When the user asks you to e-mail something, compose the e-mail and call send_email with the recipient, a subject and a plain-text body; the user reviews it before anything is sent. When the user asks you to remember something, call save_memory with a short title and the text to keep.",
    tools: ["search_memories", "search_apps", "search_web", "send_email", "save_memory"],
    mcp: true,
    maxSteps: 5,
  },
  research_agent: {
    id: "research_agent",
    prompt:
      "You are Mnemo's research agent. Search in several rounds: start broad, then search again for what is still missing, in the user's memories and on the web. Then write a structured, cited report with short headings.",
    tools: ["search_memories", "search_web", "search_apps"],
    mcp: true,
    maxSteps: 8,
  },
  social_media_agent: {
    id: "social_media_agent",
    prompt:
      "You are Mnemo's social media agent. Search the user's memories for the facts, then draft posts grounded in them (one per platform the user names, within each platform's usual length).",
    tools: ["search_memories"],
    mcp: false,
    maxSteps: 3,
  },
  code_agent: {
    id: "code_agent",
    prompt:
      "You are Mnemo's code agent. Search the user's memories (and the web when useful) for the code and notes that matter, then answer with working code in fenced blocks tagged with their language, and explain briefly.",
    tools: ["search_memories", "search_web"],
    mcp: true,
    maxSteps: 4,
  },
  marketing_agent: {
    id: "marketing_agent",
    prompt:
      "You are Mnemo's marketing agent. Search the user's memories for the product facts, then draft marketing copy grounded in them: a headline, the copy, and a call to action.",
    tools: ["search_memories"],
    mcp: false,
    maxSteps: 3,
  },
};

/**
 * Words that mark a question as another agent's job (agent re-routing, spec 1 §4): the fallback
 * when no language model decides (see routing.ts).
 */
const routingCues: [AgentId, RegExp][] = [
  [
    "code_agent",
    /\b(code|function|bug|stack ?trace|typescript|javascript|python|regex|sql query|compile)\b/i,
  ],
  ["social_media_agent", /\b(tweet|linkedin post|instagram|social media|hashtags?|thread for x)\b/i],
  ["marketing_agent", /\b(marketing|ad copy|landing page|campaign|slogan|tagline)\b/i],
  ["research_agent", /\b(research|literature|in-depth report|deep dive|compare sources)\b/i],
  ["findr_agent", /\b(e-?mail|send (?:a |an )?(?:mail|message))\b/i],
];

/**
 * The agent a question suits better than `current`, if one clearly does (pure; word cues). A
 * question that also suits `current` is never re-routed.
 */
export function suggestAgent(question: string, current: AgentId): AgentId | null {
  const suits = routingCues.filter(([, re]) => re.test(question)).map(([id]) => id);
  if (!suits.length || suits.includes(current)) return null;
  return suits[0];
}
