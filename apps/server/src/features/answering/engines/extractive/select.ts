/**
 * Sentence selection of the extractive engine (pure): scores every sentence of the retrieved
 * passages against the question (idf-weighted term overlap, answer-type cues, passage rank and
 * neighbours) and composes a short cited answer.
 */
import {
  clauseSpans,
  contentTerms,
  countWords,
  listMarker,
  proseBlocks,
  proseSentence,
  splitSentences,
  words,
} from "./text.ts";
import { detect, detectLanguage } from "../../../../platform/lib/language.ts";
import { stopWords } from "../../../../platform/lib/stopwords.ts";

export type Passage = { sourceId: string; title: string; text: string; score: number };

export type ScoredSentence = {
  text: string;
  /** The list marker of a list item (`3.`, `-`): the answer gives it on its own line. */
  marker?: string;
  passage: number;
  position: number;
  score: number;
  /** Stemmed query terms this sentence contains. */
  matched: Set<string>;
  /**
   * Share of the question's idf mass the sentence holds, 0–1: its exact terms, and title terms at
   * a discount (partial matches count for the score, never here: the no-answer test reads this).
   */
  coverage: number;
  /**
   * Other passages that hold the same sentence (a copy in another memory, an echo of a saved
   * answer): the answer gives it once and cites them too (issue 42 item 2).
   */
  also?: number[];
};

/** Two sentences say the same when their letters and digits are the same, case ignored. */
export const sameSentenceKey = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

export type AnswerType = "number" | "date" | "person" | "place" | "other";

type Cues = [AnswerType, RegExp][];
/**
 * Question wording per answer type and language (the eight measured: English, German, Spanish,
 * Russian, Chinese, Arabic, Hindi, Vietnamese), checked in order: a date question ("in welchem
 * Jahr") is not a number question. English cues apply to every question (names, mixed text).
 * "Which person / country / decade" are cues too where the language asks so (Vietnamese "người
 * nào", "quốc gia nào", "thập kỷ nào"; Hindi "किस दशक"), and Arabic "ما عدد / ما النسبة / ما
 * السنة" ("what number / share / year": how many, what percentage, which year), "بكم / لكم"
 * (كم with a preposition).
 */
const TYPE_CUES: Record<string, Cues> = {
  en: [
    ["date", /\b(when|what year|which year|what decade|what century|what date|what time|how long ago)\b/],
    [
      "number",
      /\b(how many|how much|how long|how old|how far|how large|how big|how tall|how high|what percentage|what percent|what number|how often)\b/,
    ],
    ["person", /\b(who|whom|whose)\b/],
    ["place", /\bwhere\b/],
  ],
  de: [
    [
      "date",
      /\b(wann|welche[mns]? jahr|welche[mns]? jahrzehnt|welche[mns]? jahrhundert|welche[mns]? datum|seit wann)\b/,
    ],
    ["number", /\b(wie viele|wie viel|wie lange|wie alt|wie weit|wie groß|wie hoch|wie oft|welche anzahl)\b/],
    ["person", /\b(wer|wem|wen|wessen)\b/],
    ["place", /\b(wo|wohin|woher)\b/],
  ],
  es: [
    ["date", /(cuándo|qué año|que año|qué década|qué siglo|qué fecha)/],
    [
      "number",
      /(cuántos|cuántas|cuánto|cuánta|qué porcentaje|qué edad|qué distancia|qué altura|qué tamaño|qué número|qué cantidad|con qué frecuencia)/,
    ],
    ["person", /(quién|quiénes)/],
    ["place", /(dónde|adónde)/],
  ],
  ru: [
    ["date", /(когда|в каком году|какой год|в каком веке|какого года|в каком десятилетии)/],
    ["number", /(сколько|какой процент|как долго|как часто|какого возраста)/],
    ["person", /(кто|кого|кому|чей|чья)/],
    ["place", /(где|куда|откуда)/],
  ],
  zh: [
    ["date", /(何时|什么时候|哪一年|哪年|何年|哪个世纪|哪天|什么时间)/],
    ["number", /(多少|几|多久|多长|多大|多高|多远)/],
    ["person", /谁/],
    ["place", /(哪里|哪儿|何处|在哪)/],
  ],
  ar: [
    ["date", /(متى|أي عام|أي سنة|أي قرن|أي عقد|ما (هو |هي )?(ال)?(سنة|عام))/],
    ["number", /((^|\s)[بل]?كم(\s|$)|ما (هو |هي )?(ال)?(عدد|نسبة|مقدار))/],
    ["person", /(^|\s)(من هو|من هي|من الذي|من هم|من)(\s)/],
    ["place", /أين/],
  ],
  hi: [
    ["date", /(कब|किस वर्ष|किस साल|किस सदी|किस शताब्दी|किस दशक|किस तारीख|किस महीने)/],
    ["number", /(कितने|कितना|कितनी)/],
    ["person", /(कौन|किसने|किसको|किसका|किसकी)/],
    ["place", /(कहाँ|कहां)/],
  ],
  vi: [
    ["date", /(khi nào|năm nào|lúc nào|bao giờ|thế kỷ nào|thập kỷ nào|thập niên nào|ngày nào|tháng nào)/],
    ["number", /(bao nhiêu|mấy|bao lâu|bao xa)/],
    ["person", /((^|\s)(ai)(\s|\?|$)|người nào)/],
    ["place", /(ở đâu|nơi nào|từ đâu|đến đâu|quốc gia nào|nước nào|thành phố nào)/],
  ],
};

