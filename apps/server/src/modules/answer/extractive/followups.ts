/** Follow-up questions derived from the retrieved sources (pure). */
import type { CitedPassage } from "../engine.ts";
import { contentTerms, splitSentences } from "./text.ts";

/** Capitalised multi-word names in text (e.g. "Super Bowl", "Kurt Coleman"). */
function names(text: string): string[] {
  return text.match(/\b\p{Lu}[\p{L}'-]+(?:\s+(?:of\s+|the\s+|de\s+)?\p{Lu}[\p{L}'-]+)+/gu) ?? [];
}

/**
 * Two to four questions that lead further into the sources: about the topics (titles) of the
 * passages and the names they mention, skipping what the question already asks about.
 */
export function deriveFollowUps(question: string, passages: CitedPassage[], max = 4): string[] {
  const asked = new Set(contentTerms(question));
  const novel = (phrase: string) => contentTerms(phrase).some((t) => !asked.has(t));
  const out: string[] = [];
  const push = (q: string) => {
    if (out.length < max && !out.some((o) => o.toLowerCase() === q.toLowerCase())) out.push(q);
  };
  const titles = [...new Set(passages.map((p) => p.title.trim()).filter(Boolean))];
  for (const p of passages.slice(0, 3)) {
    const firstSentences = splitSentences(p.text).slice(0, 4).join(" ");
    for (const name of names(firstSentences)) {
      if (name.split(/\s+/).length > 5 || !novel(name) || titles.includes(name)) continue;
      push(`What do my memories say about ${name}?`);
      break;
    }
  }
  for (const title of titles.slice(0, 2))
    push(novel(title) ? `What is ${title} about?` : `What are the key points of ${title}?`);
  if (out.length < 2) push(`Summarize what my memories say about this topic.`);
  if (out.length < 2) push(`What related topics appear in my memories?`);
  return out;
}
