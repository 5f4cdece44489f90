import {
  zExecuteToolCallResponse,
  type ExecuteToolCallInput,
  zChatHistoryResponse,
  zFetchChatsResponse,
  type ChatRequestInput,
  type SavedAnswerInput,
  type StoppedAnswerInput,
} from "@mnemo/contracts/chat";
import { zAgentsResponse, zLlmOptionsResponse } from "@mnemo/contracts/llm";
import {
  zDuplicatePublicResponse,
  zMakePublicResponse,
  zPublicHistoryResponse,
  type VoteInput,
} from "@mnemo/contracts/public-chat";
import { zSearchSourcesResult } from "@mnemo/contracts/sources";
import { api } from "@/lib/api";
import { userSystemDate } from "@/lib/user-system-date";

const q = encodeURIComponent;

/** POST /api/qna: the open NDJSON stream of an answer. */
export function streamQna(body: ChatRequestInput, signal: AbortSignal) {
  return api.stream("/api/qna", { body, signal });
}

/** POST /api/qna with execute_tool_call: sends the e-mail a turn proposed; answers success and message. */
export const executeToolCall = (body: ExecuteToolCallInput) =>
  api.request("/api/qna", { method: "POST", body, schema: zExecuteToolCallResponse });

/** POST /api/public_chat/chat: a visitor's follow-up on a public chat (no sign-in). */
export function streamPublicQna(token: string, body: ChatRequestInput, signal: AbortSignal) {
  return api.stream(`/api/public_chat/chat?token=${q(token)}&user_system_date=${q(userSystemDate())}`, {
    body,
    signal,
    auth: false,
  });
}

export const fetchChats = (signal?: AbortSignal) =>
  api.request("/api/fetch_chats", {
    method: "POST",
    body: { limit: 200 },
    schema: zFetchChatsResponse,
    signal,
  });
export const fetchSourceChats = (sourceId: string, signal?: AbortSignal) =>
  api.request("/api/fetch_chats", {
    method: "POST",
    body: { limit: 1, source_id: sourceId },
    schema: zFetchChatsResponse,
    signal,
  });
export const fetchChatHistory = (chatId: string, signal?: AbortSignal) =>
  api.request(`/api/fetch_user_chat_history?chat_id=${q(chatId)}`, {
    method: "POST",
    schema: zChatHistoryResponse,
    signal,
  });
export const deleteChat = (chatId: string) =>
  api.request(`/api/delete_chat?chat_id=${q(chatId)}`, { method: "DELETE" });
export const deleteConversationHistory = (chatId: string) =>
  api.request(`/api/delete_conversation_history?conversation_id=${q(chatId)}`, { method: "DELETE" });
export const updateContext = (chatId: string, sources: string[], collections: string[]) =>
  api.request("/api/update_context", { method: "POST", body: { chat_id: chatId, sources, collections } });

export const makeChatPublic = (chatId: string) =>
  api.request(`/api/make_chat_public?chat_id=${q(chatId)}`, { schema: zMakePublicResponse });
export const revokeChatPublic = (chatId: string) =>
  api.request(`/api/revoke_chat_public_access?chat_id=${q(chatId)}`, { method: "POST" });
export const fetchPublicHistory = (chatId: string, token: string, signal?: AbortSignal) =>
  api.request(`/api/public_chat/get_public_chat_history?token=${q(token)}&chat_id=${q(chatId)}`, {
    auth: false,
    schema: zPublicHistoryResponse,
    signal,
  });
export const duplicatePublicChat = (chatId: string, token: string) =>
  api.request(`/api/duplicate_public_chat?chat_id=${q(chatId)}`, {
    method: "POST",
    body: { token },
    schema: zDuplicatePublicResponse,
  });
export const voteQna = (input: VoteInput) => api.request("/api/vote_qna", { method: "POST", body: input });
/** The answer and thoughts shown when Stop was pressed: the stored turn reads the same on reopening. */
export const recordStoppedAnswer = (input: StoppedAnswerInput) =>
  api.request("/api/record_stopped_answer", { method: "POST", body: input });
/** The answer was saved as a memory: reopening the chat shows it Saved. */
export const recordSavedAnswer = (input: SavedAnswerInput) =>
  api.request("/api/record_saved_answer", { method: "POST", body: input });

export const fetchLlms = (signal?: AbortSignal) =>
  api.request("/api/llms", { schema: zLlmOptionsResponse, signal });
export const fetchAgents = (signal?: AbortSignal) =>
  api.request("/api/agents", { schema: zAgentsResponse, signal });
export const searchMemories = (query: string, signal?: AbortSignal) =>
  api.request("/api/sources/search", {
    method: "POST",
    body: { search_query: query, limit: 20 },
    schema: zSearchSourcesResult,
    signal,
  });
