/**
 * The server's one source of stop words, per language (ISO 639-1). English is our own list
 * (measured with the extractive engine on XQuAD-en: question framing such as "name", "called",
 * "kind" is noise there, while "after", "before", "during" carry meaning: adding them cost 0.3
 * points of "contained"); every other language comes from stopwords-iso. Entries holding a digit
 * are dropped: numbers are answers, never noise. Search itself uses PostgreSQL's Snowball lists.
 */
import iso from "stopwords-iso/stopwords-iso.json" with { type: "json" };

const ENGLISH =
  "a an the and or but if then else of to in on at by for with from into onto over under about as is are was were be been being " +
  "do does did doing have has had having i me my we our you your he him his she her it its they them their this that these those " +
  "what which who whom whose when where why how there here than too very can could would should will shall may might must " +
  "not no nor so such only own same other some any each few more most all both s t just also up down out off again further once " +
  "one name named called call kind type many much hers herself himself itself myself ours ourselves theirs themselves " +
  "yours yourself yourselves ought cannot";

const lists = new Map<string, ReadonlySet<string>>();
const EMPTY: ReadonlySet<string> = new Set();

/** Stop words of `language` (lower-case); empty for a language without a list. */
export function stopWords(language: string): ReadonlySet<string> {
  let set = lists.get(language);
  if (set) return set;
  const words =
    language === "en"
      ? ENGLISH.split(/\s+/)
      : ((iso as Record<string, string[] | undefined>)[language] ?? []);
  set = words.length ? new Set(words.filter((w) => !/\d/.test(w)).map((w) => w.toLowerCase())) : EMPTY;
  lists.set(language, set);
  return set;
}
