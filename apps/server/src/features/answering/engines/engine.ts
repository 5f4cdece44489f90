/** The answer engines' common shape (ARCHITECTURE §8): a question in, a stream of events out. */

import type { ToolStep } from "@mnemo/contracts/stream";

/** A retrieved passage handed to an engine; `citation` is the `[n]` it is cited by. */
export type CitedPassage = {
  citation: number;
  sourceId: string;
  title: string;
  text: string;
  score: number;
  type: string;
  url?: string | null;
};

export type AnswerInput = {
  question: string;
  /** Retrieved passages, best first; empty in creative mode. */
  passages: CitedPassage[];
  /** memories: answer from passages; creative: general chat with no sources. */
  mode: "memories" | "creative";
  /** Collection custom instructions and the user's generation instructions. */
  instructions: { custom?: string | null; generation?: string | null };
  /** Earlier turns of this chat, oldest first. */
  history: { user_query: string; answer: string }[];
  userSystemDate?: string | null;
  /** Aborted when the client goes away; engines stop generating. */
  signal: AbortSignal;
};

export type AnswerEvent =
  | { type: "reasoning"; text: string }
  | { type: "text"; text: string }
  | { type: "follow-ups"; questions: string[] }
  | { type: "tool-call"; toolName: string; params: Record<string, unknown> }
  /** An agent's tool step: a call, its outcome (same id), or a note (contracts `tool-steps`). */
  | { type: "tool-step"; step: ToolStep }
  /** Passages first cited during the answer (an agent's tool results), numbered after the retrieved ones. */
  | { type: "sources"; passages: CitedPassage[] }
  /** The answer saved a new memory (an agent's save_memory: spec 1 echo memory). */
  | { type: "echo-memory" };

export interface AnswerEngine {
  /** The LLM option id this engine serves. */
  readonly id: string;
  /** Can write free text (creative mode); the extractive engine cannot. */
  readonly generative: boolean;
  answer(input: AnswerInput): AsyncIterable<AnswerEvent>;
}

/** Splits text into small pieces (a few words each) for streaming. */
export function pieces(text: string, wordsPerPiece = 6): string[] {
  const parts = text.match(/\S+\s*/g) ?? [];
  const out: string[] = [];
  for (let i = 0; i < parts.length; i += wordsPerPiece) out.push(parts.slice(i, i + wordsPerPiece).join(""));
  return out;
}
