/** Tokenising, stemming and sentence splitting for the extractive engine (pure, every language). */
import { createRequire } from "node:module";
import { hasUnspacedScript, searchConfigFor, UNDETERMINED } from "../../../../platform/lib/language.ts";
import { stopWords } from "../../../../platform/lib/stopwords.ts";

/**
 * Question words (interrogative pronouns, determiners and adverbs) that say what kind of answer is
 * wanted; they never count as content terms. English for every language, and those of the eight
 * measured languages that their stop-word lists lack or that a stemmer turns into another word
 * (Russian "каков" → "как"): Hindi "क्या" (what) was a content term in 140 of 612 questions,
 * Vietnamese "bao nhiêu" (how many) in 92; Hindi "सा/सी" of "कौन सा/सी" (which) in 39, and the
 * oblique forms of "किस" with a fused postposition ("किसलिए" what for, "किससे" from whom).
 */
const QUESTION_WORDS: Record<string, string[]> = {
  en: ["what", "which", "who", "whom", "whose", "when", "where", "why", "how"],
  de: [
    "wer",
    "wen",
    "wem",
    "wessen",
    "was",
    "wo",
    "wohin",
    "woher",
    "wann",
    "warum",
    "weshalb",
    "wieso",
    "wie",
    "wieviel",
    "wievielte",
    "welche",
    "welcher",
    "welches",
    "welchen",
    "welchem",
  ],
  es: [
    "qué",
    "quién",
    "quiénes",
    "cuál",
    "cuáles",
    "cómo",
    "dónde",
    "adónde",
    "cuándo",
    "cuánto",
    "cuánta",
    "cuántos",
    "cuántas",
  ],
  ru: [
    "кто",
    "кого",
    "кому",
    "кем",
    "что",
    "чего",
    "чему",
    "чем",
    "где",
    "куда",
    "откуда",
    "когда",
    "почему",
    "зачем",
    "как",
    "какой",
    "какая",
    "какое",
    "какие",
    "какого",
    "какому",
    "каким",
    "каком",
    "какую",
    "каких",
    "каков",
    "какова",
    "каково",
    "каковы",
    "сколько",
    "чей",
    "чья",
    "чьё",
    "чьи",
  ],
  zh: [
    "什么",
    "什么时候",
    "哪",
    "哪个",
    "哪些",
    "哪位",
    "哪一",
    "哪里",
    "哪儿",
    "哪年",
    "谁",
    "多少",
    "怎么",
    "怎样",
    "如何",
    "为什么",
    "何时",
  ],
  ar: ["ما", "ماذا", "من", "متى", "أين", "كيف", "لماذا", "كم", "أي", "هل", "ماهو", "ماهي"],
  hi: [
    "क्या",
    "कौन",
    "कौनसा",
    "कौनसी",
    "कौनसे",
    "किस",
    "किसे",
    "किसको",
    "किसने",
    "किसका",
    "किसकी",
    "किसके",
    "किससे",
    "किसमें",
    "किसपर",
    "किसलिए",
    "किन",
    "किनका",
    "किनकी",
    "किनके",
    "किन्हें",
    "कब",
    "कहाँ",
    "कहां",
    "कैसे",
    "कैसा",
    "कैसी",
    "क्यों",
    "कितना",
    "कितने",
    "कितनी",
    "सा",
    "सी",
  ],
  vi: ["gì", "nào", "ai", "đâu", "bao", "nhiêu", "mấy"],
};
const questionWordSets = new Map<string, ReadonlySet<string>>();
function questionWords(language: string): ReadonlySet<string> {
  let set = questionWordSets.get(language);
  if (!set) {
    set = new Set([...QUESTION_WORDS.en, ...(QUESTION_WORDS[language] ?? [])]);
    questionWordSets.set(language, set);
  }
  return set;
}

/** Whether `word` asks a question (an interrogative of `language` or of English), e.g. "What", "Wie". */
export function isQuestionWord(word: string, language = "en"): boolean {
  return questionWords(language).has(word.normalize("NFKC").toLowerCase());
}

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

