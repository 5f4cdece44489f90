import type { AnswerEngine, AnswerEvent, AnswerInput } from "../engine.ts";
import { pieces } from "../engine.ts";
import { noRelevantContextFor } from "@mnemo/contracts/answer-locale";
import { EXTRACTIVE_MODEL_ID } from "@mnemo/contracts/llm";
import { selectAnswer, type Passage, type ScoredSentence } from "./select.ts";
import { deriveFollowUps } from "./followups.ts";
import { engineTexts } from "./locale.ts";
import { detect } from "../../../../platform/lib/language.ts";

/** Puts the `[n]` citation before the sentence's closing punctuation. */
export function cite(sentence: string, n: number): string {
  const m = /([.!?]+["')\]]*)$/.exec(sentence);
  return m ? `${sentence.slice(0, m.index).trimEnd()} [${n}]${m[1]}` : `${sentence} [${n}]`;
}

/**
 * The answer's text from its sentences, each cited: one paragraph, except that list items keep
 * their number or bullet and start a line of their own (a list in the rendered answer, issue 42).
 */
export function composeAnswer(
  sentences: ScoredSentence[],
  citationOf: (s: ScoredSentence) => number,
): string {
  let out = "";
  let inList = false;
  for (const s of sentences) {
    const numbers = [s.passage, ...(s.also ?? [])].map((passage) => citationOf({ ...s, passage }));
    const cited = [...new Set(numbers)].reduce((t, n) => cite(t, n), s.text);
    const text = s.marker ? `${s.marker} ${cited}` : cited;
    // A list is a block of its own: a blank line before and after it, one item per line.
    const gap = !out ? "" : s.marker ? (inList ? "\n" : "\n\n") : inList ? "\n\n" : " ";
    out += gap + text;
    inList = !!s.marker;
  }
  return out;
}

/**
 * How many of the best passages the answer may draw sentences from. Four, not three: on the eight
 * XQuAD dev sets the gold answer is in the fourth passage for 3–9 questions of 612, and reading it
 * lifts the mean "answer contained" by 0.3 points (five: less; docs/benchmarks.md "eighth pass").
 */
export const ANSWER_PASSAGES = 4;

/**
 * What the answer cites in each passage it draws on (pure): by passage index, the text of the
 * best-scoring sentence it takes from that passage — for a clipped sentence, its longest piece between
 * the "…" marks, so the text stands in the source as it is. The source card shows this passage and
 * the chip opens it (issue 42 item 4: a card showed another sentence of the memory).
 */
export function citedSentences(question: string, passages: Passage[]): Map<number, string> {
  const out = new Map<number, string>();
  const selection = selectAnswer(question, passages.slice(0, ANSWER_PASSAGES));
  if (!selection.confident) return out;
  const best = new Map<number, ScoredSentence>();
  for (const s of selection.sentences)
    for (const passage of [s.passage, ...(s.also ?? [])])
      if ((best.get(passage)?.score ?? -Infinity) < s.score) best.set(passage, s);
  for (const [passage, s] of best) {
    const pieces = s.text.split("…").map((p) => p.trim());
    out.set(
      passage,
      pieces.reduce((a, b) => (b.length > a.length ? b : a), ""),
    );
  }
  return out;
}

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
      // Thoughts, fixed texts and follow-ups in the question's language (English when unsure).
      const detected = detect(question);
      const language = detected.reliable ? detected.language : "en";
      const t = engineTexts(language);
      yield { type: "reasoning", text: `${t.understanding(question.slice(0, 200))}\n` };
      const memories = new Set(passages.map((p) => p.sourceId)).size;
      yield {
        type: "reasoning",
        text: `${passages.length ? t.searching(passages.length, memories) : t.nothingMatched}\n`,
      };
      if (signal.aborted) return;
      const top = passages.slice(0, ANSWER_PASSAGES);
      const selection = selectAnswer(
        question,
        top.map((p) => ({ sourceId: p.sourceId, title: p.title, text: p.text, score: p.score })),
      );
      if (!selection.confident) {
        yield { type: "reasoning", text: `${t.noGoodSentence}\n` };
        for (const piece of pieces(noRelevantContextFor(language, question)))
          yield { type: "text", text: piece };
        return;
      }
      yield { type: "reasoning", text: `${t.selecting(selection.sentences.length)}\n` };
      const cited = composeAnswer(selection.sentences, (s) => top[s.passage].citation);
      for (const piece of pieces(cited)) {
        if (signal.aborted) return;
        yield { type: "text", text: piece };
      }
      // Follow-ups lead on from the memories the answer cites, never from others the search found.
      const citedMemories = new Set(selection.sentences.map((s) => top[s.passage].sourceId));
      const about = passages.filter((p) => citedMemories.has(p.sourceId));
      yield { type: "follow-ups", questions: deriveFollowUps(question, about, 4, t, language) };
    },
  };
}
