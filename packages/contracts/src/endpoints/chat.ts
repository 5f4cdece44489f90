import {
  zChatHistoryQuery,
  zChatHistoryResponse,
  zChatIdQuery,
  zChatRequest,
  zConversationQuery,
  zCreateChatInput,
  zCreateChatResponse,
  zExecuteToolCallInput,
  zExecuteToolCallResponse,
  zFetchChatsInput,
  zFetchChatsResponse,
  zGenerationInstructions,
  zSavedAnswerInput,
  zStoppedAnswerInput,
  zUpdateContextInput,
} from "../chat.ts";
import { zSuccess } from "../common.ts";
import { zAgentsResponse, zLlmOptionsResponse } from "../llm.ts";
import {
  zDuplicatePublicInput,
  zDuplicatePublicResponse,
  zMakePublicResponse,
  zPublicChatQuery,
  zPublicHistoryQuery,
  zPublicHistoryResponse,
  zPublicMemoryQuery,
  zPublicMemoryResponse,
  zVoteInput,
} from "../public-chat.ts";
import { endpoint } from "./endpoint.ts";

const tag = "chat";

const qna = endpoint({
  method: "post",
  path: "/qna",
  summary:
    "Ask a question; the answer streams as NDJSON lines (sources, chunks, follow-ups, end_of_data). With execute_tool_call: true (body chat_id, tool_call_config, tool_call_index) it sends the turn's proposed e-mail and answers JSON { success, message }",
  tag,
  body: zChatRequest,
  contentType: "application/x-ndjson",
  responseDescription:
    "One JSON object per line (see the stream line schema in contracts); a failure before streaming answers non-200 with the error text as body.",
});

/** Questions and answers (spec 1 §7), public chats, votes, and the model and agent pickers' lists. */
export const chat = {
  qna,
  /**
   * Not a route of its own: POST /qna with `execute_tool_call: true` sends the e-mail a turn
   * proposed and answers JSON (the qna route's first step reads it; `qna` documents both).
   */
  executeToolCall: endpoint({
    ...qna,
    summary: "Send the e-mail a turn proposed (POST /qna with execute_tool_call: true)",
    body: zExecuteToolCallInput,
    contentType: "application/json",
    response: zExecuteToolCallResponse,
  }),
  recordStoppedAnswer: endpoint({
    method: "post",
    path: "/record_stopped_answer",
    summary:
      "Store a stopped answer exactly as the client showed it at Stop (the shown text must begin the generated one)",
    tag,
    body: zStoppedAnswerInput,
    response: zSuccess,
  }),
  recordSavedAnswer: endpoint({
    method: "post",
    path: "/record_saved_answer",
    summary: "Remember that a turn's answer was saved as one of the user's memories (the Saved state)",
    tag,
    body: zSavedAnswerInput,
    response: zSuccess,
  }),
  createChat: endpoint({
    method: "post",
    path: "/create_chat",
    summary: "Create a chat with its context",
    tag,
    body: zCreateChatInput,
    response: zCreateChatResponse,
  }),
  fetchChats: endpoint({
    method: "post",
    path: "/fetch_chats",
    summary: "The signed-in user's chats, newest first",
    tag,
    body: zFetchChatsInput,
    response: zFetchChatsResponse,
  }),
  fetchHistory: endpoint({
    method: "post",
    path: "/fetch_user_chat_history",
    summary:
      "Saved session records of one chat (with is_public=true and the chat's token, no sign-in needed)",
    tag,
    auth: false,
    query: zChatHistoryQuery,
    response: zChatHistoryResponse,
  }),
  deleteChat: endpoint({
    method: "delete",
    path: "/delete_chat",
    summary: "Delete a chat and its turns",
    tag,
    query: zChatIdQuery,
    response: zSuccess,
  }),
  deleteConversationHistory: endpoint({
    method: "delete",
    path: "/delete_conversation_history",
    summary: "Clear one conversation's turns, or all of the user's",
    tag,
    query: zConversationQuery,
  }),
  updateContext: endpoint({
    method: "post",
    path: "/update_context",
    summary: "Replace a chat's context (memories and collections)",
    tag,
    body: zUpdateContextInput,
    response: zSuccess,
  }),
  getGenerationInstructions: endpoint({
    method: "get",
    path: "/user_generation_instructions",
    summary: "The user's generation instructions",
    tag,
    response: zGenerationInstructions,
  }),
  setGenerationInstructions: endpoint({
    method: "post",
    path: "/user_generation_instructions",
    summary: "Save the user's generation instructions",
    tag,
    body: zGenerationInstructions,
  }),

  makePublic: endpoint({
    method: "get",
    path: "/make_chat_public",
    summary: "Make a chat public; answers its public token",
    tag,
    query: zChatIdQuery,
    response: zMakePublicResponse,
  }),
  revokePublic: endpoint({
    method: "post",
    path: "/revoke_chat_public_access",
    summary: "Revoke a chat's public access",
    tag,
    query: zChatIdQuery,
    response: zSuccess,
  }),
  publicMemory: endpoint({
    method: "get",
    path: "/public_chat/memory",
    summary:
      "A memory a public chat cites, read-only (title, type, text), for a visitor holding the chat's share token",
    tag,
    auth: false,
    query: zPublicMemoryQuery,
    response: zPublicMemoryResponse,
  }),
  publicHistory: endpoint({
    method: "get",
    path: "/public_chat/get_public_chat_history",
    summary: "A public chat's saved turns (no sign-in; 'No data returned' when empty or revoked)",
    tag,
    auth: false,
    query: zPublicHistoryQuery,
    response: zPublicHistoryResponse,
  }),
  publicChat: endpoint({
    method: "post",
    path: "/public_chat/chat",
    summary:
      "A visitor's follow-up on a public chat, streamed as NDJSON (answered from the memories the chat cites; not stored)",
    tag,
    auth: false,
    query: zPublicChatQuery,
    body: zChatRequest,
    contentType: "application/x-ndjson",
  }),
  duplicatePublic: endpoint({
    method: "post",
    path: "/duplicate_public_chat",
    summary: "Copy a public chat into the signed-in user's history",
    tag,
    query: zChatIdQuery,
    body: zDuplicatePublicInput,
    response: zDuplicatePublicResponse,
  }),
  vote: endpoint({
    method: "post",
    path: "/vote_qna",
    summary: "Thumbs up or down on an answer (stored on the turn)",
    tag,
    body: zVoteInput,
    response: zSuccess,
  }),

  llms: endpoint({
    method: "get",
    path: "/llms",
    summary: "LLM options: configured models plus the offline extractive engine",
    tag,
    response: zLlmOptionsResponse,
  }),
  agents: endpoint({
    method: "get",
    path: "/agents",
    summary: "Agents, active only with a tool-capable model",
    tag,
    response: zAgentsResponse,
  }),
};
