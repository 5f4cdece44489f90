import { z } from "zod";
import { zSourceIdMap, zSourceResult, type SourceIdMap, type SourceResult } from "./chat.ts";
import { noRelevantContextFor, saysNoRelevantContext } from "./answer-locale.ts";
import { errorCodes } from "./errors.ts";
import { applyToolStep, zToolStep, type PlacedToolStep } from "./tool-steps.ts";

export * from "./tool-steps.ts";

/**
 * Why an answer failed, so clients branch on a code, never on the text: an error code, or
 * `daily_limit` for the free plan's daily question limit (the client offers Upgrade, spec 1 §4).
 */
export const answerErrorCodes = [...errorCodes, "daily_limit"] as const;
export type AnswerErrorCode = (typeof answerErrorCodes)[number];
/** Header carrying the `AnswerErrorCode` of a /qna refused before streaming (its body stays the text). */
export const ANSWER_ERROR_HEADER = "x-answer-error";

/** Reasoning travels inside `chunk` text between these markers (ARCHITECTURE §4). */
export const THINK_START = "<think>";
export const THINK_END = "</think>";

/** Answer texts the server streams (composed; the spec describes them without wording). */
export const answerTexts = {
  /** Start of the answer when nothing relevant was found; the stronger-model hint keys on it (and its translations, answer-locale.ts). */
  noRelevantContext: "I couldn't find relevant context in your memories",
  noRelevantContextFull: (q: string) => noRelevantContextFor("en", q),
  noGenerativeModel:
    "Creative mode needs a generative model, and no generative model is configured. Ask your administrator to configure an OpenAI, Anthropic or OpenAI-compatible model.",
  strongerModelHint: (model: string) =>
    `\n\n_Tip: try asking again with ${model} or another model for a broader answer._`,
} as const;

/**
 * Texts of an agent's steps (composed; the spec names the Thoughts panel, not its lines). Tool
 * steps travel as `tool_step` lines (tool-steps.ts). Turns stored before that kept them as thought
 * lines: a line starting with `toolCallMark` a tool call, `resultMark` / `errorMark` lines its
 * outcome; the web app reads those marks in stored history only.
 */
export const agentTexts = {
  toolCallMark: "▸",
  resultMark: "  ✓",
  errorMark: "  ✗",
  foundSources: (titles: string[]) => `Found ${titles.join(", ")}`,
  toolFailed: (message: string) => `The tool failed: ${message}`,
  stepBudget: (n: number) => `Stopped at the step budget (${n} steps).`,
  stoppedAtBudget: (n: number) =>
    `I stopped after ${n} steps, my step budget, before finishing. The sources found so far are listed below; ask again more precisely to continue.`,
  emailProposed: "I drafted this e-mail. Press Modify to change it, or Execute to send it.",
  mcpTimeout: (server: string, seconds: number) =>
    `The MCP server ${server} did not answer within ${seconds} s.`,
  /** Agent re-routing (spec 1 §4): the yes/no follow-up question. */
  rerouteOffer: (agent: string) =>
    `This question suits the ${agent} better. Shall I ask the ${agent} instead?`,
  rerouteYes: "Yes",
  rerouteNo: "No",
  agentsUnavailable:
    "Agents need a tool-capable model (OpenAI, Anthropic, or an OpenAI-compatible model with OPENAI_COMPATIBLE_TOOLS); none is configured.",
} as const;

