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

/**
 * Hindi function words stopwords-iso lacks (its list has 225 words, mostly postpositions and
 * pronouns): the auxiliary and light verbs that carry tense, voice and aspect (जाना, करना, होना,
 * देना, लेना, रहना, सकना in their inflected forms), the participle suffix word वाला, relative and
 * ergative pronouns, the conjunctions क्योंकि, जबकि, and बारे (के बारे में, "about"); with the
 * extractive engine they were among the commonest "content" terms of XQuAD-hi sentences (जा in
 * 76 of 624). Also अन्य (other), अधिक and ज्यादा (more, सबसे अधिक "most"), प्रत्येक and हर
 * (each), दोनों (both), सब (all), केवल and सिर्फ (only), लगभग (about), as English's list has them.
 */
const HINDI_EXTRA =
  "जा जाता जाती जाते जाना जाने जाए जाएं जाएगा जाएगी गया गई गयी गए गये कर करना करने करते करता करती करके किया किए किये कराया " +
  "दिया दिए दिये दी दे देना देने देता देती देते लिया लिए लिये ली ले लेना लेने लेता लेती लेते रहा रही रहे रहना रहने रहता रहती रहते " +
  "सकता सकती सकते सका सकी सके सकना वाला वाली वाले वालों हुआ हुई हुए होना होने होता होती होते होगा होगी होंगे " +
  "उन्होंने उसने इसने इन्होंने जिसने जिन्होंने जिसमें जिनमें जिसके जिसकी जिसका जिससे क्योंकि जबकि बारे अन्य अधिक ज्यादा " +
  "प्रत्येक हर दोनों सब केवल सिर्फ लगभग";

/**
 * Hindi function words of several words (matched where their words stand together): the
 * compound postposition "के रूप में" ("as", in 37 of XQuAD-hi's 612 questions) and the
 * interrogatives "किस प्रकार", "किस तरह" ("how, what kind of": 25 questions), whose nouns
 * (रूप "form", प्रकार "kind", तरह "way") are not what the question is about.
 */
const HINDI_PHRASES = ["के रूप में", "किस प्रकार", "किस तरह"];

/**
 * Arabic function words stopwords-iso lacks: the passive light verb "يتم" / "تم" ("is done", as in
 * "الذي يتم على نطاق واسع", "that is practised widely") and "بالنسبة" ("as for, regarding").
 */
const ARABIC_EXTRA = ["يتم", "تم", "بالنسبة"];

const lists = new Map<string, ReadonlySet<string>>();
const EMPTY: ReadonlySet<string> = new Set();

/** Stop words of `language` (lower-case); empty for a language without a list. */
export function stopWords(language: string): ReadonlySet<string> {
  let set = lists.get(language);
  if (set) return set;
  const words =
    language === "en"
      ? ENGLISH.split(/\s+/)
      : [
          ...((iso as Record<string, string[] | undefined>)[language] ?? []),
          ...(language === "hi" ? [...HINDI_EXTRA.split(/\s+/), ...HINDI_PHRASES] : []),
          ...(language === "ar" ? ARABIC_EXTRA : []),
        ];
  set = words.length ? new Set(words.filter((w) => !/\d/.test(w)).map((w) => w.toLowerCase())) : EMPTY;
  lists.set(language, set);
  return set;
}
