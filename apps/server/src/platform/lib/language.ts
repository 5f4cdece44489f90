/**
 * Language of a text and how search analyses it (pure): detection, the PostgreSQL text-search
 * configuration per language, and the preparation every text gets before PostgreSQL sees it
 * (Unicode NFKC, and word segmentation for scripts written without spaces).
 */
import { languageDetector } from "./eld-loader.ts";

/** "und" (undetermined) when the detector is unsure; analysed with `simple`. */
export const UNDETERMINED = "und";

/**
 * ISO 639-1 code → Snowball configuration shipped with PostgreSQL ≥ 15 (and PGlite). Every other
 * language is analysed with `simple` (lower-casing only, no stemming, no stop words).
 */
const SNOWBALL: Readonly<Record<string, string>> = {
  ar: "arabic",
  hy: "armenian",
  eu: "basque",
  ca: "catalan",
  da: "danish",
  nl: "dutch",
  en: "english",
  fi: "finnish",
  fr: "french",
  de: "german",
  el: "greek",
  hi: "hindi",
  hu: "hungarian",
  id: "indonesian",
  ga: "irish",
  it: "italian",
  lt: "lithuanian",
  ne: "nepali",
  no: "norwegian",
  nb: "norwegian",
  pt: "portuguese",
  ro: "romanian",
  ru: "russian",
  sr: "serbian",
  es: "spanish",
  sv: "swedish",
  ta: "tamil",
  tr: "turkish",
  yi: "yiddish",
};

/** The text-search configuration for a language code; `simple` where PostgreSQL has no stemmer. */
export function searchConfigFor(language: string): string {
  return SNOWBALL[language] ?? "simple";
}

/** The detector reads at most this many characters (enough for a stable answer, bounded cost). */
const SAMPLE_CHARS = 2000;

/**
 * The language of `text` (ISO 639-1) by ELD's n-gram detector (its smallest database: measured
 * as accurate as the larger ones on our sets, docs/decisions.md), with whether the detector deems
 * it reliable. Texts without letters are undetermined.
 */
export function detect(text: string): { language: string; reliable: boolean } {
  const sample = text.slice(0, SAMPLE_CHARS);
  if (!/\p{L}/u.test(sample)) return { language: UNDETERMINED, reliable: false };
  const result = languageDetector().detect(sample);
  return result.language
    ? { language: result.language, reliable: result.isReliable() }
    : { language: UNDETERMINED, reliable: false };
}

/** The language of `text` (ISO 639-1), or UNDETERMINED; the detector's best guess even when unsure. */
export function detectLanguage(text: string): string {
  return detect(text).language;
}

/**
 * The language of one chunk of a memory: its own when the detector is sure of it, else the
 * memory's (short chunks, tables, lists of names).
 */
export function chunkLanguage(text: string, memoryLanguage: string): string {
  const own = detect(text);
  return own.reliable ? own.language : memoryLanguage;
}

/** Scripts written without spaces between words: Han, Hiragana, Katakana, Thai, Lao, Khmer, Myanmar. */
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/** Whether `text` holds a script written without spaces between words. */
export function hasUnspacedScript(text: string): boolean {
  return UNSPACED.test(text);
}

const segmenters = new Map<string, Intl.Segmenter>();
function wordSegmenter(language: string): Intl.Segmenter {
  const locale = language === UNDETERMINED ? "und" : language;
  let s = segmenters.get(locale);
  if (!s) {
    s = new Intl.Segmenter(locale, { granularity: "word" });
    segmenters.set(locale, s);
  }
  return s;
}

/**
 * What PostgreSQL's parser is given for `text`: NFKC (full-width forms, ligatures, compatibility
 * digits folded) and, where the text holds an unspaced script, its words separated by spaces
 * (Intl.Segmenter, dictionary-based for Chinese, Japanese, Thai, …). The same function prepares
 * documents and queries, so both are cut the same way.
 */
export function prepareForAnalysis(text: string, language: string): string {
  const normal = text.normalize("NFKC");
  if (!hasUnspacedScript(normal)) return normal;
  let out = "";
  for (const seg of wordSegmenter(language).segment(normal)) {
    if (seg.isWordLike) out += ` ${seg.segment} `;
    else out += seg.segment;
  }
  return out.replace(/ {2,}/g, " ").trim();
}
