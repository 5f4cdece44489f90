/**
 * Review cards made offline from a memory's own sentences (issue 45), pure: each prose sentence
 * (the extractive answer engine's sentence splitting and clean prose) that states a date, a number,
 * a named person or place, or a definition gives one cloze card with that key term blanked. Nothing
 * is invented: the front is the sentence with the term replaced by a blank, the back is the term,
 * and the card keeps the sentence as its passage (its character range in the text read).
 */
import { proseBlocks, proseSentence, splitSentences } from "../answering/index.ts";
import { detectLanguage } from "../../platform/lib/language.ts";

export type CardKind = "date" | "number" | "name" | "definition";

export type ClozeCard = {
  kind: CardKind;
  /** The sentence with the key term replaced by BLANK. */
  front: string;
  /** The blanked term. */
  back: string;
  /** The prose sentence the card is made from (its passage). */
  sentence: string;
  /** Where the blank is in `sentence` (UTF-16 offsets, end exclusive). */
  start: number;
  end: number;
  language: string;
};

export const BLANK = "_____";
/** Sentences shorter or longer than this (characters) make no card: too little context, or too much to recall. */
const MIN_CHARS = 25;
const MAX_CHARS = 400;

type Span = { kind: CardKind; start: number; end: number };

const MONTHS =
  "January|February|March|April|May|June|July|August|September|October|November|December|" +
  "Januar|Februar|März|Juni|Juli|Oktober|Dezember|enero|febrero|marzo|abril|mayo|junio|julio|agosto|" +
  "septiembre|octubre|noviembre|diciembre|janvier|février|mars|avril|mai|juin|juillet|août|" +
  "janvarja|января|февраля|марта|апреля|мая|июня|июля|августа|сентября|октября|ноября|декабря|" +
  "tháng";
const DATE_PATTERNS: RegExp[] = [
  // 2016年2月7日, 2月7日
  /\d{1,4}\s*年(?:\s*\d{1,2}\s*月)?(?:\s*\d{1,2}\s*日)?|\d{1,2}\s*月\s*\d{1,2}\s*日/gu,
  // January 7, 2016 / 7 January 2016 / 7. Februar 2016 / 7 de febrero de 2016 / 7 февраля 2016
  new RegExp(
    `(?:\\d{1,2}\\.?\\s+(?:de\\s+)?)?(?:${MONTHS})(?:\\s+\\d{1,2},?)?(?:\\s+(?:de\\s+)?\\d{3,4})?`,
    "giu",
  ),
  /\b(?:1[0-9]{3}|20[0-9]{2})(?:s|er)?\b/gu,
];
/** A number with its digit groups and decimals (any script's digits), optionally a percent; never digits inside a
 * spaced script's word (an id, "ab12cd"); unspaced scripts (共有308人) keep theirs. */