/** Each key a reply line may carry (spec 1 §3 Streamed reply lines); a line carries one or more. */
export const zStreamLine = z
  .object({
    chunk: z.string(),
    sources: z.object({ results: z.array(zSourceResult), relevantResultsCount: z.number().int().min(0) }),
    most_relevant_results: z.array(zSourceResult),
    other_results: z.array(zSourceResult),
    source_id_map: zSourceIdMap,
    end_of_data: z.boolean(),
    follow_up_questions: z.array(z.string()),
    tool_call_tool_name: z.string(),
    tool_call_params: z.record(z.string(), z.unknown()),
    final_results_search_types: z.array(z.string()),
    original_llm: z.string(),
    original_search_tools: z.array(z.string()),
    agent_re_routed: z.boolean(),
    agent_re_routing_complete: z.boolean(),
    reroute: z.union([z.boolean(), z.string(), z.record(z.string(), z.unknown())]),
    added_echo_memory: z.boolean(),
    /** The chat this turn was stored in (set when the server created it). */
    chat_id: z.string(),
    /** The stored turn (its id names it in later calls: votes, a stopped answer, Save as memory). */
    turn_id: z.string(),
    /** A failure after streaming began; the item becomes error. */
    error: z.string(),
    /** Why it failed (sent with `error`). */
    error_code: z.enum(answerErrorCodes),
    /** Selected apps that were not searched because no account of them is connected (names). */
    apps_not_searched: z.array(z.string()),
    /** An agent's tool step (its call or its outcome), placed after the thoughts so far. */
    tool_step: zToolStep,
  })
  .partial();
export type StreamLine = z.infer<typeof zStreamLine>;

/** One chat item (spec 1 §3 Chat item), the state the stream parser updates. */
export type ChatItemState = {
  query: string;
  status: "loading" | "streaming" | "success" | "error" | "cancelled";
  response: string;
  chainOfThoughts: string;
  isThinking: boolean;
  llm: string | null;
  searchType: string[];
  sources: { results: SourceResult[]; relevantResultsCount: number };
  mostRelevantResults: SourceResult[];
  otherResults: SourceResult[];
  relatedQuestions: string[];
  is_agent_routing_followup_question: boolean;
  isFirstChunkReceived: boolean;
  endOfData: boolean;
  isAgentReRouted: boolean;
  isAgentReRoutingComplete: boolean;
  isEchoMemory: boolean;
  sourceIdMap: SourceIdMap;
  tool_call_tool_name: string | null;
  tool_call_params: Record<string, unknown> | null;
  chatId: string | null;
  /** The stored turn, once the head line named it. */
  turnId: string | null;
  error: string | null;
  /** The code of `error` when the server gave one. */
  errorCode: AnswerErrorCode | null;
  /** Text held back because it may be the start of a think marker split across chunks. */
  pending: string;
  /** Selected apps the answer could not search (not connected). */
  appsNotSearched: string[];
  /**
   * The agent's tool steps, each placed in `chainOfThoughts`. Null: a turn stored before steps
   * were typed, whose steps are marked lines of `chainOfThoughts` (`agentTexts`).
   */
  toolSteps: PlacedToolStep[] | null;
  /** Tool lines applied so far (a stopped answer records how many the reader saw). */
  toolStepLines: number;
};

/** A new chat item in the loading state. */
export function newChatItem(
  query: string,
  llm: string | null = null,
  searchType: string[] = [],
): ChatItemState {
  return {
    query,
    status: "loading",
    response: "",
    chainOfThoughts: "",
    isThinking: false,
    llm,
    searchType,
    sources: { results: [], relevantResultsCount: 0 },
    mostRelevantResults: [],
    otherResults: [],
    relatedQuestions: [],
    is_agent_routing_followup_question: false,
    isFirstChunkReceived: false,
    endOfData: false,
    isAgentReRouted: false,
    isAgentReRoutingComplete: false,
    isEchoMemory: false,
    sourceIdMap: {},
    tool_call_tool_name: null,
    tool_call_params: null,
    chatId: null,
    appsNotSearched: [],
    turnId: null,
    error: null,
    errorCode: null,
    pending: "",
    toolSteps: [],
    toolStepLines: 0,
  };
}

/** Options of the reducer: the stronger general model the no-context hint suggests. */
export type ApplyOptions = { strongerModel?: { id: string; name: string } };

/** Longest suffix of `text` that is a proper prefix of `marker` (a marker possibly split across chunks). */
function partialMarkerSuffix(text: string, marker: string): number {
  for (let n = Math.min(marker.length - 1, text.length); n > 0; n--) {
    if (text.endsWith(marker.slice(0, n))) return n;
  }
  return 0;
}

