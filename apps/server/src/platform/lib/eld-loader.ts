/**
 * ELD's language detector with its n-gram database read as data instead of evaluated as code.
 *
 * The package ships the database as a ~1 MB JavaScript object literal (`ngrams/extrasmall.js`).
 * Evaluating it costs ~80 MB of resident memory per process (the literal's bytecode and its
 * boilerplate on top of the ~20 MB the data itself takes), measured on Node 24; reading the same
 * text with the small parser below as JSON costs ~30 MB. Every process that detects a language (the
 * server and each extraction process that prepares a large memory) pays it, so under a 512 MB
 * budget it matters (docs/decisions.md, issue 24).
 */
import fs from "node:fs";
import { fileURLToPath } from "node:url";

/** The parts of an ELD instance we use. */
export type LanguageDetector = {
  detect(text: string): { language: string; isReliable(): boolean };
};

type EldFactory = () => { instance: LanguageDetector; loadData(data: unknown): boolean | void };

// The package's exports map names only its entries; its own modules sit beside them.
const entry = import.meta.resolve("eld");
const { createEld } = (await import(new URL("../languageDetector.js", entry).href)) as {
  createEld: EldFactory;
};
const databaseFile = fileURLToPath(new URL("../ngrams/extrasmall.js", entry));

const unescapes: Record<string, string> = { n: "\n", t: "\t", r: "\r" };

/**
 * Reads the `ngramsData` object literal of an ELD database file as JSON: single-quoted strings
 * become JSON strings and bare keys (integers, identifiers) quoted keys; numbers, booleans and
 * null stay as they are (the only forms the generated files use). Anything else makes
 * `JSON.parse` throw, so a changed format fails loudly (the unit test compares the result with
 * the evaluated module).
 */
export function parseNgramDatabase(source: string): unknown {
  const marker = source.indexOf("ngramsData");
  const start = source.indexOf("{", marker);
  const end = source.lastIndexOf("}");
  if (marker < 0 || start < 0 || end < start) throw new Error("ELD database: no ngramsData object");
  const json = source
    .slice(start, end + 1)
    .replace(/'((?:[^'\\]|\\.)*)'|([^\s:,{}[\]'"]+)(?=\s*:)/g, (_, quoted: string | undefined, key: string) =>
      JSON.stringify(
        quoted === undefined ? key : quoted.replace(/\\(.)/g, (_e, c: string) => unescapes[c] ?? c),
      ),
    );
  return JSON.parse(json) as unknown;
}

let detector: LanguageDetector | undefined;

/** The detector with ELD's smallest database, built on first use (~40 ms) and kept. */
export function languageDetector(): LanguageDetector {
  if (!detector) {
    const { instance, loadData } = createEld();
    loadData(parseNgramDatabase(fs.readFileSync(databaseFile, "utf8")));
    detector = instance;
  }
  return detector;
}