const WORD_CHAR = "\\p{Script=Latin}\\p{Script=Cyrillic}\\p{Script=Greek}\\p{M}\\p{Nd}";
const NUMBER = new RegExp(
  `(?<![${WORD_CHAR}])\\p{Nd}(?:[\\p{Nd},.\\u066B\\u066C\\u00A0 ]*\\p{Nd})?(?![${WORD_CHAR}])\\s*%?`,
  "gu",
);
/** A capitalised word (Latin, Cyrillic, Greek), and the small words a name may hold inside it. */
const CAPITAL = /^\p{Lu}[\p{L}\p{M}'’.-]*$/u;
const CONNECTORS = new Set([
  "of",
  "the",
  "de",
  "del",
  "la",
  "von",
  "van",
  "der",
  "di",
  "da",
  "y",
  "und",
  "and",
  "и",
  "le",
]);
const DEFINITION = [
  /^(.{2,60}?)\s+(?:is|are|was|were)\s+(?:a|an|the)\s/iu,
  /^(.{2,60}?)\s+(?:ist|sind|war)\s+(?:ein|eine|der|die|das)\s/iu,
  /^(.{2,60}?)\s+(?:es|son|fue|era)\s+(?:un|una|el|la|los|las)\s/iu,
  /^(.{2,60}?)\s+—\s+(?:это\s+)?/iu,
];

function matches(re: RegExp, sentence: string, kind: CardKind): Span[] {
  const out: Span[] = [];
  for (const m of sentence.matchAll(re)) {
    const text = m[0].replace(/[\s,.]+$/u, "");
    if (!/\p{Nd}|\p{L}/u.test(text) || text.length === 0) continue;
    const start = m.index;
    out.push({ kind, start, end: start + text.length });
  }
  return out;
}

/** Runs of capitalised words that do not open the sentence: names of people, places, things. */
function names(sentence: string): Span[] {
  const out: Span[] = [];
  const tokens = [...sentence.matchAll(/[\p{L}\p{M}\p{Nd}'’.-]+/gu)];
  let i = 0;
  while (i < tokens.length) {
    const t = tokens[i];
    const word = t[0].replace(/\.$/, "");
    // A capital that opens the sentence, or a clause after a colon ("ecmaVersion: Indicates …"), is no name.
    const before = sentence.slice(0, t.index);
    if (CAPITAL.test(word) && /[\p{L}\p{Nd}]/u.test(before) && !/:\s*$/u.test(before)) {
      let j = i;
      let end = t.index + word.length;
      while (j + 1 < tokens.length) {
        const next = tokens[j + 1];
        const w = next[0].replace(/\.$/, "");
        const gap = sentence.slice(end, next.index);
        if (!/^[\s-]*$/.test(gap)) break;
        if (CAPITAL.test(w)) {
          j++;
          end = next.index + w.length;
        } else if (
          CONNECTORS.has(w.toLowerCase()) &&
          j + 2 < tokens.length &&
          CAPITAL.test(tokens[j + 2][0])
        ) {
          j++;
        } else break;
      }
      out.push({ kind: "name", start: t.index, end });
      i = j + 1;
    } else i++;
  }
  return out;
}

function definition(sentence: string): Span[] {
  for (const re of DEFINITION) {
    const m = re.exec(sentence);
    if (m && !/[,;:]/.test(m[1])) return [{ kind: "definition", start: 0, end: m[1].length }];
  }
  return [];
}

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

/** Every key-term candidate of a sentence, without overlaps: dates first, then numbers, then names. */
export function candidates(sentence: string): Span[] {
  const out: Span[] = [];
  const add = (spans: Span[]) => {
    for (const s of [...spans].sort((a, b) => b.end - b.start - (a.end - a.start)))
      if (!out.some((o) => overlaps(o, s))) out.push(s);
  };
  add(DATE_PATTERNS.flatMap((re) => matches(re, sentence, "date")));
  add(matches(NUMBER, sentence, "number"));
  add(names(sentence).filter((n) => n.end - n.start < sentence.length / 2));
  // Nothing inside a web address or an HTML tag is a term (an image's width, a path's id).
  const masked = [...sentence.matchAll(/<\/?[a-z][^>]*>|\bhttps?:\/\/\S+/giu)].map((m) => ({
    kind: "name" as const,
    start: m.index,
    end: m.index + m[0].length,
  }));
  return out.filter((s) => !masked.some((m) => overlaps(m, s)));
}

/** What a sentence's key term is weighed against: the other sentences of its text and the memory's title. */
export type TermContext = {
  sentences?: string[];
  title?: string;
  /** Text the user selected: where a sentence holds it, the blank is a term inside it. */
  focus?: string;
};

/**
 * How likely a candidate is the term a reader would be asked about. The weights come from a logistic
 * regression on the XQuAD dev sets (gold answers as labels) checked leave-one-language-out (every
 * held-out language gained), rounded, and a position term dropped that hurt real notes (a list's
 * first item). One set for every language: answer_span_rate 0.38–0.42 → 0.42–0.51 on all eight
 * sets, and the real-notes set stays within one card (docs/benchmarks.md). A number is the likeliest
 * answer, a name the least; a term of several words is specific (a full name, a place); a name that
 * is in the memory's title or recurs in many of its sentences is its topic, which a question gives
 * rather than asks for; a possessive ("Luther's") is the sentence's frame.
 */
function termScore(sentence: string, span: Span, ctx: TermContext): number {
  const text = sentence.slice(span.start, span.end);
  let score = span.kind === "number" ? 0.4 : span.kind === "date" ? 0.2 : -0.2;
  // Several words, or a full date (年月日): specific.
  if (/\s/u.test(text) || (span.kind === "date" && /\p{Nd}\D+\p{Nd}/u.test(text))) score += 0.6;
  if (/['’]s$/u.test(text)) score -= 0.25;
  if (ctx.title) {
    const title = ctx.title.toLowerCase();
    const lower = text.toLowerCase();
    if (title.includes(lower) || lower.split(/\s+/u).some((w) => w.length > 3 && title.includes(w)))
      score -= 0.7;
  }
  if (ctx.sentences && span.kind === "name") {
    const df = ctx.sentences.reduce((n, s) => n + (s.includes(text) ? 1 : 0), 0);
    score -= (0.35 * Math.min(df, 5)) / 5;
  }
  return score;
}

/**
 * The key term of one sentence, or null: a definition's subject ("X is a …") when the sentence is
 * one, else the candidate (date, number, name) most likely asked about (`termScore`).
 */
export function keyTerm(sentence: string, ctx: TermContext = {}): Span | null {
  let found = candidates(sentence);
  let focused = false;
  const at = ctx.focus ? sentence.indexOf(ctx.focus) : -1;
  if (ctx.focus && at >= 0) {
    const end = at + ctx.focus.length;
    const inside = found.filter((s) => s.start >= at && s.end <= end);
    if (inside.length) [found, focused] = [inside, true];
  }
  const def = definition(sentence)[0];
  if (def && !focused && !found.some((s) => s.kind !== "name" && s.start < def.end)) return def;
  let best: Span | null = null;
  let bestScore = -Infinity;
  // Equal scores: the longer term, then the earlier one.
  for (const s of [...found].sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start)) {
    const score = termScore(sentence, s, ctx);
    if (score > bestScore) [best, bestScore] = [s, score];
  }
  return best;
}

/** The cloze cards of a text (Markdown or plain), in its order, at most `max`. */
export function makeCards(
  text: string,
  options: { language?: string; max?: number; title?: string; focus?: string } = {},
): ClozeCard[] {
  const language = options.language ?? detectLanguage(text.slice(0, 2000));
  const max = options.max ?? Infinity;
  const out: ClozeCard[] = [];
  const sentences = splitSentences(proseBlocks(text)).map((raw) => proseSentence(raw) ?? "");
  const ctx: TermContext = { sentences, title: options.title, focus: options.focus?.trim() };
  for (const sentence of sentences) {
    if (out.length >= max) break;
    if (!sentence || sentence.length < MIN_CHARS || sentence.length > MAX_CHARS) continue;
    const span = keyTerm(sentence, ctx);
    if (!span) continue;
    const back = sentence.slice(span.start, span.end);
    out.push({
      kind: span.kind,
      front: `${sentence.slice(0, span.start)}${BLANK}${sentence.slice(span.end)}`,
      back,
      sentence,
      start: span.start,
      end: span.end,
      language,
    });
  }
  return out;
}
