/** Follow-up questions derived from the retrieved sources (pure). */
import type { CitedPassage } from "../engine.ts";
import { stopWords } from "../../../../platform/lib/stopwords.ts";
import { contentTerms, isQuestionWord, splitSentences, words } from "./text.ts";
import { engineTexts, type EngineTexts } from "./locale.ts";

/** Capitalised multi-word names in text (e.g. "Super Bowl", "Kurt Coleman"). */
function names(text: string): string[] {
  return text.match(/\b\p{Lu}[\p{L}'-]+(?:\s+(?:of\s+|the\s+|de\s+)?\p{Lu}[\p{L}'-]+)+/gu) ?? [];
}

/** A title longer than this reads as a sentence, not as a topic to ask about. */
const MAX_TOPIC_WORDS = 8;

/**
 * A name without the stop words that a capital at a sentence's start glued to it ("The German" →
 * "German", "In Denver Broncos" → "Denver Broncos"); null when less than a two-word name is left.
 */
function trimName(name: string, language: string): string | null {
  const own = stopWords(language);
  const en = stopWords("en");
  const parts = name.split(/\s+/);
  const isStop = (w: string) => own.has(w.toLowerCase()) || en.has(w.toLowerCase());
  while (parts.length && isStop(parts[0])) parts.shift();
  while (parts.length && isStop(parts[parts.length - 1])) parts.pop();
  return parts.length >= 2 ? parts.join(" ") : null;
}

/** A title that is itself a question ("What temperature makes sourdough more sour?"). */
function isQuestion(title: string, language: string): boolean {
  return /[?？؟]\s*$/u.test(title) || isQuestionWord(words(title)[0] ?? "", language);
}

/**
 * Two to four questions that lead further into the sources, in the question's language (issue 41):
 * only from passages about the question's topic (sharing a content term with it), about the
 * names they mention and the topics (titles) of their memories, skipping what the question
 * already asks. A template never wraps a question or a sentence: a title that is a question is
 * offered as it is (when it asks something new), a longer title not at all; a name is a name,
 * never an article and one word.
 */
export function deriveFollowUps(
  question: string,
  passages: CitedPassage[],
  max = 4,
  texts: EngineTexts = engineTexts("en"),
  language = "en",
): string[] {
  const asked = new Set(contentTerms(question, language));
  const novel = (phrase: string) => contentTerms(phrase, language).some((t) => !asked.has(t));
  const onTopic = passages.filter((p) =>
    contentTerms(`${p.title} ${p.text}`, language).some((t) => asked.has(t)),
  );
  const out: string[] = [];
  const push = (q: string) => {
    if (out.length < max && !out.some((o) => o.toLowerCase() === q.toLowerCase())) out.push(q);
  };
  const titles = [...new Set(onTopic.map((p) => p.title.replace(/\s+/g, " ").trim()).filter(Boolean))];
  for (const p of onTopic.slice(0, 3)) {
    const firstSentences = splitSentences(p.text).slice(0, 4).join(" ");
    for (const found of names(firstSentences)) {
      const name = trimName(found, language);
      if (!name || name.split(/\s+/).length > 5 || !novel(name) || titles.includes(name)) continue;
      push(texts.aboutName(name));
      break;
    }
  }
  for (const title of titles.slice(0, 2)) {
    if (isQuestion(title, language)) {
      if (novel(title)) push(/[?？؟]\s*$/u.test(title) ? title : `${title}?`);
    } else if (title.split(/\s+/).length <= MAX_TOPIC_WORDS) {
      push(novel(title) ? texts.aboutTitle(title) : texts.keyPoints(title));
    }
  }
  if (out.length < 2) push(texts.summarize);
  if (out.length < 2) push(texts.related);
  return out;
}