/**
 * Splits chunk text into thoughts and answer. Thinking begins when a chunk starts with `<think>`
 * (leading whitespace ignored) and ends at `</think>`: text before the end marker is thoughts,
 * text after it is answer. Markers split across chunks are held in `pending` until complete.
 */
function applyChunk(s: ChatItemState, text: string): ChatItemState {
  let buf = s.pending + text;
  let { response, chainOfThoughts, isThinking } = s;
  let pending = "";
  while (buf.length) {
    if (!isThinking) {
      const lead = buf.trimStart();
      if (lead.startsWith(THINK_START)) {
        isThinking = true;
        buf = lead.slice(THINK_START.length);
        continue;
      }
      if (lead.length < THINK_START.length && THINK_START.startsWith(lead)) {
        pending = buf;
        break;
      }
      response += buf;
      break;
    }
    const end = buf.indexOf(THINK_END);
    if (end >= 0) {
      chainOfThoughts += buf.slice(0, end);
      isThinking = false;
      buf = buf.slice(end + THINK_END.length);
      // Answer text right after the end marker is answer, even if it looks like a new start marker.
      if (buf.length && !buf.trimStart().startsWith(THINK_START)) {
        response += buf;
        break;
      }
      continue;
    }
    const keep = partialMarkerSuffix(buf, THINK_END);
    chainOfThoughts += buf.slice(0, buf.length - keep);
    pending = buf.slice(buf.length - keep);
    break;
  }
  return { ...s, response, chainOfThoughts, isThinking, pending };
}

function isYesNo(questions: string[]): boolean {
  const norm = questions.map((q) =>
    q
      .trim()
      .toLowerCase()
      .replace(/[.!?]$/, ""),
  );
  return norm.length === 2 && norm.includes("yes") && norm.includes("no");
}

function finish(s: ChatItemState, opts: ApplyOptions): ChatItemState {
  let next: ChatItemState = s.pending ? { ...s, pending: "" } : s;
  if (s.pending)
    next = s.isThinking
      ? { ...next, chainOfThoughts: next.chainOfThoughts + s.pending }
      : { ...next, response: next.response + s.pending };
  const stronger = opts.strongerModel;
  if (
    stronger &&
    saysNoRelevantContext(next.response) &&
    next.llm !== stronger.id &&
    !next.isAgentReRouted &&
    !next.response.includes(answerTexts.strongerModelHint(stronger.name))
  ) {
    next = { ...next, response: next.response + answerTexts.strongerModelHint(stronger.name) };
  }
  return {
    ...next,
    endOfData: true,
    isThinking: false,
    status: next.status === "cancelled" || next.status === "error" ? next.status : "success",
  };
}

