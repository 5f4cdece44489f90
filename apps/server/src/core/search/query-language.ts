import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../platform/db/client.ts";
import { detect, prepareForAnalysis, searchConfigFor } from "../../platform/lib/language.ts";
import type { AnalysedQuery } from "./stage.ts";

/**
 * How long the set of indexed languages is reused before it is read again (the bound for chunks
 * written by another process).
 */
const LANGUAGES_TTL_MS = 30_000;
const languageCache = new WeakMap<object, { at: number; languages: string[] }>();
/** Every language this process wrote chunks in, with when it last did. */
const writtenLanguages = new Map<string, number>();
/** A written language still absent from the database this long after is forgotten (rolled back, deleted). */
const WRITE_FORGET_MS = 60_000;

/**
 * The indexer wrote chunks analysed in `languages`: a cached set that misses one is read again,
 * so the next query is analysed with it too (issue 43: a memory indexed in the first seconds after
 * start, the set read while no chunk existed, was unsearchable by its stems for 30 s).
 */
export function noteChunkLanguages(languages: Iterable<string>): void {
  const now = performance.now();
  for (const l of languages) writtenLanguages.set(l, now);
}

/** The languages chunks are analysed in (a loose index scan over chunk_language_idx: one probe per language). */
export async function indexedLanguages(db: Db): Promise<string[]> {
  const hit = languageCache.get(db);
  if (
    hit &&
    performance.now() - hit.at < LANGUAGES_TTL_MS &&
    [...writtenLanguages.keys()].every((l) => hit.languages.includes(l))
  )
    return hit.languages;
  const rows = await queryRows<{ v: string }>(
    db,
    sql`WITH RECURSIVE l(v) AS (SELECT min(language) FROM chunk
        UNION ALL SELECT (SELECT min(c.language) FROM chunk c WHERE c.language > l.v) FROM l WHERE l.v IS NOT NULL)
      SELECT v FROM l WHERE v IS NOT NULL`,
  );
  const languages = rows.map((r) => r.v);
  const now = performance.now();
  for (const [l, at] of writtenLanguages)
    if (!languages.includes(l) && now - at > WRITE_FORGET_MS) writtenLanguages.delete(l);
  languageCache.set(db, { at: now, languages });
  return languages;
}

const scripts = new Map<string, string | undefined>();

/** The script `language` is usually written in (CLDR's likely subtags: "ru" → "Cyrl"), if known. */
export function scriptOf(language: string): string | undefined {
  if (!scripts.has(language)) {
    let script: string | undefined;
    try {
      script = new Intl.Locale(language).maximize().script;
    } catch {
      script = undefined;
    }
    scripts.set(language, script);
  }
  return scripts.get(language);
}

/**
 * The configurations a query is analysed with (pure): its language's when the detector is sure
 * of it; otherwise also every configuration the memories are analysed in, so a keyword ("runs",
 * "telescope": no language to tell) finds its word forms in whichever language holds it. A sure
 * language that no memory is in is often a close neighbour's (ELD takes "зимние дороги Сибири"
 * for Bulgarian, "кони пили воду" for Serbian): the languages of the memories written in the same
 * script are analysed too, so a Russian question still meets the Russian stems.
 */
export function queryConfigs(detected: { language: string; reliable: boolean }, indexed: string[]): string[] {
  let languages: string[];
  if (!detected.reliable) languages = [detected.language, ...indexed];
  else if (indexed.length === 0 || indexed.includes(detected.language)) languages = [detected.language];
  else {
    const script = scriptOf(detected.language);
    languages = [detected.language, ...indexed.filter((l) => script && scriptOf(l) === script)];
  }
  return [...new Set(languages.map(searchConfigFor))].sort();
}

/**
 * Fewer words than this tell a detector too little, whatever it claims ("zeppelin" comes back
 * as reliably Dutch): such a query is searched in every language the memories use.
 */
const MIN_DETECTABLE_WORDS = 3;
const words = new Intl.Segmenter(undefined, { granularity: "word" });

function wordCount(text: string): number {
  let n = 0;
  for (const s of words.segment(text)) if (s.isWordLike) n++;
  return n;
}

/** A query's text prepared for analysis, and the configurations to analyse it with. */
export async function analyseQueryText(db: Db, query: string): Promise<AnalysedQuery> {
  const guess = detect(query);
  const detected = { ...guess, reliable: guess.reliable && wordCount(query) >= MIN_DETECTABLE_WORDS };
  const indexed = await indexedLanguages(db);
  return { text: prepareForAnalysis(query, detected.language), configs: queryConfigs(detected, indexed) };
}
