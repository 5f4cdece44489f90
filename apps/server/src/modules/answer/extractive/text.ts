/** Tokenising, stemming and sentence splitting for the extractive engine (pure). */

const STOP = new Set(
  (
    "a an the and or but if then else of to in on at by for with from into onto over under about as is are was were be been being " +
    "do does did doing have has had having i me my we our you your he him his she her it its they them their this that these those " +
    "what which who whom whose when where why how there here than too very can could would should will shall may might must " +
    "not no nor so such only own same other some any each few more most all both s t just also up down out off again further once " +
    "one name named called call kind type many much did does"
  ).split(/\s+/),
);

/** Question words that say what kind of answer is wanted; they never count as content terms. */
const QUESTION_WORDS = new Set(["what", "which", "who", "whom", "whose", "when", "where", "why", "how"]);

/** A light English stemmer (plural, past, gerund and adverb suffixes), enough to match word forms. */
export function stem(word: string): string {
  let w = word;
  if (w.length <= 3) return w;
  if (w.endsWith("ies") && w.length > 4) return w.slice(0, -3) + "y";
  if (w.endsWith("sses")) return w.slice(0, -2);
  if (w.endsWith("ing") && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith("ed") && w.length > 4) w = w.slice(0, -2);
  else if (w.endsWith("ly") && w.length > 4) w = w.slice(0, -2);
  else if (w.endsWith("es") && w.length > 4 && /(sh|ch|x|z|ss)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && !w.endsWith("is")) w = w.slice(0, -1);
  if (w.endsWith("e") && w.length > 4) w = w.slice(0, -1);
  return w;
}

/** Lower-cased word tokens (letters and digits, accents kept). */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+(?:['’.][\p{L}\p{N}]+)*/gu) ?? [];
}

/** Content terms: stemmed words that are neither stop words nor question words. */
export function contentTerms(text: string): string[] {
  return words(text)
    .filter((w) => !STOP.has(w) && !QUESTION_WORDS.has(w))
    .map(stem);
}

const ABBREV =
  /(?:\b(?:Mr|Mrs|Ms|Dr|Prof|Sr|Jr|St|Mt|Ft|vs|etc|No|Vol|Gen|Col|Lt|Sgt|Capt|Gov|Rev|Inc|Ltd|Co|Corp|approx|ca|c|e\.g|i\.e|U\.S|U\.K|a\.m|p\.m)\.|\b[A-Z]\.)$/;

/** Splits text into sentences; abbreviations, initials and decimals do not end a sentence. */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  const re = /[.!?]+["')\]]*\s+(?=["'([]?[\p{Lu}\p{N}])|\n{2,}|\n(?=\s*[-*#\d])/gu;
  let start = 0;
  for (const m of text.matchAll(re)) {
    const end = m.index + m[0].length;
    const candidate = text.slice(start, m.index + m[0].trimEnd().length);
    if (m[0].startsWith(".") && ABBREV.test(candidate.trimEnd())) continue;
    const s = candidate.trim();
    if (s) out.push(s);
    start = end;
  }
  const tail = text.slice(start).trim();
  if (tail) out.push(tail);
  return out;
}

/**
 * The prose of one sentence from Markdown: block markers (list bullets, quotes) and inline
 * emphasis/code/link syntax removed; headings give null — a heading is a label, not an answer.
 */
export function proseSentence(sentence: string): string | null {
  if (/^#{1,6}\s/.test(sentence)) return null;
  const text = sentence
    .replace(/^(?:[-*+]\s+|\d+[.)]\s+|>\s*)+/, "")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\((?:[^)]*)\)/g, "$1")
    .replace(/(\*\*|__|`)(.+?)\1/g, "$2")
    .trim();
  return text.length ? text : null;
}

/** Number of words, not counting citation markers like [1]. */
export function countWords(text: string): number {
  return text
    .replace(/\[\d+\]/g, " ")
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}
