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
    if (CAPITAL.test(word) && t.index > 0) {
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
  return out;
}

/**
 * The key term of one sentence, or null: its longest date, else its first number, else a
 * definition's subject ("X is a …"), else its longest name.
 */
export function keyTerm(sentence: string): Span | null {
  const found = candidates(sentence);
  const date = found.filter((s) => s.kind === "date").sort((a, b) => b.end - b.start - (a.end - a.start))[0];
  if (date) return date;
  const num = found.filter((s) => s.kind === "number").sort((a, b) => a.start - b.start)[0];
  if (num) return num;
  const def = definition(sentence)[0];
  if (def) return def;
  const name = found.filter((s) => s.kind === "name").sort((a, b) => b.end - b.start - (a.end - a.start))[0];
  return name ?? null;
}

/** The cloze cards of a text (Markdown or plain), in its order, at most `max`. */
export function makeCards(text: string, options: { language?: string; max?: number } = {}): ClozeCard[] {
  const language = options.language ?? detectLanguage(text.slice(0, 2000));
  const max = options.max ?? Infinity;
  const out: ClozeCard[] = [];
  for (const raw of splitSentences(proseBlocks(text))) {
    if (out.length >= max) break;
    const sentence = proseSentence(raw);
    if (!sentence || sentence.length < MIN_CHARS || sentence.length > MAX_CHARS) continue;
    const span = keyTerm(sentence);
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