type Stemmer = { stem(word: string): string };
const snowball = createRequire(import.meta.url)("snowball-stemmers") as {
  algorithms(): string[];
  newStemmer(name: string): Stemmer;
};
const stemmers = new Map<string, Stemmer | null>();
/**
 * The Snowball stemmer of a language other than English (the same algorithms as PostgreSQL's
 * configurations), or null where there is none (Hindi, Vietnamese, Chinese…: words kept whole).
 */
function snowballFor(language: string): Stemmer | null {
  if (!stemmers.has(language)) {
    const name = searchConfigFor(language);
    stemmers.set(
      language,
      language !== "en" && snowball.algorithms().includes(name) ? snowball.newStemmer(name) : null,
    );
  }
  return stemmers.get(language) ?? null;
}

/**
 * Hindi has no Snowball stemmer in `snowball-stemmers`: a light suffix stripper (Ramanathan & Rao,
 * "A Lightweight Stemmer for Hindi", 2003: inflectional suffixes, longest first).
 */
const HINDI_SUFFIXES = [
  ["ाएंगी", "ाएंगे", "ाऊंगी", "ाऊंगा", "ाइयाँ", "ाइयों", "ाइयां"],
  [
    "ाएगी",
    "ाएगा",
    "ाओगी",
    "ाओगे",
    "एंगी",
    "ेंगी",
    "एंगे",
    "ेंगे",
    "ूंगी",
    "ूंगा",
    "ातीं",
    "नाओं",
    "नाएं",
    "ताओं",
    "ताएं",
    "ियाँ",
    "ियों",
    "ियां",
  ],
  [
    "ाकर",
    "ाइए",
    "ाईं",
    "ाया",
    "ेगी",
    "ेगा",
    "ोगी",
    "ोगे",
    "ाने",
    "ाना",
    "ाते",
    "ाती",
    "ाता",
    "तीं",
    "ाओं",
    "ाएं",
    "ुओं",
    "ुएं",
    "ुआं",
  ],
  ["कर", "ाओ", "िए", "ाई", "ाए", "ने", "नी", "ना", "ते", "ीं", "ती", "ता", "ाँ", "ां", "ों", "ें"],
  ["ो", "े", "ू", "ु", "ी", "ि", "ा"],
].flat();

/**
 * Hindi spelling variants made one (the normaliser of Larkey, Connell & AbdulJaleel, "Hindi CLIR
 * in Thirty Days", 2003, as Lucene's HindiNormalizer has it): no joiners or nukta, chandrabindu and
 * a dead "न्" before a consonant as anusvara, candra vowels as the plain ones, long ई/ऊ as short
 * ("डिफ़ेन्स" and "डिफ़ेंस", "इंटर्सेप्शन" and "इन्टरसेप्शन" are the same word in one text).
 */
export function normalizeHindi(word: string): string {
  return word
    .normalize("NFD")
    .replace(/\u200C|\u200D|\u093C/g, "")
    .replace(/\u0901/g, "\u0902")
    .replace(/\u0928\u094D(?=[\u0915-\u0939])/g, "\u0902")
    .replace(/\u0949/g, "\u094B")
    .replace(/\u0945/g, "\u0947")
    .replace(/\u0911/g, "\u0913")
    .replace(/\u090D/g, "\u090F")
    .replace(/\u0940/g, "\u093F")
    .replace(/\u0942/g, "\u0941")
    .replace(/\u0908/g, "\u0907")
    .replace(/\u090A/g, "\u0909");
}

/** A Hindi word without its inflectional suffix (at least two characters are kept). */
export function stemHindi(word: string): string {
  for (const suffix of HINDI_SUFFIXES)
    if (word.endsWith(suffix) && word.length - suffix.length >= 2) return word.slice(0, -suffix.length);
  return word;
}

/**
 * Arabic light stemming, Larkey, Ballesteros & Connell's "light10" (Light Stemming for Arabic
 * Information Retrieval, 2007), the usual stemmer of Arabic retrieval: normalise (no harakat or
 * tatweel, one alef, final ى → ي and ة → ه), drop the conjunction و and the definite article with
 * its prepositions (ال وال بال كال فال لل), then the commonest suffixes. Snowball's Arabic
 * stemmer gives one word several stems ("فريق" → "ريق" but "الفريق" → "فريق"; "الكرة" →
 * "الكر" but "بالكرة" → "بالكر"), so the words of a question and of its answer did not meet.
 */