/** What kind of answer the question wants, from its wording in its language (and English). */
export function answerType(question: string, language = detectLanguage(question)): AnswerType {
  const q = question.toLowerCase();
  const cues = [...(TYPE_CUES[language] ?? []), ...(language === "en" ? [] : TYPE_CUES.en)];
  for (const type of ["date", "number", "person", "place"] as const)
    if (cues.some(([t, re]) => t === type && re.test(q))) return type;
  return "other";
}

const MONTHS =
  /\b(jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sep(tember)?|oct(ober)?|nov(ember)?|dec(ember)?)\b/i;
const NUMBER_WORDS =
  /\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|thousand|million|billion|dozen|half)\b/i;

/**
 * Words that state a quantity or a date, per language (the eight measured; English applies to
 * every language, as for the question cues): number words, and months and centuries. Matched on
 * the lower-cased sentence; letters before and after must not be word letters (Unicode-aware,
 * `\b` is ASCII-only), except in Chinese, which has no spaces.
 */
const word = (alternatives: string) =>
  new RegExp(`(?<![\\p{L}\\p{M}])(${alternatives})(?![\\p{L}\\p{M}])`, "gu");
const QUANTITY_WORDS: Record<string, RegExp> = {
  de: word(
    "zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf|zwanzig|dreißig|vierzig|fünfzig|hundert|tausend|million(en)?|milliarde(n)?|dutzend|hälfte",
  ),
  es: word(
    "dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|veinte|treinta|cuarenta|cincuenta|cien|ciento|cientos|mil|millón|millones|docena|mitad",
  ),
  ru: word(
    "два|две|три|четыре|пять|шесть|семь|восемь|девять|десять|двадцать|тридцать|сорок|пятьдесят|сто|сотни|тысяч[аиу]?|миллион(а|ов)?|миллиард(а|ов)?|половин[аы]",
  ),
  zh: /[一二三四五六七八九十百千万亿两半]+/gu,
  ar: word(
    "اثنان|اثنين|ثلاث|ثلاثة|أربع|أربعة|خمس|خمسة|ست|ستة|سبع|سبعة|ثمان|ثمانية|تسع|تسعة|عشر|عشرة|عشرين|مائة|مئة|ألف|آلاف|مليون|ملايين|مليار|نصف",
  ),
  hi: word(
    "दो|तीन|चार|पांच|पाँच|छह|सात|आठ|नौ|दस|ग्यारह|बारह|बीस|तीस|चालीस|पचास|सत्तर|सौ|हज़ार|हजार|लाख|करोड़|मिलियन|बिलियन|दर्जन|आधा|आधी",
  ),
  vi: word("hai|ba|bốn|năm|sáu|bảy|tám|chín|mười|mươi|trăm|nghìn|ngàn|triệu|tỷ|tỉ|nửa"),
};
const DATE_WORDS: Record<string, RegExp> = {
  de: word(
    "januar|februar|märz|april|mai|juni|juli|august|september|oktober|november|dezember|jahrhundert[s]?|jahrhunderts",
  ),
  es: word(
    "enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre|siglo|siglos",
  ),
  ru: word(
    "январ[ьяе]|феврал[ьяе]|март[ае]?|апрел[ьяе]|ма[йяе]|июн[ьяе]|июл[ьяе]|август[ае]?|сентябр[ьяе]|октябр[ьяе]|ноябр[ьяе]|декабр[ьяе]|век[ае]?|веков",
  ),
  zh: /(世纪|年代|\d+年|[一二三四五六七八九十]+月|\d+月)/gu,
  ar: word("يناير|فبراير|مارس|أبريل|مايو|يونيو|يوليو|أغسطس|سبتمبر|أكتوبر|نوفمبر|ديسمبر|القرن|قرن"),
  hi: word(
    "जनवरी|फरवरी|फ़रवरी|मार्च|अप्रैल|मई|जून|जुलाई|अगस्त|सितंबर|सितम्बर|अक्टूबर|नवंबर|नवम्बर|दिसंबर|दिसम्बर|सदी|शताब्दी",
  ),
  vi: word("tháng|thế kỷ|thế kỉ"),
};

