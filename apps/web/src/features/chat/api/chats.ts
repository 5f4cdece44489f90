import { endpoints } from "@mnemo/contracts";
import type {
  ChatRequestInput,
  ExecuteToolCallInput,
  SavedAnswerInput,
  StoppedAnswerInput,
} from "@mnemo/contracts/chat";
import type { VoteInput } from "@mnemo/contracts/public-chat";
import { api } from "@/lib/api";
import { userSystemDate } from "@/lib/user-system-date";

const chat = endpoints.chat;

/** POST /api/qna: the open NDJSON stream of an answer. */
export function streamQna(body: ChatRequestInput, signal: AbortSignal) {
  return api.stream(chat.qna, { body, signal });
}

/** POST /api/qna with execute_tool_call: sends the e-mail a turn proposed; answers success and message. */
export const executeToolCall = (body: ExecuteToolCallInput) => api.request(chat.executeToolCall, { body });

/** POST /api/public_chat/chat: a visitor's follow-up on a public chat (no sign-in). */
export function streamPublicQna(token: string, body: ChatRequestInput, signal: AbortSignal) {
  return api.stream(chat.publicChat, {
    query: { token, user_system_date: userSystemDate() },
    body,
    signal,
    auth: false,
  });
}

export const fetchChats = (signal?: AbortSignal) =>
  api.request(chat.fetchChats, { body: { limit: 200 }, signal });
export const fetchSourceChats = (sourceId: string, signal?: AbortSignal) =>
  api.request(chat.fetchChats, { body: { limit: 1, source_id: sourceId }, signal });
export const fetchChatHistory = (chatId: string, signal?: AbortSignal) =>
  api.request(chat.fetchHistory, { query: { chat_id: chatId }, signal });
export const deleteChat = (chatId: string) => api.request(chat.deleteChat, { query: { chat_id: chatId } });
export const deleteConversationHistory = (chatId: string) =>
  api.request(chat.deleteConversationHistory, { query: { conversation_id: chatId } });
export const updateContext = (chatId: string, sources: string[], collections: string[]) =>
  api.request(chat.updateContext, { body: { chat_id: chatId, sources, collections } });

export const makeChatPublic = (chatId: string) =>
  api.request(chat.makePublic, { query: { chat_id: chatId } });
export const revokeChatPublic = (chatId: string) =>
  api.request(chat.revokePublic, { query: { chat_id: chatId } });
export const fetchPublicHistory = (chatId: string, token: string, signal?: AbortSignal) =>
  api.request(chat.publicHistory, { query: { token, chat_id: chatId }, auth: false, signal });
export const duplicatePublicChat = (chatId: string, token: string) =>
  api.request(chat.duplicatePublic, { query: { chat_id: chatId }, body: { token } });
export const voteQna = (input: VoteInput) => api.request(chat.vote, { body: input });
/** The answer and thoughts shown when Stop was pressed: the stored turn reads the same on reopening. */
export const recordStoppedAnswer = (input: StoppedAnswerInput) =>
  api.request(chat.recordStoppedAnswer, { body: input });
/** The answer was saved as a memory: reopening the chat shows it Saved. */
export const recordSavedAnswer = (input: SavedAnswerInput) =>
  api.request(chat.recordSavedAnswer, { body: input });

export const fetchLlms = (signal?: AbortSignal) => api.request(chat.llms, { signal });
export const fetchAgents = (signal?: AbortSignal) => api.request(chat.agents, { signal });
export const searchMemories = (query: string, signal?: AbortSignal) =>
  api.request(endpoints.sources.search, { body: { search_query: query, limit: 20 }, signal });