const ARABIC_ARTICLES = ["وال", "بال", "كال", "فال", "لل", "ال"];
const ARABIC_SUFFIXES = ["ها", "ان", "ات", "ون", "ين", "يه", "ية", "ه", "ة", "ي"];
/** An Arabic word without harakat (tanween too) or tatweel, its alef forms one alef ("أيضاً" → "ايضا"). */
const normalizeArabic = (word: string) =>
  word.replace(/[\u064B-\u065F\u0670\u0640]/g, "").replace(/[أإآ]/g, "ا");
export function stemArabic(word: string): string {
  let w = normalizeArabic(word).replace(/ى$/, "ي").replace(/ة$/, "ه");
  if (w.startsWith("و") && w.length >= 4) w = w.slice(1);
  for (const a of ARABIC_ARTICLES)
    if (w.startsWith(a) && w.length - a.length >= 2) {
      w = w.slice(a.length);
      break;
    }
  for (const suffix of ARABIC_SUFFIXES)
    if (w.length - suffix.length >= 2 && w.endsWith(suffix)) w = w.slice(0, -suffix.length);
  return w;
}

/** Letters with their combining marks (Devanagari vowel signs, Arabic harakat), digits, inner apostrophes/dots. */
const WORD = /[\p{L}\p{M}\p{N}]+(?:['’.][\p{L}\p{M}\p{N}]+)*/gu;
const wordSegmenter = new Intl.Segmenter("und", { granularity: "word" });

/**
 * Lower-cased word tokens (NFKC, accents kept). Runs of unspaced scripts (Chinese, Japanese,
 * Thai, …) are cut into words by Intl.Segmenter's dictionaries.
 */
export function words(text: string): string[] {
  const lower = text.normalize("NFKC").toLowerCase();
  if (!hasUnspacedScript(lower)) return lower.match(WORD) ?? [];
  const out: string[] = [];
  for (const s of wordSegmenter.segment(lower)) if (s.isWordLike) out.push(...(s.segment.match(WORD) ?? []));
  return out;
}

let arabicStopWords: ReadonlySet<string> | null = null;
function normalizedArabicStopWords(): ReadonlySet<string> {
  arabicStopWords ??= new Set([...stopWords("ar"), ...(QUESTION_WORDS.ar ?? [])].map(normalizeArabic));
  return arabicStopWords;
}

/**
 * Content terms: words that are neither stop words (of `language`, and of English, whose names
 * and titles appear in every language) nor question words, stemmed: with the language's Snowball
 * stemmer where there is one, Hindi with its light suffix stripper, else ASCII words with the
 * light English stemmer.
 */
export function contentTerms(text: string, language = "en"): string[] {
  const own = stopWords(language === UNDETERMINED ? "en" : language);
  const en = stopWords("en");
  const stemmer = snowballFor(language);
  const asking = questionWords(language);
  // Arabic stop words are matched as written and normalised (the list has "ايضا", texts "أيضاً").
  const ownArabic = language === "ar" ? normalizedArabicStopWords() : null;
  const tokens = words(text);
  const inPhrase = stopPhraseTokens(tokens, own);
  return tokens
    .filter(
      (w, i) =>
        !inPhrase[i] && !own.has(w) && !en.has(w) && !asking.has(w) && !ownArabic?.has(normalizeArabic(w)),
    )
    .map((w) => stemTerm(w, language, stemmer));
}

/**
 * Stop words written as several words ("có thể", "bởi vì", "cho đến": 379 of stopwords-iso's 645
 * Vietnamese entries, whose words are syllables written apart), indexed by their first word, and
 * per first word the lengths of its phrases, longest first.
 */
const stopPhraseIndex = new WeakMap<
  ReadonlySet<string>,
  Map<string, { phrases: Set<string>; lengths: number[] }>
>();
function stopPhrases(stop: ReadonlySet<string>): Map<string, { phrases: Set<string>; lengths: number[] }> {
  let index = stopPhraseIndex.get(stop);
  if (!index) {
    index = new Map();
    for (const entry of stop) {
      const parts = entry.split(/\s+/);
      if (parts.length < 2) continue;
      const slot = index.get(parts[0]) ?? { phrases: new Set<string>(), lengths: [] };
      slot.phrases.add(parts.join(" "));
      if (!slot.lengths.includes(parts.length)) slot.lengths.push(parts.length);
      slot.lengths.sort((a, b) => b - a);
      index.set(parts[0], slot);
    }
    stopPhraseIndex.set(stop, index);
  }
  return index;
}

/** Which tokens belong to a stop phrase of several words (longest phrase first, left to right). */
function stopPhraseTokens(tokens: string[], stop: ReadonlySet<string>): boolean[] {
  const index = stopPhrases(stop);
  const marked = new Array<boolean>(tokens.length).fill(false);
  if (!index.size) return marked;
  for (let i = 0; i < tokens.length; i++) {
    const slot = index.get(tokens[i]);
    if (!slot) continue;
    const n = slot.lengths.find((len) => slot.phrases.has(tokens.slice(i, i + len).join(" ")));
    if (!n) continue;
    for (let k = i; k < i + n; k++) marked[k] = true;
    i += n - 1;
  }
  return marked;
}

/**
 * One word's stem: Arabic words of an Arabic text by light10, else the language's Snowball
 * stemmer, else the light English one for plain Latin words, the Hindi one (normalised) for Hindi.
 */
function stemTerm(w: string, language: string, stemmer: Stemmer | null): string {
  if (language === "ar" && /\p{Script=Arabic}/u.test(w)) return stemArabic(w);
  if (stemmer) return stemmer.stem(w);
  if (/^[a-z0-9'’.]+$/.test(w)) return stem(w);
  return language === "hi" ? normalizeHindi(stemHindi(w)) : w;
}

/**
 * An abbreviation or an initial at the end of a segment: a whole word, not the end of a longer
 * one — the start is checked against every script's letters (`\b` is ASCII-only: it took
 * Vietnamese "khác." and "Đức." for "c.", circa, and joined their sentences). Initials are one
 * letter of an alphabet with its marks ("C.", "К.", "z. B.", "т. е.", Arabic "م."), or a Latin
 * letter's name as Arabic and Hindi write it ("جون سي." "जॉन सी." for "John C.", "डब्ल्यू." "W.");
 * abbreviations are English, German, Spanish and Russian ones that are followed by a name or a
 * number ("Dr.", "et al.", "Mio.", "Nr.", "núm.").
 */
const ABBREV = new RegExp(
  "(?<![\\p{L}\\p{M}\\p{N}])(?:" +
    [
      // English
      "Mr|Mrs|Ms|Dr|Prof|Sr|Jr|St|Mt|Ft|vs|etc|No|Vol|Gen|Col|Lt|Sgt|Capt|Gov|Rev|Inc|Ltd|Co|Corp|approx|ca|et al|e\\.g|i\\.e|U\\.S|U\\.K|a\\.m|p\\.m",
      // German, Spanish, Russian
      "Mio|Mrd|Nr|Jh|Jhd|bzw|usw|vgl|Hrsg|Str|Sra|Srta|núm|pág|aprox|EE\\. ?UU|EE|ул|тыс|млн|млрд",
      // Latin letters' names in Arabic and Hindi script
      "إيه|بي|سي|دي|إي|إف|جي|إتش|آي|جيه|كيه|إل|إم|إن|كيو|آر|إس|تي|يو|دبليو|إكس|واي|زد",
      "ए|बी|सी|डी|ई|एफ़|एफ|जी|एच|आई|जे|के|एल|एम|एन|ओ|पी|क्यू|आर|एस|टी|यू|वी|डब्ल्यू|डब्लू|एक्स|वाई|ज़ेड|जेड|डॉ",
      // One letter of an alphabet: a capital, or a small letter without diacritics (Vietnamese
      // "ô", "ở" are words), or an Arabic letter with its marks (in Devanagari one letter is a
      // syllable, a word: "है." ends a sentence)
      "\\p{Lu}|[a-zа-яё]|\\p{Script=Arabic}\\p{M}*",
    ].join("|") +
    ")\\.$",
  "u",
);
/**
 * A day or a century written as an ordinal, number and full stop, before a month or the word
 * century (German "am 3. || Oktober 1990", "im 19. || Jahrhundert"): Intl.Segmenter ends a
 * sentence there, before the capital. Not after a hyphen or a decimal mark ("Sauerstoff-18.",
 * "1348-50.", "3,07." end sentences).
 */
const ORDINAL_END = /(?<![\p{L}\p{N},.\-–])\p{N}{1,2}\.$/u;
const AFTER_ORDINAL =
  /^(?:Januar|Jänner|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember|Jahrhunderts?|Jahrtausends?|Jh)(?![\p{L}\p{M}])/u;
const sentenceSegmenter = new Intl.Segmenter("und", { granularity: "sentence" });

/** Whether a sentence boundary between `before` and `after` is an abbreviation's or an ordinal's full stop. */
function falseBoundary(before: string, after: string, rest: string): boolean {
  return (
    ABBREV.test(before) || (ORDINAL_END.test(before) && AFTER_ORDINAL.test(after)) || insideCode(before, rest)
  );
}

/**
 * Whether a boundary falls inside an inline code span: `before` opens one (an odd number of
 * backtick runs) that the rest of the block closes ("`?`", "`e.g.`", "`a.b()`" are code, not a
 * sentence's end; a table row's "Special Characters: `*` `?` …" stays whole).
 */
function insideCode(before: string, rest: string): boolean {
  return (before.match(/`+/g) ?? []).length % 2 === 1 && rest.includes("`");
}

/**
 * Splits text into sentences, in every language: Markdown blocks first (blank lines, list items),
 * then Intl.Segmenter's sentence boundaries (which know 。！？, the Devanagari danda, the Arabic
 * question mark…) within each block; abbreviations, initials, ordinal dates and punctuation
 * inside inline code do not end a sentence.
 */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  for (const block of text.split(/\n{2,}|\n(?=\s*[-*#\d])/)) {
    const flat = block.replace(/\s*\n\s*/g, " ").trim();
    if (!flat) continue;
    // Segments as they are (with the space after them): text glued back is the text it was.
    const segments = [...sentenceSegmenter.segment(flat)].map((s) => s.segment).filter((s) => s.trim());
    let raw = "";
    segments.forEach((s, i) => {
      raw += s;
      const pending = raw.trim();
      // A list item's number ("1.") is not a sentence of its own: it leads the item's first one.
      const marker = /^(?:>\s*)*\d+[.)]$/.test(pending);
      const last = i === segments.length - 1;
      if (
        last ||
        (!marker && !falseBoundary(pending, segments[i + 1].trim(), segments.slice(i + 1).join("")))
      ) {
        out.push(pending);
        raw = "";
      }
    });
  }
  return out;
}

const FRONT_MATTER = /^\uFEFF?---[ \t]*\n[\s\S]*?\n(?:---|\.\.\.)[ \t]*(?:\n|$)/;
const FENCE = /^\s*(`{3,}|~{3,})/;
const TABLE_ROW = /^\s*\|.*\|\s*$/;
const TABLE_RULE = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;
/** An Obsidian / GitHub callout's first line: `> [!info]+ Title` (the title may be absent). */
const CALLOUT = /^(\s*>\s*)+\[!([\w-]+)\][+-]?\s*(.*)$/;

const cellsOf = (row: string) =>
  row
    .trim()
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split("|")
    .map((c) => c.trim());

/**
 * The prose blocks of a Markdown text (pure): what a reader of the rendered page sees as text,
 * one block per paragraph, list item or table row, blank lines between. Front matter and fenced
 * code are left out (neither is an answer's sentence); a callout's `[!type]` marker becomes its
 * title as a label (a heading line: a label is not an answer); a table row becomes one block of
 * "column: value" pairs (never half a row, never a rule); embeds `![[…]]` go. Inline syntax is
 * left to `proseSentence`.
 */
export function proseBlocks(markdown: string): string {
  const lines = markdown.replace(/\r\n?/g, "\n").replace(FRONT_MATTER, "").split("\n");
  const out: string[] = [];
  let fence: string | null = null;
  let header: string[] | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const f = FENCE.exec(line);
    if (fence !== null) {
      if (f && f[1][0] === fence[0] && f[1].length >= fence.length) fence = null;
      continue;
    }
    if (f) {
      fence = f[1];
      out.push("");
      continue;
    }
    if (TABLE_ROW.test(line)) {
      if (TABLE_RULE.test(line)) continue;
      const cells = cellsOf(line);
      if (!header && TABLE_RULE.test(lines[i + 1] ?? "")) {
        header = cells;
        continue;
      }
      const pairs = cells
        .map((c, j) => (c && header?.[j] ? `${header[j]}: ${c}` : c))
        .filter((c) => c.length > 0);
      if (pairs.length) out.push("", `${pairs.join("; ")}.`.replace(/([.!?])\.$/, "$1"), "");
      continue;
    }
    header = null;
    const callout = CALLOUT.exec(line);
    if (callout) {
      const title = callout[3].trim() || callout[2].charAt(0).toUpperCase() + callout[2].slice(1);
      out.push("", `#### ${title}`, "");
      continue;
    }
    // Quote markers go on every line (a quote's later lines would be flattened into its first).
    const body = line.replace(/^(\s*>)+\s?/, "");
    out.push(
      body
        .replace(/!\[\[[^\]]*\]\]/g, "")
        // Images (badges too, linked or not) are not text; a link reads as its text. Done before
        // sentences are split: a URL's "." or "?" would cut the sentence inside the link.
        .replace(/\[!\[[^\]]*\]\([^)]*\)\]\([^)]*\)/g, "")
        .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
        .replace(/\[([^\]]+)\]\([^)\s]*(?:\s+"[^"]*")?\)/g, "$1")
        .replace(/<\/?[a-z][^>]*>/gi, " "),
    );
  }
  return out.join("\n");
}

/**
 * The prose of one sentence from Markdown: bullets, numbers and quote markers removed (the
 * marker is `listMarker`'s), wikilinks read as their label (`[[a|b]]` → b, `[[a#h]]` → a), links and
 * images as their text, emphasis, highlight and strike-through marks dropped (also an unpaired
 * `**` left by a cut), footnote marks dropped, inline code kept as code; headings give null — a
 * heading is a label, not an answer.
 */
export function proseSentence(sentence: string): string | null {
  if (/^#{1,6}\s/.test(sentence)) return null;
  // Inline code is kept as written (a `**` glob is code, not emphasis): set aside, put back after.
  const codes: string[] = [];
  const masked = sentence.replace(/(`+)(?!`)(.+?)(?<!`)\1(?!`)/g, (m) => `\uE000${codes.push(m) - 1}\uE000`);
  const text = masked
    .replace(/^(?:[-*+]\s+(?:\[[ xX]\]\s+)?|\d+[.)]\s+|>\s*)+/, "")
    .replace(/!\[\[[^\]]*\]\]/g, "")
    .replace(/\[\[([^\]|#]*)(?:#[^\]|]*)?\|([^\]]+)\]\]/g, "$2")
    .replace(/\[\[([^\]|#]+)(?:#[^\]]*)?\]\]/g, "$1")
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\[([^\]]+)\]\((?:[^)]*)\)/g, "$1")
    .replace(/\[\^[^\]]+\]/g, "")
    .replace(/(\*\*|__|==|~~)(\S(?:.*?\S)?)\1/g, "$2")
    .replace(/(^|[^\p{L}\p{N}*_])([*_])(\S(?:[^*_]*?\S)?)\2(?![\p{L}\p{N}])/gu, "$1$3")
    .replace(/\*\*|==|~~/g, "")
    .replace(/\s{2,}/g, " ")
    .trim()
    .replace(/\uE000(\d+)\uE000/g, (_, i: string) => codes[Number(i)] ?? "");
  return /[\p{L}\p{N}]/u.test(text) ? text : null;
}

/** The list marker a sentence starts with (`3.`, `-`), which an answer keeps on its own line. */
export function listMarker(sentence: string): string | undefined {
  const m = /^(?:>\s*)*(\d+[.)]|[-*+])\s+/.exec(sentence);
  if (!m) return undefined;
  return /^\d/.test(m[1]) ? m[1] : "-";
}

/**
 * Characters of an unspaced script that count as one word in length limits: XQuAD's parallel
 * paragraphs hold 1.96 non-space Chinese characters per English word (docs/decisions.md).
 */
export const CHARS_PER_WORD = 2;
const UNSPACED_CHAR =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/gu;

/**
 * Length in words, not counting citation markers like [1]: space-separated words, and characters
 * of unspaced scripts at CHARS_PER_WORD per word.
 */
export function countWords(text: string): number {
  const plain = text.replace(/\[\d+\]/g, " ");
  const unspaced = (plain.match(UNSPACED_CHAR) ?? []).length;
  const spaced = plain
    .replace(UNSPACED_CHAR, " ")
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
  return spaced + Math.ceil(unspaced / CHARS_PER_WORD);
}

/**
 * Punctuation that never ends a clause: apostrophes and quotes, the full stop (abbreviations,
 * decimals), sentence ends, symbols written as punctuation, inverted marks that open a Spanish
 * clause, and the middle dots inside transcribed names ("威廉·莎士比亚").
 */
const NOT_CLAUSE_MARK = /['"’.%&*@#/\\?!¿¡·・‧。！？।॥؟]/u;

/**
 * Where a clause starts without a comma, per language: Arabic and Hindi join clauses with a
 * conjunction far more often than with a comma (Arabic "و" fused to the next word: "وقد", "وكان",
 * "ولكن"; Hindi "और", "लेकिन", "जबकि", relative "जो", "जिसमें"), so their long sentences had
 * no clause to clip to. A clause is cut at the space before these words. Vietnamese "và", "khi",
 * "mà" are too common (answers over 60 words on average, no answer gained).
 */
const CLAUSE_CONJUNCTIONS: Record<string, RegExp> = {
  ar: /\s(?=و(?:قد|كان|كانت|لكن|لكنه|في|هو|هي|هم|بعد|من|على|لم|لا|أن|إن|التي|الذي|تم|يعتبر|كذلك|بذلك|عندما|حتى)(?![\p{L}\p{M}]))/gu,
  hi: /\s(?=(?:और|लेकिन|किंतु|परंतु|जबकि|जो|जिसे|जिसमें|जिससे|जिसके|जिन्होंने|क्योंकि|तथा|एवं)(?![\p{L}\p{M}]))/gu,
};

/**
 * The clauses of one sentence, as [start, end) offsets into it (each clause keeps its closing
 * mark): cut after a comma, semicolon, colon or dash of any script — Unicode's other punctuation
 * (\p{Po}: "," ";" ":" "，" "、" "；" "：" "،" "؛" …) and dashes (\p{Pd}) — but not inside a number
 * ("1,000", "٣٫٥"), not after an ASCII mark that no space follows, and not at a dash that no
 * space touches ("1914–1918", "well-known"); in Arabic and Hindi also before a clause's
 * conjunction (CLAUSE_CONJUNCTIONS).
 */
export function clauseSpans(sentence: string, language = ""): [number, number][] {
  const spans = punctuationClauses(sentence);
  const conjunction = CLAUSE_CONJUNCTIONS[language];
  if (!conjunction) return spans;
  const cuts = [...sentence.matchAll(conjunction)].map((m) => m.index + 1);
  if (!cuts.length) return spans;
  const out: [number, number][] = [];
  for (const [a, b] of spans) {
    let start = a;
    for (const c of cuts)
      if (c > start && c < b && sentence.slice(start, c).trim()) {
        out.push([start, c]);
        start = c;
      }
    out.push([start, b]);
  }
  return out;
}

/** The clauses of a sentence cut at punctuation only (see clauseSpans). */
function punctuationClauses(sentence: string): [number, number][] {
  const spans: [number, number][] = [];
  let start = 0;
  for (const m of sentence.matchAll(/[\p{Po}\p{Pd}]/gu)) {
    const mark = m[0];
    const i = m.index;
    const before = sentence[i - 1] ?? "";
    const after = sentence[i + mark.length] ?? "";
    if (NOT_CLAUSE_MARK.test(mark)) continue;
    if (/\p{N}/u.test(before) && /\p{N}/u.test(after)) continue;
    const spaceBefore = /\s/.test(before);
    const spaceAfter = /\s/.test(after) || after === "";
    if (/\p{Pd}/u.test(mark)) {
      if (mark === "-" ? !(spaceBefore && spaceAfter) : !(spaceBefore || spaceAfter)) continue;
    } else if (mark < "\u0080" && !spaceAfter) continue;
    const end = i + mark.length;
    if (sentence.slice(start, end).trim()) spans.push([start, end]);
    start = end;
  }
  if (sentence.slice(start).trim()) spans.push([start, sentence.length]);
  return spans;
}