/**
 * Languages that capitalise every noun (German, Luxembourgish): a capital there does not mark a
 * name. A name is then a capitalised word (not the sentence's first, not in the question) in a run
 * of capitalised words ("Luke Kuechly", "Manned Spacecraft Center"), or right after a preposition
 * with no article between ("in Brasilien", "von Paris": a common noun takes an article there,
 * "in der Stadt", "im Wald"). Measured on XQuAD-de: every sentence held a fresh capital, so the
 * cue was the same for every sentence (docs/benchmarks.md "seventh pass").
 */
const NOUN_CAPITALISING = new Set(["de", "lb"]);
const BARE_NOUN_PREPOSITIONS = new Set([
  "in",
  "nach",
  "aus",
  "von",
  "bei",
  "mit",
  "für",
  "gegen",
  "durch",
  "über",
  "an",
  "auf",
  "zu",
]);
function hasGermanName(sentence: string, qWords: Set<string>): boolean {
  const tokens = sentence.match(/[\p{L}\p{M}'-]+|[^\s\p{L}\p{M}]/gu) ?? [];
  const capital = (t: string | undefined) => !!t && /^\p{Lu}/u.test(t);
  return tokens.some(
    (t, i) =>
      i > 0 &&
      capital(t) &&
      !qWords.has(t.toLowerCase()) &&
      (capital(tokens[i + 1]) ||
        (i > 1 && capital(tokens[i - 1])) ||
        BARE_NOUN_PREPOSITIONS.has(tokens[i - 1].toLowerCase())),
  );
}

/** Whether the sentence offers something of the wanted type that the question does not already say. */
function hasTypeCue(type: AnswerType, sentence: string, question: string, language = "en"): boolean {
  const qWords = new Set(words(question));
  const fresh = (tokens: string[]) => tokens.some((t) => !qWords.has(t.toLowerCase()));
  // NFKC as the words are (Devanagari letters with a nukta come precomposed or not: "करोड़").
  const lower = sentence.normalize("NFKC").toLowerCase();
  // A number or date word the question does not already hold (in unspaced scripts: not in its text).
  const freshWord = (re: RegExp | undefined) =>
    !!re && (lower.match(re) ?? []).some((w) => !qWords.has(w) && !question.toLowerCase().includes(w));
  switch (type) {
    case "number":
      return (
        fresh(sentence.match(/\p{N}[\p{N},.]*/gu) ?? []) ||
        NUMBER_WORDS.test(sentence) ||
        freshWord(QUANTITY_WORDS[language])
      );
    case "date":
      return (
        fresh(sentence.match(/(?<!\d)\d{3,4}(?!\d)/g) ?? []) ||
        MONTHS.test(sentence) ||
        /\bcentury\b/i.test(sentence) ||
        freshWord(DATE_WORDS[language])
      );
    case "person":
    case "place": {
      // Scripts without capitals (Chinese, Arabic, Hindi…) give no name cue: neutral.
      if (!/\p{Lu}/u.test(sentence) && !/\p{Ll}/u.test(sentence)) return true;
      if (NOUN_CAPITALISING.has(language)) return hasGermanName(sentence, qWords);
      const caps = sentence.match(/(?<!^)\b\p{Lu}[\p{L}'-]+/gu) ?? [];
      return fresh(caps);
    }
    default:
      return true;
  }
}

/** A character of a script written without spaces (a term of one, and where "…" takes no space). */
const UNSPACED_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;
/** Characters a term and a word must share at their start to count as a partial match. */
const PARTIAL_PREFIX = 4;

/**
 * Whether a sentence's terms hold a query term the stemmer left in another form: a word with the
 * term's first letters that extends it or that it extends by at most a suffix (stemmers miss
 * inflections, Arabic and Hindi have light ones), or one holding the other with a few more
 * letters (compounds: "Amazonasbecken" ↔ "Becken"); in unspaced scripts, a word holding the
 * term or held by it (segmentation differs between the question and the sentence).
 */
export function partialMatch(term: string, tokens: string[]): boolean {
  if (UNSPACED_CHAR.test(term)) {
    if ([...term].length < 2) return false;
    return tokens.some((t) => t !== term && (t.includes(term) || ([...t].length >= 2 && term.includes(t))));
  }
  if (term.length < PARTIAL_PREFIX) return false;
  const prefix = term.slice(0, PARTIAL_PREFIX);
  return tokens.some(
    (t) =>
      t !== term &&
      ((t.startsWith(prefix) &&
        (t.startsWith(term) || term.startsWith(t.slice(0, Math.max(PARTIAL_PREFIX, t.length - 3))))) ||
        (t.length > term.length + 3 && t.includes(term)) ||
        (t.length >= PARTIAL_PREFIX && term.length > t.length + 3 && term.includes(t))),
  );
}

/**
 * Weights of the sentence score, one set for every language (measured on the eight XQuAD dev
 * sets, docs/benchmarks.md "Answer selection, third pass"): a partial match counts this share of
 * the term's idf; the passage's retrieval score and its coverage of the question (the paragraph
 * that holds the question's terms holds the answer more often than a sentence elsewhere that
 * shares a few); a sentence next to one that covers the question (the answer often follows the
 * sentence that names the subject).
 */
const PARTIAL_WEIGHT = 0.3;
const PASSAGE_WEIGHT = 0.4;
const PASSAGE_COVERAGE_WEIGHT = 0.2;
const NEIGHBOUR_WEIGHT = 0.1;
// No bonus for the question's terms standing close together: it favoured the sentence that
// restates the question over the one that answers it (without it every XQuAD dev set gains, mean
// +0.5 points; docs/benchmarks.md "ninth pass").
/** Added for a sentence that offers the wanted answer type, subtracted for one that does not. */
const TYPE_CUE_WEIGHT = 0.08;

/** Scores each sentence of the passages for the question, best first. */
export function scoreSentences(question: string, passages: Passage[]): ScoredSentence[] {
  return scoreAll(question, passages).sentences;
}

/** What the scoring knows beside the ranked sentences: what clipping a sentence needs. */
type Scoring = {
  sentences: ScoredSentence[];
  language: string;
  type: AnswerType;
  /** The query term's share of the question's idf mass. */
  share: (term: string) => number;
};

/**
 * The language the question and its passages are analysed in: the question's, as detected; but
 * a question is a few words, and languages of one script are easily taken for each other (Hindi
 * questions for Marathi: 41 of 612 on XQuAD-hi; Chinese ones undetermined): when the best
 * passage's language, detected reliably on its longer text, differs, it is taken if the question
 * is not reliably detected, or if the question holds at least as many of its function words as
 * of the detected language's (an English question over Spanish notes keeps English).
 */
export function scoringLanguage(question: string, passages: Passage[]): string {
  const own = detect(question);
  const top = passages.length ? detect(passages[0].text) : null;
  if (!top?.reliable || top.language === own.language) return own.language;
  if (!own.reliable) return top.language;
  const tokens = words(question);
  const functionWords = (language: string) => {
    const stop = stopWords(language);
    return tokens.filter((w) => stop.has(w)).length;
  };
  return functionWords(top.language) >= functionWords(own.language) ? top.language : own.language;
}

/**
 * Arabic writes the prepositions بـ (with, by), لـ (for), كـ (as) and the conjunction فـ (so) as
 * one word with the next; light10 strips them only with the article ("بالأكسجين" → "اكسجين"),
 * so "بأول" (with the first) and the question's "أول" did not meet. A sentence's term that is a
 * question term behind one of these letters counts as that term (only then: many roots start
 * with the same letters, "بلد", "كتاب").
 */
const ARABIC_PROCLITIC = /^[بلكف]/u;
function withoutProclitics(tokens: string[], qTerms: Set<string>, language: string): string[] {
  if (language !== "ar") return tokens;
  return tokens.map((t) =>
    !qTerms.has(t) && ARABIC_PROCLITIC.test(t) && t.length > 3 && qTerms.has(t.slice(1)) ? t.slice(1) : t,
  );
}

function scoreAll(question: string, passages: Passage[]): Scoring {
  const language = scoringLanguage(question, passages);
  const qList = contentTerms(question, language);
  const qTerms = new Set(qList);
  const type = answerType(question, language);
  const sentences = passages.flatMap((p, passage) =>
    splitSentences(proseBlocks(p.text))
      .map((raw) => ({ text: proseSentence(raw), marker: listMarker(raw) }))
      .filter((s): s is { text: string; marker: string | undefined } => s.text !== null)
      .map(({ text, marker }, position) => ({
        text,
        marker,
        passage,
        position,
        tokens: withoutProclitics(contentTerms(text, language), qTerms, language),
      })),
  );
  const n = sentences.length;
  const df = new Map<string, number>();
  for (const s of sentences)
    for (const t of new Set(s.tokens)) if (qTerms.has(t)) df.set(t, (df.get(t) ?? 0) + 1);
  const idf = (t: string) => Math.log(1 + (n + 1) / ((df.get(t) ?? 0) + 0.5));
  const titleTerms = passages.map((p) => new Set(contentTerms(p.title, language)));
  const totalIdf = [...qTerms].reduce((a, t) => a + idf(t), 0) || 1;
  const topPassage = Math.max(...passages.map((p) => p.score), 1e-9);
  // Share of the question's idf mass each passage holds anywhere in its sentences.
  const passageCoverage = passages.map((_, i) => {
    const terms = new Set(sentences.filter((s) => s.passage === i).flatMap((s) => s.tokens));
    return [...qTerms].reduce((a, t) => a + (terms.has(t) ? idf(t) : 0), 0) / totalIdf;
  });
  const avgLen = sentences.reduce((a, s) => a + s.tokens.length, 0) / Math.max(n, 1);

  const ranked = sentences
    .map((s) => {
      const present = new Set(s.tokens.filter((t) => qTerms.has(t)));
      // A query term that is in the passage title counts as half-present in each of its sentences.
      let overlap = 0;
      let partial = 0;
      const matched = new Set(present);
      for (const t of qTerms) {
        if (present.has(t)) overlap += idf(t);
        else if (partialMatch(t, s.tokens)) {
          partial += PARTIAL_WEIGHT * idf(t);
          matched.add(t);
        } else if (titleTerms[s.passage].has(t)) overlap += 0.35 * idf(t);
      }
      const coverage = overlap / totalIdf;
      let score = coverage + partial / totalIdf;
      score += hasTypeCue(type, s.text, question, language) ? TYPE_CUE_WEIGHT : -TYPE_CUE_WEIGHT;
      score += PASSAGE_WEIGHT * (passages[s.passage].score / topPassage);
      score += PASSAGE_COVERAGE_WEIGHT * passageCoverage[s.passage];
      score -= 0.04 * Math.max(0, s.tokens.length / Math.max(avgLen, 1) - 1.5);
      if (s.tokens.length < 3) score -= 0.2;
      return {
        text: s.text,
        ...(s.marker ? { marker: s.marker } : {}),
        passage: s.passage,
        position: s.position,
        score,
        matched,
        coverage,
      };
    })
    .map((s, i, all) => {
      // Sentences are in document order here: i ± 1 are the neighbours within the passage.
      const prev = all[i - 1]?.passage === s.passage ? all[i - 1].coverage : 0;
      const next = all[i + 1]?.passage === s.passage ? all[i + 1].coverage : 0;
      return { ...s, score: s.score + NEIGHBOUR_WEIGHT * Math.max(prev, next) };
    })
    .sort((a, b) => b.score - a.score);
  return { sentences: ranked, language, type, share: (t) => idf(t) / totalIdf };
}

export type Selection = { sentences: ScoredSentence[]; confident: boolean };

/**
 * Below this share of the question's idf mass in its best sentence, the passages do not answer
 * the question. Measured on the eight XQuAD dev sets, each question against its own paragraph and
 * against a paragraph of another article (docs/decisions.md): at 0.10, 95–99.7% of own paragraphs
 * pass and 3.4–15.7% of wrong ones; `eval qa` false answers: en 0.049, de 0.034. Higher
 * thresholds refuse more answerable questions: at 0.12 English "contained" fell to 0.8595, at
 * 0.15 to 0.8529 (target ≥ 0.86).
 */
export const MIN_COVERAGE = 0.1;

/** How many sentences an answer holds at most. */
const MAX_SENTENCES = 4;

/**
 * A sentence of another passage may join the answer when its score is within this margin of the
 * best sentence's (the gold answer's sentence is ranked second in 11–14% of the XQuAD dev
 * questions, often in another passage); others come from the best sentence's passage only.
 */
const OTHER_PASSAGE_MARGIN = 0.3;

/**
 * The sentences ranked second and third may join clipped to their clauses when whole they do not
 * fit what the budget left (their clauses that hold the question's terms); lower ones join whole
 * or not at all (clipping any of them fills answers to the budget: Spanish and Vietnamese over
 * 60 words on average, and no more answers contained; docs/benchmarks.md "fifth pass").
 */
const CLIPPED_RANKS = 3;
/** A clipped sentence needs at least this many words of budget left. */
const MIN_CLIP_WORDS = 6;

/**
 * What a further sentence costs for its length: the sentences after the best one are taken in
 * order of their score less this much per mean sentence length (of the retrieved sentences), so
 * that a long sentence scoring a little above two short ones does not spend the budget they would
 * share. Measured on the eight XQuAD dev sets (docs/benchmarks.md "eighth pass"): every set but
 * Chinese gains (de +1.3, ar +1.3, ru +0.8 points), Chinese loses one question of 612; 0.035–0.045
 * is a plateau.
 */
const LENGTH_COST = 0.04;

/**
 * The ranked sentences in the order the answer takes them: the best first, then the others by
 * score less LENGTH_COST per mean sentence length.
 */
function fillOrder(ranked: ScoredSentence[]): ScoredSentence[] {
  const mean = ranked.reduce((a, s) => a + countWords(s.text), 0) / ranked.length || 1;
  const value = (s: ScoredSentence) => s.score - (LENGTH_COST * countWords(s.text)) / mean;
  const rest = ranked.slice(1).map((s) => ({ s, v: value(s) }));
  return [ranked[0], ...rest.sort((a, b) => b.v - a.v).map(({ s }) => s)];
}

/**
 * When the best sentence holds this share of the question's idf mass (SURE_COVERAGE) and scores
 * this much above the sentence ranked second (SURE_MARGIN), it answers alone: the gold answer is
 * in it for 95–99% of such questions on the XQuAD dev sets, so further sentences spend words
 * that other answers use better. The words so saved pay for the larger budget of the others
 * (ANSWER_WORDS): answers still average under 60 words, and every set gains (docs/benchmarks.md
 * "eleventh pass").
 */
const SURE_COVERAGE = 0.8;
const SURE_MARGIN = 0.4;
/** The word budget of an answer that is not answered by its best sentence alone. */
const ANSWER_WORDS = 70;

/**
 * Picks the answer sentences: the best one, plus up to three more of the same passage (or of
 * another passage when they score within OTHER_PASSAGE_MARGIN of the best), taken by score less
 * a cost for their length (LENGTH_COST), within `maxWords`; the second and third in that order,
 * when too long for what is left, as the clauses of them that hold the question's terms, marked
 * "…" where cut; the best one alone when it clearly answers (SURE_COVERAGE, SURE_MARGIN).
 * `confident` is false when even the best sentence shares too little with the question (score,
 * or coverage below MIN_COVERAGE).
 */
export function selectAnswer(
  question: string,
  passages: Passage[],
  opts: { maxWords?: number; minScore?: number; minCoverage?: number } = {},
): Selection {
  const maxWords = opts.maxWords ?? ANSWER_WORDS;
  const scoring = scoreAll(question, passages);
  const best = scoring.sentences[0];
  if (
    !best ||
    best.matched.size === 0 ||
    best.score < (opts.minScore ?? 0.3) ||
    best.coverage < (opts.minCoverage ?? MIN_COVERAGE)
  )
    return { sentences: [], confident: false };
  const chosen = [best];
  const second = scoring.sentences[1];
  const alone = best.coverage >= SURE_COVERAGE && (!second || best.score - second.score >= SURE_MARGIN);
  if (alone) return { sentences: chosen, confident: true };
  let budget = maxWords - countWords(best.text);
  const scored = fillOrder(scoring.sentences);
  // More sentences, as long as they fit the word budget: measured on XQuAD-en
  // dev this keeps answers near 55 words while raising "answer contained" by 5 points (a fourth
  // sentence: +0.3 to +1 point on every set, docs/benchmarks.md).
  for (const [i, cand] of scored.entries()) {
    if (i === 0) continue;
    if (chosen.length >= MAX_SENTENCES) break;
    // The same sentence again (repeated in the memory, or in another one) is given once, with
    // the other passage's citation too.
    const same = chosen.find((c) => sameSentenceKey(c.text) === sameSentenceKey(cand.text));
    if (same) {
      if (same.passage !== cand.passage && !same.also?.includes(cand.passage))
        same.also = [...(same.also ?? []), cand.passage];
      continue;
    }
    if (cand.passage !== best.passage && cand.score < best.score - OTHER_PASSAGE_MARGIN) continue;
    const len = countWords(cand.text);
    if (len <= budget) {
      chosen.push(cand);
      budget -= len;
    } else if (i < CLIPPED_RANKS && budget >= MIN_CLIP_WORDS) {
      const clipped = clipSentence(cand, budget, scoring, question);
      if (!clipped) continue;
      chosen.push({ ...cand, text: clipped });
      budget -= countWords(clipped);
    }
  }
  // Keep document order within one passage so the text reads naturally; the best sentence's
  // passage first, other passages in the order of their best chosen sentence.
  const rank = new Map<number, number>();
  chosen.forEach((s, i) => rank.has(s.passage) || rank.set(s.passage, i));
  chosen.sort((a, b) => (rank.get(a.passage) ?? 0) - (rank.get(b.passage) ?? 0) || a.position - b.position);
  return { sentences: chosen, confident: true };
}

/**
 * The clauses of a sentence too long for `budget` words that hold most of its matched question
 * terms (and the wanted answer type), as many as fit, marked "…" where the sentence is cut; null
 * when no clause window fits or none holds a matched term. The text between the marks is the
 * sentence's own, unchanged.
 */
function clipSentence(s: ScoredSentence, budget: number, scoring: Scoring, question: string): string | null {
  const spans = clauseSpans(s.text, scoring.language);
  if (spans.length < 2) return null;
  let best: { i: number; j: number; value: number; words: number } | null = null;
  for (let i = 0; i < spans.length; i++)
    for (let j = i; j < spans.length; j++) {
      const text = s.text.slice(spans[i][0], spans[j][1]);
      const n = countWords(text);
      if (n > budget) break;
      const terms = contentTerms(text, scoring.language);
      const have = new Set(terms);
      let value = 0;
      for (const t of s.matched) if (have.has(t) || partialMatch(t, terms)) value += scoring.share(t);
      if (value === 0) continue;
      if (scoring.type !== "other" && hasTypeCue(scoring.type, text, question, scoring.language))
        value += TYPE_CUE_WEIGHT;
      if (!best || value > best.value + 1e-9 || (Math.abs(value - best.value) <= 1e-9 && n > best.words))
        best = { i, j, value, words: n };
    }
  if (!best) return null;
  let text = s.text.slice(spans[best.i][0], spans[best.j][1]).trim();
  if (best.j < spans.length - 1) {
    text = text.replace(/[\p{Po}\p{Pd}\s]+$/u, "");
    text += UNSPACED_CHAR.test(text.at(-1) ?? "") ? "…" : " …";
  }
  if (best.i > 0) text = (UNSPACED_CHAR.test(text[0]) ? "…" : "… ") + text;
  return text;
}
