/**
 * The whole-collection brief, pure (issue 45): an extractive digest over every memory, not the
 * top k of a search. Every prose sentence of every memory is read (the extractive answer engine's
 * sentence splitting and clean prose); nothing is written that a memory does not say.
 *
 * - Key points: SumBasic over the collection's content terms (a sentence scores the summed weights of its terms; a term's weight is its share of all
 *   term occurrences, squared each time a chosen sentence holds it, so later points say something
 *   else), chosen round-robin across memories (each round, every memory gives its best remaining
 *   sentence, the memories whose best is strongest first) until the brief's length.
 * - Terms: what the collection is about — the words most memories share, the memories' stored
 *   key terms (the mind map's `key_terms`) counting too and breaking ties.
 * - Timeline: every sentence stating a date (dates.ts), ordered by date.
 */
import { contentTerms, proseBlocks, proseSentence, splitSentences, words } from "../answering/index.ts";
import { findDates } from "./dates.ts";

/** A passage read for the brief: a chunk of a memory, in the memory's order. */
export type BriefPassage = { memoryId: string; chunkId: string; text: string; language?: string };
export type BriefSentence = { memoryId: string; chunkId: string; text: string; order: number };
export type BriefPoint = BriefSentence & { score: number };
export type BriefTerm = { term: string; memories: number };
export type BriefEvent = BriefSentence & { date: string; date_text: string };
export type BriefDigest = {
  points: BriefPoint[];
  terms: BriefTerm[];
  timeline: BriefEvent[];
  sentences: number;
  memories: number;
};

/** Sentences shorter or longer than this (characters) are no key point: a fragment, or a wall of text. */
const MIN_CHARS = 25;
const MAX_CHARS = 400;
/** A key point names at least this many content terms. */
const MIN_TERMS = 3;
export const BRIEF_POINTS = 20;
export const BRIEF_TERMS = 20;
export const BRIEF_TIMELINE = 100;

type Scored = BriefSentence & { terms: string[] };

/**
 * Reads every prose sentence of passages once (a chunk overlapping the next repeats none), with
 * its stems; passages may come a page at a time (`add`), in each memory's order.
 */
export class SentenceReader {
  readonly sentences: Scored[] = [];
  readonly surface = new Map<string, Map<string, number>>();
  private readonly stems = new Map<string, string | null>();
  private readonly seen = new Set<string>();

  add(passages: BriefPassage[]): this {
    for (const p of passages) {
      const language = p.language && p.language !== "und" ? p.language : "en";
      for (const raw of splitSentences(proseBlocks(p.text))) {
        const text = proseSentence(raw);
        if (!text || text.length < MIN_CHARS || text.length > MAX_CHARS) continue;
        const key = `${p.memoryId}\u0000${text}`;
        if (this.seen.has(key)) continue;
        this.seen.add(key);
        this.sentences.push({
          memoryId: p.memoryId,
          chunkId: p.chunkId,
          text,
          order: this.sentences.length,
          terms: this.termsOf(text, language),
        });
      }
    }
    return this;
  }

  private termsOf(text: string, language: string): string[] {
    const terms = new Set<string>();
    for (const w of words(text)) {
      const cacheKey = `${language}:${w}`;
      let stem = this.stems.get(cacheKey);
      if (stem === undefined) {
        stem = contentTerms(w, language)[0] ?? null;
        this.stems.set(cacheKey, stem);
      }
      if (!stem) continue;
      terms.add(stem);
      let forms = this.surface.get(stem);
      if (!forms) this.surface.set(stem, (forms = new Map()));
      forms.set(w, (forms.get(w) ?? 0) + 1);
    }
    return [...terms];
  }
}

/** Every prose sentence of the passages, read at once. */
export function readSentences(passages: BriefPassage[]): SentenceReader {
  return new SentenceReader().add(passages);
}

