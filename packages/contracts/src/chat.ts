import { z } from "zod";
import { zPlacedToolStep } from "./tool-steps.ts";

/** Search modes a question may add to the memory search (spec 1 §3: web, apps, creative). */
export const searchTypes = ["web", "apps", "creative"] as const;
export type SearchType = (typeof searchTypes)[number];

const zTrimmed = z.string().transform((s) => s.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, ""));

/** `search_type` as a list; a single string or a comma list is accepted too. Unknown modes are dropped. */
export const zSearchTypeList = z
  .union([z.array(z.string()), z.string()])
  .nullish()
  .transform((v): SearchType[] => {
    const raw = v == null ? [] : Array.isArray(v) ? v : v.split(",");
    const out = raw
      .map((s) => s.trim().toLowerCase())
      .filter((s): s is SearchType => (searchTypes as readonly string[]).includes(s));
    return [...new Set(out)];
  });

/** An item of the '@ Add Context' list: a memory or a collection. */
export const zContextItem = z.object({
  id: z.string().min(1),
  type: z.string().default("source"),
  title: z.string().nullish(),
});

/** One earlier turn handed in by a public chat (session_context). */
export const zSessionTurn = z.object({ user_query: z.string(), answer: z.string() });

export const zToolCallConfig = z.object({
  tool_name: z.string(),
  params: z.record(z.string(), z.unknown()).default({}),
});

/** The chat request (spec 1 §3), body of POST /api/qna and POST /api/public_chat/chat. */
export const zChatRequest = z.object({
  question: zTrimmed.pipe(z.string().min(1, "Please enter a question.").max(20000)),
  selected_generation_model: z.string().nullish(),
  chat_id: z.string().max(200).nullish(),
  search_type: zSearchTypeList,
  source_id: z.string().nullish(),
  collection_id: z.string().nullish(),
  custom_instructions: z.string().max(20000).nullish(),
  generation_instructions: z.string().max(20000).nullish(),
  is_public: z.boolean().nullish(),
  session_context: z.array(zSessionTurn).max(50).nullish(),
  source_details: z.record(z.string(), z.unknown()).nullish(),
  user_system_date: z.string().nullish(),
  context_list: z.array(zContextItem).max(500).nullish(),
  selected_apps_list: z.array(z.string()).nullish(),
  is_retry_llm: z.boolean().nullish(),
  disable_apps_search: z.boolean().nullish(),
  modify_tool_call: z.union([z.string(), z.boolean()]).nullish(),
  tool_call_config: zToolCallConfig.nullish(),
  tool_call_index: z.number().int().min(0).nullish(),
  is_qna_source_preview_chat: z.boolean().nullish(),
  qna_source_preview_details: z.record(z.string(), z.unknown()).nullish(),
  connected_apps: z.array(z.unknown()).nullish(),
});
export type ChatRequest = z.infer<typeof zChatRequest>;
export type ChatRequestInput = z.input<typeof zChatRequest>;

/**
 * Where in the memory a cited passage is (issue 22), so the preview opens at it: the chunk, its
 * character offsets in the memory's text (Markdown), and by kind the PDF page, the slide, the
 * sheet and row, or the transcript's second; `quote` is the exact cited sentence(s) to highlight.
 */
export const zPassageAnchor = z.object({
  chunk_id: z.string(),
  start: z.number().int().min(0),
  end: z.number().int().min(0),
  /** The section heading path where the passage starts ("" when none). */
  heading: z.string(),
  page: z.number().int().min(1).optional(),
  slide: z.number().int().min(1).optional(),
  sheet: z.string().optional(),
  row: z.number().int().min(1).optional(),
  /** Seconds into a recording or video. */
  time: z.number().min(0).optional(),
  quote: z.string(),
});
export type PassageAnchor = z.infer<typeof zPassageAnchor>;

/**
 * POST /api/qna (execute tool): send what a turn's tool call proposed (spec 1 §7). The server
 * sends exactly the proposal it stored for that turn (`tool_call_index` is the turn's index in the chat).
 */
export const zExecuteToolCallInput = z.object({
  chat_id: z.string().min(1).max(200),
  execute_tool_call: z.literal(true),
  tool_call_config: zToolCallConfig,
  tool_call_index: z.number().int().min(0).nullish(),
});
export type ExecuteToolCallInput = z.input<typeof zExecuteToolCallInput>;
export const zExecuteToolCallResponse = z.object({ success: z.boolean(), message: z.string() });
export type ExecuteToolCallResponse = z.infer<typeof zExecuteToolCallResponse>;

/** A memory (or web result) an answer drew on; `citation` is the `[n]` used in the answer text. */
export const zSourceResult = z.object({
  id: z.string(),
  chunk_id: z.string().nullish(),
  title: z.string(),
  /** Memory type (file, webpage, …) or web_search for web results. */
  type: z.string(),
  url: z.string().nullish(),
  snippet: z.string(),
  score: z.number(),
  citation: z.number().int().min(1).nullish(),
  /** Where the cited passage is in the memory (memories only; absent in answers stored before). */
  anchor: zPassageAnchor.nullish(),
});
export type SourceResult = z.infer<typeof zSourceResult>;

