/** Follow-up questions derived from the retrieved sources (pure). */
import type { CitedPassage } from "../engine.ts";
import { contentTerms, splitSentences } from "./text.ts";
import { engineTexts, type EngineTexts } from "./locale.ts";

/** Capitalised multi-word names in text (e.g. "Super Bowl", "Kurt Coleman"). */
function names(text: string): string[] {
  return text.match(/\b\p{Lu}[\p{L}'-]+(?:\s+(?:of\s+|the\s+|de\s+)?\p{Lu}[\p{L}'-]+)+/gu) ?? [];
}

/**
 * Two to four questions that lead further into the sources: about the topics (titles) of the
 * passages and the names they mention, skipping what the question already asks about.
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
  const out: string[] = [];
  const push = (q: string) => {
    if (out.length < max && !out.some((o) => o.toLowerCase() === q.toLowerCase())) out.push(q);
  };
  const titles = [...new Set(passages.map((p) => p.title.trim()).filter(Boolean))];
  for (const p of passages.slice(0, 3)) {
    const firstSentences = splitSentences(p.text).slice(0, 4).join(" ");
    for (const name of names(firstSentences)) {
      if (name.split(/\s+/).length > 5 || !novel(name) || titles.includes(name)) continue;
      push(texts.aboutName(name));
      break;
    }
  }
  for (const title of titles.slice(0, 2))
    push(novel(title) ? texts.aboutTitle(title) : texts.keyPoints(title));
  if (out.length < 2) push(texts.summarize);
  if (out.length < 2) push(texts.related);
  return out;
}
