/**
 * Summary and title of a transcript: from the configured language model when there is one, else
 * offline — the extractive answer engine's sentence selection over the transcript's own most
 * frequent terms (its gist), and a title from the first sentence.
 */
import type { LanguageModel } from "ai";
import { scoreSentences } from "../answering/index.ts";
import { contentTerms, splitSentences, words } from "../answering/index.ts";
import { detectLanguage } from "../../platform/lib/language.ts";

export type TranscriptDigest = { summary: string; title: string };

const SUMMARY_SENTENCES = 3;
const GIST_TERMS = 12;
const TITLE_WORDS = 8;
/** Characters of transcript a language model is given (about 8k tokens). */
const LLM_INPUT_CHARS = 32_000;
export const FALLBACK_TITLE = "Meeting recording";

/**
 * The transcript's gist as a question: its most frequent content terms, each spelled as the word
 * first seen for it, so the sentence scorer weighs sentences by how much of the gist they hold.
 */
function gistQuestion(text: string, language: string): string {
  const counts = new Map<string, number>();
  const spelling = new Map<string, string>();
  for (const w of words(text)) {
    const [term] = contentTerms(w, language);
    if (!term || term.length < 3) continue;
    counts.set(term, (counts.get(term) ?? 0) + 1);
    if (!spelling.has(term)) spelling.set(term, w);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, GIST_TERMS)
    .map(([t]) => spelling.get(t))
    .join(" ");
}

/** Up to three of the transcript's most central sentences, in the order they were spoken. */
export function extractiveSummary(text: string): string {
  const sentences = splitSentences(text);
  if (sentences.length <= SUMMARY_SENTENCES) return sentences.join(" ");
  const language = detectLanguage(text.slice(0, 2000));
  const question = gistQuestion(text, language);
  const scored = scoreSentences(question, [{ sourceId: "", title: "", text, score: 1 }]);
  return scored
    .slice(0, SUMMARY_SENTENCES)
    .sort((a, b) => a.position - b.position)
    .map((s) => s.text)
    .join(" ");
}

/** The first sentence, cut to a few words, without its closing punctuation. */
export function titleFromFirstSentence(text: string): string {
  const first = splitSentences(text)[0];
  if (!first) return FALLBACK_TITLE;
  const parts = first.split(/\s+/);
  const cut = parts
    .slice(0, TITLE_WORDS)
    .join(" ")
    .replace(/[\s.,;:!?…。！？-]+$/u, "");
  return (parts.length > TITLE_WORDS ? `${cut}…` : cut) || FALLBACK_TITLE;
}

/** Offline digest (no language model). */
export function offlineDigest(text: string): TranscriptDigest {
  return { summary: extractiveSummary(text), title: titleFromFirstSentence(text) };
}

/**
 * Digest written by a language model: a title on the first line, the summary after it. Throws
 * when the model fails or answers nothing (the caller falls back to the offline digest).
 */
export async function modelDigest(
  model: LanguageModel,
  text: string,
  signal?: AbortSignal,
): Promise<TranscriptDigest> {
  const { generateText } = await import("ai");
  const { text: out } = await generateText({
    model,
    abortSignal: signal,
    prompt:
      "Below is the transcript of a recorded meeting. On the first line write a short title for it " +
      "(at most 8 words, no quotes). Then, after a blank line, write a summary of 2 to 4 sentences " +
      "in the transcript's language. Write nothing else.\n\nTranscript:\n" +
      text.slice(0, LLM_INPUT_CHARS),
  });
  const [titleLine, ...rest] = out.trim().split("\n");
  const title = (titleLine ?? "")
    .replace(/^(title:\s*|#+\s*)/i, "")
    .replace(/^["']|["']$/g, "")
    .trim();
  const summary = rest
    .join("\n")
    .replace(/^summary:\s*/i, "")
    .trim();
  if (!title || !summary) throw new Error("the language model answered no title or summary");
  return { title, summary };
}
