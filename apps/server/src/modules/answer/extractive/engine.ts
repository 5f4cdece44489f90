import type { AnswerEngine, AnswerEvent, AnswerInput } from "../engine.ts";
import { pieces } from "../engine.ts";
import { answerTexts } from "@mnemo/contracts/stream";
import { EXTRACTIVE_MODEL_ID } from "@mnemo/contracts/llm";
import { selectAnswer } from "./select.ts";
import { deriveFollowUps } from "./followups.ts";

/** Puts the `[n]` citation before the sentence's closing punctuation. */
export function cite(sentence: string, n: number): string {
  const m = /([.!?]+["')\]]*)$/.exec(sentence);
  return m ? `${sentence.slice(0, m.index).trimEnd()} [${n}]${m[1]}` : `${sentence} [${n}]`;
}

/** How many of the best passages the answer may draw sentences from. */
const ANSWER_PASSAGES = 3;

/**
 * The built-in offline engine: picks and orders the best sentences of the retrieved passages,
 * cites them `[n]`, and derives follow-up questions from the sources. Never generative.
 */
export function createExtractiveEngine(): AnswerEngine {
  return {
    id: EXTRACTIVE_MODEL_ID,
    generative: false,
    async *answer(input: AnswerInput): AsyncGenerator<AnswerEvent> {
      const { question, passages, signal } = input;
      yield { type: "reasoning", text: `Understanding the question: "${question.slice(0, 200)}".\n` };
      const memories = new Set(passages.map((p) => p.sourceId)).size;
      yield {
        type: "reasoning",
        text: passages.length
          ? `Searching memories: ${passages.length} passage${passages.length === 1 ? "" : "s"} from ${memories} memor${memories === 1 ? "y" : "ies"}.\n`
          : "Searching memories: nothing matched.\n",
      };
      if (signal.aborted) return;
      const top = passages.slice(0, ANSWER_PASSAGES);
      const selection = selectAnswer(
        question,
        top.map((p) => ({ sourceId: p.sourceId, title: p.title, text: p.text, score: p.score })),
      );
      if (!selection.confident) {
        yield { type: "reasoning", text: "Selecting: no sentence answers the question well enough.\n" };
        for (const piece of pieces(answerTexts.noRelevantContextFull(question)))
          yield { type: "text", text: piece };
        return;
      }
      yield {
        type: "reasoning",
        text: `Selecting the ${selection.sentences.length} most relevant sentence${selection.sentences.length === 1 ? "" : "s"}.\n`,
      };
      const cited = selection.sentences.map((s) => cite(s.text, top[s.passage].citation)).join(" ");
      for (const piece of pieces(cited)) {
        if (signal.aborted) return;
        yield { type: "text", text: piece };
      }
      yield { type: "follow-ups", questions: deriveFollowUps(question, passages) };
    },
  };
}
