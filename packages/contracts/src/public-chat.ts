import { z } from "zod";
import { zSavedSessionRecord } from "./chat.ts";

/** GET /api/make_chat_public answer: the token that opens `/public/chat/{chat_id}?token=…`. */
export const zMakePublicResponse = z.object({
  chat_id: z.string(),
  token: z.string(),
  success: z.literal(true),
});
export type MakePublicResponse = z.infer<typeof zMakePublicResponse>;

/** A missing or wrong token answers 404 'No data returned', like a revoked one (never 400). */
export const zPublicHistoryQuery = z.object({
  token: z.string().max(200).optional(),
  chat_id: z.string().min(1),
});
/** GET /api/public_chat/get_public_chat_history answer. */
export const zPublicHistoryResponse = z.object({
  chat_id: z.string(),
  title: z.string(),
  chat_history: z.array(zSavedSessionRecord),
});
export type PublicHistoryResponse = z.infer<typeof zPublicHistoryResponse>;

export const zPublicChatQuery = z.object({
  token: z.string().max(200).optional(),
  user_system_date: z.string().optional(),
});

/**
 * POST /api/duplicate_public_chat: query chat_id, body with the public token the viewer holds
 * (required: without the current token the answer is 404 'No data returned').
 */
export const zDuplicatePublicInput = z.object({ token: z.string().max(200).nullish() });
export const zDuplicatePublicResponse = z.object({ chat_id: z.string(), success: z.literal(true) });

/** POST /api/vote_qna: thumbs up (1), down (-1) or cleared (0) on a turn, by id or by its query. */
export const zVoteInput = z
  .object({
    chat_id: z.string().min(1),
    turn_id: z.string().nullish(),
    query: z.string().nullish(),
    vote: z.union([z.literal(1), z.literal(-1), z.literal(0)]),
  })
  .refine((v) => Boolean(v.turn_id || v.query), { message: "A turn id or its query is required." });
export type VoteInput = z.infer<typeof zVoteInput>;

/** GET /api/public_chat/memory: a memory the public chat cites, read-only (issue 22). */
export const zPublicMemoryQuery = z.object({
  chat_id: z.string().min(1).max(200),
  source_id: z.string().min(1).max(200),
  token: z.string().max(200).optional(),
});
export const zPublicMemoryResponse = z.object({
  id: z.string(),
  title: z.string(),
  type: z.string(),
  markdown: z.string(),
});
export type PublicMemoryResponse = z.infer<typeof zPublicMemoryResponse>;