/** Applies one reply line to a chat item (spec 1 §4); pure. */
export function applyStreamLine(
  state: ChatItemState,
  line: StreamLine,
  opts: ApplyOptions = {},
): ChatItemState {
  if (state.status === "cancelled" || (state.status === "error" && state.endOfData)) return state;
  let s = state;
  if (line.chat_id !== undefined) s = { ...s, chatId: line.chat_id };
  if (line.apps_not_searched !== undefined) s = { ...s, appsNotSearched: line.apps_not_searched };
  if (line.turn_id !== undefined) s = { ...s, turnId: line.turn_id };
  if (line.original_llm !== undefined) s = { ...s, llm: line.original_llm };
  if (line.final_results_search_types !== undefined)
    s = { ...s, searchType: line.final_results_search_types };
  if (line.sources !== undefined) s = { ...s, sources: line.sources };
  if (line.most_relevant_results !== undefined) s = { ...s, mostRelevantResults: line.most_relevant_results };
  if (line.other_results !== undefined) s = { ...s, otherResults: line.other_results };
  if (line.source_id_map !== undefined)
    s = { ...s, sourceIdMap: { ...s.sourceIdMap, ...line.source_id_map } };
  if (line.agent_re_routed !== undefined) s = { ...s, isAgentReRouted: line.agent_re_routed };
  if (line.agent_re_routing_complete !== undefined)
    s = { ...s, isAgentReRoutingComplete: line.agent_re_routing_complete };
  if (line.reroute !== undefined && line.reroute !== false) s = { ...s, isAgentReRouted: true };
  if (line.added_echo_memory !== undefined) s = { ...s, isEchoMemory: line.added_echo_memory };
  if (line.tool_call_tool_name !== undefined) s = { ...s, tool_call_tool_name: line.tool_call_tool_name };
  if (line.tool_call_params !== undefined) s = { ...s, tool_call_params: line.tool_call_params };
  if (line.chunk !== undefined) {
    s = applyChunk(s, line.chunk);
    if (!s.isFirstChunkReceived) s = { ...s, isFirstChunkReceived: true };
    if (s.status === "loading") s = { ...s, status: "streaming" };
  }
  if (line.tool_step !== undefined) {
    s = {
      ...s,
      toolSteps: applyToolStep(s.toolSteps ?? [], line.tool_step, s.chainOfThoughts.length),
      toolStepLines: s.toolStepLines + 1,
    };
    if (s.status === "loading") s = { ...s, status: "streaming" };
  }
  if (line.follow_up_questions !== undefined) {
    s = {
      ...s,
      relatedQuestions: [
        ...s.relatedQuestions,
        ...line.follow_up_questions.filter((q) => !s.relatedQuestions.includes(q)),
      ],
      is_agent_routing_followup_question:
        s.is_agent_routing_followup_question || isYesNo(line.follow_up_questions),
    };
  }
  if (line.error !== undefined)
    s = { ...s, status: "error", error: line.error, errorCode: line.error_code ?? null };
  if (line.end_of_data) s = finish(s, opts);
  return s;
}

/** The user stopped the answer: loading or streaming becomes cancelled. */
export function cancelChatItem(s: ChatItemState): ChatItemState {
  return s.status === "loading" || s.status === "streaming"
    ? { ...s, status: "cancelled", isThinking: false }
    : s;
}

/** The call failed (non-200 or network): the item becomes error with the server's text and code. */
export function failChatItem(
  s: ChatItemState,
  message: string,
  code: AnswerErrorCode | null = null,
): ChatItemState {
  return { ...s, status: "error", error: message, errorCode: code, isThinking: false };
}

/**
 * Splits NDJSON bytes into reply lines. Network reads may end anywhere (mid-line, mid UTF-8
 * character); `push` returns the complete lines so far, `end` the last one. Lines that are not
 * JSON objects of the schema are counted in `invalid` and skipped.
 */
export function createNdjsonDecoder() {
  const decoder = new TextDecoder();
  let buffer = "";
  const state = { invalid: 0 };
  const parse = (raw: string): StreamLine[] => {
    const text = raw.trim();
    if (!text) return [];
    try {
      const parsed = zStreamLine.safeParse(JSON.parse(text));
      if (parsed.success) return [parsed.data];
    } catch {
      // counted below
    }
    state.invalid++;
    return [];
  };
  return {
    get invalid() {
      return state.invalid;
    },
    push(bytes: Uint8Array | string): StreamLine[] {
      buffer += typeof bytes === "string" ? bytes : decoder.decode(bytes, { stream: true });
      const parts = buffer.split("\n");
      buffer = parts.pop() ?? "";
      return parts.flatMap(parse);
    },
    end(): StreamLine[] {
      buffer += decoder.decode();
      const rest = buffer;
      buffer = "";
      return parse(rest);
    },
  };
}

/** Reads a whole NDJSON reply body into a chat item, calling `onUpdate` after each line. */
export async function readChatStream(
  body: ReadableStream<Uint8Array>,
  item: ChatItemState,
  opts: ApplyOptions & { onUpdate?: (s: ChatItemState) => void } = {},
): Promise<ChatItemState> {
  const dec = createNdjsonDecoder();
  let s = item;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    const lines = done ? dec.end() : dec.push(value);
    for (const line of lines) {
      s = applyStreamLine(s, line, opts);
      opts.onUpdate?.(s);
    }
    if (done) break;
  }
  return s;
}