/** Citation number (as a string key) → source id. */
export const zSourceIdMap = z.record(z.string(), z.string());
export type SourceIdMap = z.infer<typeof zSourceIdMap>;

/** Saved session record (spec 1 §3 chat history). */
export const zSavedSessionRecord = z.object({
  id: z.string(),
  user_query: z.string(),
  answer: z.string(),
  thoughts: z.string(),
  follow_up_questions: z.array(z.string()),
  sources: z.array(zSourceResult),
  metadata: z.object({
    most_relevant_results: z.array(zSourceResult),
    other_results: z.array(zSourceResult),
    source_id_map: zSourceIdMap,
  }),
  /** success | error | cancelled | streaming */
  status: z.string(),
  llm: z.string().nullable(),
  search_types: z.array(z.string()),
  created_at: z.string(),
  /** Thumbs up (1) or down (-1) the owner gave the answer. */
  vote: z.number().int().nullish(),
  /** The memory the answer was saved as (Save as memory), while that memory exists. */
  saved_source_id: z.string().nullish(),
  /** The tool call the answer proposed (an e-mail to Modify or Execute), shown to the owner only. */
  tool_call_tool_name: z.string().nullish(),
  tool_call_params: z.record(z.string(), z.unknown()).nullish(),
  /** An agent saved a memory while answering (echo memory), shown to the owner only. */
  added_echo_memory: z.boolean().nullish(),
  /**
   * The agent's tool steps, placed in `thoughts`. Absent on turns stored before steps were typed
   * (their steps are marked lines of `thoughts`, contracts `agentTexts`).
   */
  tool_steps: z.array(zPlacedToolStep).nullish(),
});
export type SavedSessionRecord = z.infer<typeof zSavedSessionRecord>;

export const zCreateChatInput = z.object({
  user_query: z.string().max(20000).default(""),
  collections: z.array(z.string()).max(500).default([]),
  sources: z.array(z.string()).max(500).default([]),
  sourceTitles: z.array(z.string()).default([]),
  collectionTitles: z.array(z.string()).default([]),
});
export const zCreateChatResponse = z.object({ chat_id: z.string(), success: z.literal(true) });

export const zChatSummary = z.object({
  chat_id: z.string(),
  title: z.string(),
  scope: z.string(),
  collection_id: z.string().nullable(),
  source_id: z.string().nullable(),
  context: z.object({ sources: z.array(z.string()), collections: z.array(z.string()) }),
  is_public: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ChatSummary = z.infer<typeof zChatSummary>;
export const zFetchChatsInput = z.object({
  limit: z.number().int().min(1).max(200).default(50),
  offset: z.number().int().min(0).default(0),
  source_id: z.string().nullish(),
});
export const zFetchChatsResponse = z.object({ chats: z.array(zChatSummary) });

/**
 * POST /api/record_stopped_answer: the answer and thoughts a client showed when Stop was pressed,
 * so the stored turn reads exactly as the reader saw it (they must begin what the server generated).
 */
export const zStoppedAnswerInput = z.object({
  chat_id: z.string().min(1).max(200),
  turn_id: z.string().min(1).max(200),
  answer: z.string().max(1_000_000),
  thoughts: z.string().max(1_000_000).default(""),
  /** How many tool-step lines had been shown (the first ones stay in the stored turn); absent: all. */
  tool_step_lines: z.number().int().min(0).max(1_000_000).optional(),
});
export type StoppedAnswerInput = z.input<typeof zStoppedAnswerInput>;

/** POST /api/record_saved_answer: the answer of a turn was saved as the memory `source_id`. */
export const zSavedAnswerInput = z.object({
  chat_id: z.string().min(1).max(200),
  turn_id: z.string().min(1).max(200),
  source_id: z.string().min(1).max(200),
});
export type SavedAnswerInput = z.input<typeof zSavedAnswerInput>;

export const zChatIdQuery = z.object({ chat_id: z.string().min(1) });
export const zChatHistoryQuery = z.object({
  chat_id: z.string().min(1),
  is_public: z.enum(["true", "false"]).optional(),
  /** With is_public=true: the chat's current share token (someone else's chat opens only with it). */
  token: z.string().max(200).optional(),
});
export const zChatHistoryResponse = z.object({
  chat_id: z.string(),
  session_data: z.array(zSavedSessionRecord),
});
export const zConversationQuery = z.object({ conversation_id: z.string().min(1).optional() });

export const zUpdateContextInput = z.object({
  chat_id: z.string().min(1),
  sources: z.array(z.string()).max(500).default([]),
  collections: z.array(z.string()).max(500).default([]),
});

export const zGenerationInstructions = z.object({ generation_instructions: z.string().max(20000) });
