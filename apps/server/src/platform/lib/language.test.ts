import { describe, expect, it } from "vitest";
import {
  chunkLanguage,
  detectLanguage,
  hasUnspacedScript,
  prepareForAnalysis,
  searchConfigFor,
  UNDETERMINED,
} from "./language.ts";
import { stopWords } from "./stopwords.ts";

describe("language detection", () => {
  it.each([
    ["How many points did the Panthers defense surrender?", "en"],
    ["Wie viele Punkte gab die Verteidigung der Panthers ab?", "de"],
    ["¿Cuántos puntos permitió la defensa de los Panthers?", "es"],
    ["Сколько очков пропустила защита Пантер?", "ru"],
    ["黑豹队的防守丢了多少分？", "zh"],
    ["كم عدد النقاط التي تخلى عنها دفاع الفهود؟", "ar"],
    ["पैंथर्स की डिफेंस ने कितने अंक दिए?", "hi"],
    ["Hàng thủ của Panthers đã để thua bao nhiêu điểm?", "vi"],
    ["1234 5678", UNDETERMINED],
    ["", UNDETERMINED],
  ])("%s → %s", (text, lang) => expect(detectLanguage(text)).toBe(lang));

  it("gives a short chunk its memory's language, a long one its own", () => {
    expect(chunkLanguage("| 11 | 24 | 308 |", "de")).toBe("de");
    expect(
      chunkLanguage(
        "The Panthers defense gave up just 308 points, ranking sixth in the league, while leading the NFL in interceptions.",
        "de",
      ),
    ).toBe("en");
  });
});

describe("analysis configuration", () => {
  it.each([
    ["en", "english"],
    ["de", "german"],
    ["es", "spanish"],
    ["ru", "russian"],
    ["ar", "arabic"],
    ["hi", "hindi"],
    ["zh", "simple"],
    ["vi", "simple"],
    [UNDETERMINED, "simple"],
  ])("%s → %s", (lang, config) => expect(searchConfigFor(lang)).toBe(config));
});

describe("preparation for analysis", () => {
  it("folds compatibility forms (NFKC)", () => {
    expect(prepareForAnalysis("ＡＢＣ１２３ ﬁne", "en")).toBe("ABC123 fine");
  });
  it("separates the words of unspaced scripts, leaves spaced text as it is", () => {
    expect(prepareForAnalysis("超级碗是一场美国橄榄球比赛", "zh").split(" ")).toEqual(
      expect.arrayContaining(["超级", "美国", "比赛"]),
    );
    expect(prepareForAnalysis("ฉันรักภาษาไทย", "th").split(" ").length).toBeGreaterThan(1);
    expect(prepareForAnalysis("Die Verteidigung der Panthers", "de")).toBe("Die Verteidigung der Panthers");
    expect(hasUnspacedScript("Super Bowl 50")).toBe(false);
  });
});

describe("stop words", () => {
  it("has one list per language, never a number", () => {
    expect(stopWords("en").has("the")).toBe(true);
    expect(stopWords("de").has("der")).toBe(true);
    expect(stopWords("ru").has("и")).toBe(true);
    expect(stopWords("zh").has("的")).toBe(true);
    expect([...stopWords("es")].some((w) => /\d/.test(w))).toBe(false);
    expect(stopWords("xx").size).toBe(0);
  });
});