/** The key points: SumBasic weights, round-robin across memories, `max` in all. */
export function selectPoints(sentences: Scored[], max = BRIEF_POINTS): BriefPoint[] {
  const weight = new Map<string, number>();
  let total = 0;
  for (const s of sentences)
    for (const t of s.terms) {
      weight.set(t, (weight.get(t) ?? 0) + 1);
      total++;
    }
  if (!total) return [];
  for (const [t, n] of weight) weight.set(t, n / total);
  const score = (s: Scored) => s.terms.reduce((a, t) => a + (weight.get(t) ?? 0), 0);
  const byMemory = new Map<string, Scored[]>();
  for (const s of sentences) {
    if (s.terms.length < MIN_TERMS) continue;
    let list = byMemory.get(s.memoryId);
    if (!list) byMemory.set(s.memoryId, (list = []));
    list.push(s);
  }
  const out: BriefPoint[] = [];
  const chosen = new Set<Scored>();
  const best = (list: Scored[]) => {
    let top: { s: Scored; v: number } | undefined;
    for (const s of list) {
      if (chosen.has(s)) continue;
      const v = score(s);
      if (!top || v > top.v) top = { s, v };
    }
    return top;
  };
  while (out.length < max) {
    // Each round: every memory with a sentence left, strongest best first.
    const round = [...byMemory.values()]
      .map((list) => best(list))
      .filter((b): b is { s: Scored; v: number } => !!b)
      .sort((a, b) => b.v - a.v || a.s.order - b.s.order);
    if (!round.length) break;
    for (const first of round) {
      if (out.length >= max) break;
      // Weights changed since the round was ranked: the memory's best is taken again.
      const pick = best(byMemory.get(first.s.memoryId) ?? []);
      if (!pick) continue;
      chosen.add(pick.s);
      const { terms: _terms, ...sentence } = pick.s;
      out.push({ ...sentence, score: Math.round(pick.v * 1e6) / 1e6 });
      for (const t of pick.s.terms) weight.set(t, (weight.get(t) ?? 0) ** 2);
    }
  }
  return out;
}

/**
 * The terms the collection is about: the words the most memories share (as written most often),
 * the memories' stored key terms (the mind map's `key_terms`, stemmed lexemes) counting for the
 * memories that hold them and breaking ties by their summed score.
 */
export function collectionTerms(
  keyTerms: { memoryId: string; terms: { term: string; score: number }[] }[],
  sentences: Scored[],
  surface: Map<string, Map<string, number>>,
  max = BRIEF_TERMS,
): BriefTerm[] {
  const memoriesOf = new Map<string, Set<string>>();
  const count = new Map<string, number>();
  const stored = new Map<string, number>();
  const hold = (t: string, memoryId: string) => {
    let m = memoriesOf.get(t);
    if (!m) memoriesOf.set(t, (m = new Set()));
    m.add(memoryId);
  };
  for (const s of sentences)
    for (const t of s.terms) {
      hold(t, s.memoryId);
      count.set(t, (count.get(t) ?? 0) + 1);
    }
  for (const k of keyTerms)
    for (const t of k.terms) {
      // A lexeme no sentence writes (the index stems some words otherwise: "carri") is not shown.
      if (!surface.has(t.term)) continue;
      hold(t.term, k.memoryId);
      stored.set(t.term, (stored.get(t.term) ?? 0) + t.score);
    }
  const written = (t: string) => {
    const forms = [...(surface.get(t) ?? new Map<string, number>())].sort((a, b) => b[1] - a[1]);
    return forms[0]?.[0] ?? t;
  };
  return [...memoriesOf]
    .map(([t, m]) => ({ t, term: written(t), memories: m.size }))
    .filter((x) => x.term.length >= 3 && !/^\p{N}+$/u.test(x.term))
    .sort(
      (a, b) =>
        b.memories - a.memories ||
        (stored.get(b.t) ?? 0) - (stored.get(a.t) ?? 0) ||
        (count.get(b.t) ?? 0) - (count.get(a.t) ?? 0) ||
        a.term.localeCompare(b.term),
    )
    .slice(0, max)
    .map(({ term, memories }) => ({ term, memories }));
}

/** Every dated sentence, by date (then in reading order), at most `max`. */
export function timeline(sentences: BriefSentence[], max = BRIEF_TIMELINE): BriefEvent[] {
  const out: BriefEvent[] = [];
  for (const s of sentences) {
    const seen = new Set<string>();
    for (const d of findDates(s.text)) {
      if (seen.has(d.date)) continue;
      seen.add(d.date);
      out.push({
        memoryId: s.memoryId,
        chunkId: s.chunkId,
        text: s.text,
        order: s.order,
        date: d.date,
        date_text: d.text,
      });
    }
  }
  return out.sort((a, b) => a.date.localeCompare(b.date) || a.order - b.order).slice(0, max);
}

/** The digest of what a reader read: key points, terms and timeline. */
export function digest(
  reader: SentenceReader,
  keyTerms: { memoryId: string; terms: { term: string; score: number }[] }[] = [],
  points = BRIEF_POINTS,
): BriefDigest {
  const strip = ({ terms: _t, ...rest }: Scored): BriefSentence => rest;
  return {
    points: selectPoints(reader.sentences, points),
    terms: collectionTerms(keyTerms, reader.sentences, reader.surface),
    timeline: timeline(reader.sentences.map(strip)),
    sentences: reader.sentences.length,
    memories: new Set(reader.sentences.map((x) => x.memoryId)).size,
  };
}

/** The whole digest of a collection's passages (in each memory's order). */
export function computeBrief(
  passages: BriefPassage[],
  keyTerms: { memoryId: string; terms: { term: string; score: number }[] }[] = [],
  options: { points?: number } = {},
): BriefDigest {
  return digest(readSentences(passages), keyTerms, options.points);
}
