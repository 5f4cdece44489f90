import { describe, expect, it } from "vitest";
import { answerTexts } from "@mnemo/contracts/stream";
import { noRelevantContextFor, saysNoRelevantContext } from "@mnemo/contracts/answer-locale";
import {
  clauseSpans,
  contentTerms,
  countWords,
  listMarker,
  proseBlocks,
  proseSentence,
  splitSentences,
  stem,
  stemHindi,
} from "./text.ts";
import {
  answerType,
  partialMatch,
  scoreSentences,
  scoringLanguage,
  selectAnswer,
  type Passage,
} from "./select.ts";
import { deriveFollowUps } from "./followups.ts";
import { engineTexts } from "./locale.ts";
import { citedSentences, composeAnswer, createExtractiveEngine } from "./engine.ts";
import type { AnswerEvent, CitedPassage } from "../engine.ts";

describe("text", () => {
  it.each([
    [
      "Dr. Smith arrived. He left at 3.5 p.m. on Monday.",
      ["Dr. Smith arrived.", "He left at 3.5 p.m. on Monday."],
    ],
    ["The U.S. Army won. J. R. R. Tolkien wrote it!", ["The U.S. Army won.", "J. R. R. Tolkien wrote it!"]],
    ['He said "Go." Then it rained.', ['He said "Go."', "Then it rained."]],
    ["No ending punctuation", ["No ending punctuation"]],
    ["Para one.\n\nPara two", ["Para one.", "Para two"]],
    ["A line wrapped\nin the middle. Next one.", ["A line wrapped in the middle.", "Next one."]],
    [
      "超级碗50是一场比赛。丹佛野马队赢了！谁是冠军？",
      ["超级碗50是一场比赛。", "丹佛野马队赢了！", "谁是冠军？"],
    ],
    ["यह पहला वाक्य है। यह दूसरा वाक्य है।", ["यह पहला वाक्य है।", "यह दूसरा वाक्य है।"]],
    ["هذه جملة أولى. هذه جملة ثانية؟ نعم", ["هذه جملة أولى.", "هذه جملة ثانية؟", "نعم"]],
    ["Это первое предложение. Это второе.", ["Это первое предложение.", "Это второе."]],
    // A word ending in "c" after a letter with a diacritic is not "c." (circa).
    [
      "Nó đóng góp cho văn học Đức. Với việc có ghi chú, nó lan khắp các nước khác. Sau đó nó được dịch.",
      [
        "Nó đóng góp cho văn học Đức.",
        "Với việc có ghi chú, nó lan khắp các nước khác.",
        "Sau đó nó được dịch.",
      ],
    ],
    ["It was built c. 1850 by Dr. Smith.", ["It was built c. 1850 by Dr. Smith."]],
    // German ordinal dates and centuries, German and Spanish abbreviations.
    [
      "Am 3. Oktober 1990 kam es. Im 19. Jahrhundert kostete es 30 Mio. Euro, z. B. in Bonn.",
      ["Am 3. Oktober 1990 kam es.", "Im 19. Jahrhundert kostete es 30 Mio. Euro, z. B. in Bonn."],
    ],
    // …but a number after a hyphen or a decimal mark, or before another word, ends a sentence.
    [
      "Es enthält Sauerstoff-18. Die Größe betrug 3,07. Es ist die Route 99. Sie führt nach Süden.",
      [
        "Es enthält Sauerstoff-18.",
        "Die Größe betrug 3,07.",
        "Es ist die Route 99.",
        "Sie führt nach Süden.",
      ],
    ],
    // Initials of every alphabet, and Latin letters' names in Arabic and Hindi script.
    [
      "Историк Фредерик В. Мот писал это. Потом он ушёл.",
      ["Историк Фредерик В. Мот писал это.", "Потом он ушёл."],
    ],
    ["كتب المؤرخ فريديريك و. موت ذلك. ثم غادر.", ["كتب المؤرخ فريديريك و. موت ذلك.", "ثم غادر."]],
    ["ترجمة جون سي. ميسنجر معروفة. ثم غادر.", ["ترجمة جون سي. ميسنجر معروفة.", "ثم غادر."]],
    [
      "इतिहासकार फ्रेडरिक डब्ल्यू. मोटे ने लिखा। जॉन सी. मेसेंजर ने अनुवाद किया।",
      ["इतिहासकार फ्रेडरिक डब्ल्यू. मोटे ने लिखा।", "जॉन सी. मेसेंजर ने अनुवाद किया।"],
    ],
    // A Devanagari syllable is a word, a Vietnamese letter with a diacritic too: they end sentences.
    ["यह सही है. वह गया।", ["यह सही है.", "वह गया।"]],
    ["Họ chuyển đến vùng ngoại ô. Sau đó họ ở lại.", ["Họ chuyển đến vùng ngoại ô.", "Sau đó họ ở lại."]],
    [
      "The case Brown v. Board of Education, by Jones et al. 1998.",
      ["The case Brown v. Board of Education, by Jones et al. 1998."],
    ],
    // Punctuation inside inline code is code (a table row's cells stay one sentence); an unclosed
    // backtick does not swallow the block.
    [
      "Field: hour; Values: 0-23; Special Characters: `*` `?` `,` `-` `/` `H`. Next one.",
      ["Field: hour; Values: 0-23; Special Characters: `*` `?` `,` `-` `/` `H`.", "Next one."],
    ],
    [
      "Call `app.listen()`. Then wait! It's `done?` now. Stray ` mark. End.",
      ["Call `app.listen()`.", "Then wait!", "It's `done?` now.", "Stray ` mark.", "End."],
    ],
  ])("splits %j", (text, expected) => {
    expect(splitSentences(text)).toEqual(expected);
  });
  it.each([
    ["sacks", "sack"],
    ["interceptions", "interception"],
    ["studies", "study"],
    ["played", "play"],
    ["playing", "play"],
    ["quickly", "quick"],
    ["bus", "bus"],
  ])("stems %s → %s", (w, s) => expect(stem(w)).toBe(s));
  it("drops stop and question words and counts words without citations", () => {
    expect(contentTerms("How many career sacks did Jared Allen have?")).toEqual([
      "career",
      "sack",
      "jar",
      "allen",
    ]);
    expect(countWords("Two words [1] here [12].")).toBe(3);
  });
  it("counts two characters of an unspaced script as one word", () => {
    expect(countWords("超级碗五十 [1]")).toBe(3);
    expect(countWords("Super Bowl 超级碗")).toBe(4);
  });
  it.each([
    ["Wie viele Verteidigungen führten die Liga an?", "de", ["verteid", "fuhrt", "liga"]],
    ["¿Cuántos puntos permitió la defensa?", "es", ["punt", "permit", "defens"]],
    ["Сколько очков пропустила защита?", "ru", ["очк", "пропуст", "защит"]],
    ["超级碗的冠军是谁？", "zh", ["超级", "碗", "冠军"]],
  ])("finds the content terms of %j (%s)", (q, lang, terms) => {
    expect(contentTerms(q, lang)).toEqual(terms);
  });
  it.each([
    // Question words of each language are not content terms (Russian "каков" stems to "как").
    ["Каков счёт матча?", "ru", ["счёт", "матч"]],
    ["राष्ट्रगान क्या है?", "hi", ["राष्ट्रगान"]],
    ["Có bao nhiêu điểm?", "vi", ["điểm"]],
    ["لماذا غاب الفريق؟", "ar", ["غاب", "فريق"]],
    // Hindi auxiliary and light verbs are function words.
    ["राष्ट्रगान उन्होंने गाए जाते", "hi", ["राष्ट्रगान", "गाए"]],
    // Arabic: one stem with and without the article, stop words with tanween and hamza.
    ["الفريق فريق بالكرة الكرة أيضاً", "ar", ["فريق", "فريق", "كر", "كر"]],
    // Vietnamese stop words of several syllables ("có thể", "bởi vì") are function words too.
    ["Họ có thể thắng bởi vì đội bóng rất mạnh", "vi", ["thắng", "đội", "bóng", "mạnh"]],
    // Hindi "कौन सा / कौन सी" (which) and "के बारे में" (about) are not content.
    ["कौन सा खेल के बारे में है?", "hi", ["खेल"]],
    // Arabic passive light verb "يتم" and "بالنسبة" (as for).
    ["ما الذي يتم تدريسه بالنسبة للطلاب؟", "ar", ["تدريس", "طلاب"]],
    // Hindi "अन्य" (other), "अधिक" (more), "के रूप में" (as), "किस प्रकार / किस तरह" (how, what
    // kind of) and the interrogatives "किसलिए" (what for), "किससे" (from whom/what) are not content.
    ["अन्य खिलाड़ियों से अधिक अंक के रूप में", "hi", ["खिलाड", "अंक"]],
    ["किस प्रकार का खेल किसलिए खेला गया?", "hi", ["खेल", "खेल"]],
    // … and, as in English, each, both, all, only, about.
    ["दोनों टीमों ने केवल लगभग सौ अंक बनाए", "hi", ["टिम", "सौ", "अंक", "बन"]],
  ])("finds the content terms of %j (%s), without function words", (q, lang, terms) => {
    expect(contentTerms(q, lang)).toEqual(terms);
  });
  it("takes Hindi spelling variants for one word", () => {
    // Nukta, anusvara for a dead "न्", long and short vowels.
    expect(contentTerms("डिफ़ेन्स इन्टरसेप्शन", "hi")).toEqual(contentTerms("डिफेंस इंटरसेप्शन", "hi"));
    expect(contentTerms("सीज़न", "hi")).toEqual(contentTerms("सिजन", "hi"));
  });
});

describe("clauses", () => {
  const clauses = (s: string) => clauseSpans(s).map(([a, b]) => s.slice(a, b).trim());
  it.each([
    [
      "In 1914–1918, a well-known war cost 1,000,000 lives; it ended: at last — in peace.",
      ["In 1914–1918,", "a well-known war cost 1,000,000 lives;", "it ended:", "at last —", "in peace."],
    ],
    [
      "黑豹队的防守很强，科尔曼拦截最多、诺曼入选职业碗。",
      ["黑豹队的防守很强，", "科尔曼拦截最多、", "诺曼入选职业碗。"],
    ],
    [
      "قاد كولمان الفريق، وسجل نورمان أربعة؛ ثم فاز الفريق.",
      ["قاد كولمان الفريق،", "وسجل نورمان أربعة؛", "ثم فاز الفريق."],
    ],
    ["威廉·莎士比亚写了它。", ["威廉·莎士比亚写了它。"]],
  ])("cuts %j at its clause marks only", (sentence, expected) => {
    expect(clauses(sentence)).toEqual(expected);
  });
  it("cuts Arabic and Hindi clauses before a conjunction as well", () => {
    const cut = (s: string, language: string) =>
      clauseSpans(s, language).map(([a, b]) => s.slice(a, b).trim());
    expect(cut("قاد كولمان الفريق وقد سجل نورمان أربعة أهداف وكان الفريق الأفضل.", "ar")).toEqual([
      "قاد كولمان الفريق",
      "وقد سجل نورمان أربعة أهداف",
      "وكان الفريق الأفضل.",
    ]);
    const hindi = "न्यूटन ने गेंद फेंकी और मिलर ने उसे छीन लिया जबकि वार्ड ने उसे बरामद किया।";
    expect(cut(hindi, "hi")).toEqual([
      "न्यूटन ने गेंद फेंकी",
      "और मिलर ने उसे छीन लिया",
      "जबकि वार्ड ने उसे बरामद किया।",
    ]);
    // Not in other languages: "and" is as often between two names as between two clauses.
    expect(cut("Newton threw the ball and Miller took it.", "en")).toEqual([
      "Newton threw the ball and Miller took it.",
    ]);
  });
});

describe("answer type", () => {
  it.each([
    ["How many points did they score?", "number"],
    ["When was the treaty signed?", "date"],
    ["In what year did it open?", "date"],
    ["What year did it open?", "date"],
    ["Who wrote the book?", "person"],
    ["Where is the museum?", "place"],
    ["What is a problem instance?", "other"],
    ["What is AI?", "other"],
    ["Wie viele Punkte gab die Verteidigung ab?", "number"],
    ["In welchem Jahr wurde der Vertrag unterzeichnet?", "date"],
    ["¿Quién escribió el libro?", "person"],
    ["¿Dónde está el museo?", "place"],
    ["Сколько очков набрала команда?", "number"],
    ["Когда был подписан договор?", "date"],
    ["谁写了这本书？", "person"],
    ["这座博物馆在哪里？", "place"],
    ["متى تم توقيع المعاهدة؟", "date"],
    ["كم عدد النقاط؟", "number"],
    ["किताब किसने लिखी?", "person"],
    ["कितने अंक मिले?", "number"],
    ["Ai đã viết cuốn sách này?", "person"],
    ["Bảo tàng ở đâu?", "place"],
    // The English cues' counterparts: how old, what decade, how long, which century.
    ["¿Qué edad tenía Manning?", "number"],
    ["In welchem Jahrzehnt wurde es gebaut?", "date"],
    ["Как долго длилась война?", "number"],
    ["في أي قرن بنيت المدينة؟", "date"],
    // "which person / country / decade", "what number / share / year" in Vietnamese, Arabic, Hindi.
    ["Người nào đã viết cuốn sách này?", "person"],
    ["Phần lớn rừng nằm ở quốc gia nào?", "place"],
    ["Ông ấy hoạt động trong thập kỷ nào?", "date"],
    ["ما عدد النقاط؟", "number"],
    ["ما هي النسبة المئوية من الأصوات؟", "number"],
    ["ما السنة التي تم فيها إنشاء الطريق؟", "date"],
    ["यह किस दशक में बना?", "date"],
  ])("%s → %s", (q, t) => expect(answerType(q)).toBe(t));
});

const panthers: Passage = {
  sourceId: "a",
  title: "Super Bowl 50",
  score: 10,
  text: "The Panthers defense gave up just 308 points, ranking sixth in the league. Pro Bowl defensive tackle Kawann Short led the team in sacks with 11. The Panthers line also featured veteran defensive end Jared Allen, the NFL's active career sack leader with 136. Kuechly led the team in tackles (118).",
};
const weather: Passage = {
  sourceId: "b",
  title: "Weather",
  score: 2,
  text: "It rained in Denver on Sunday. The wind was calm.",
};

describe("the language a question is analysed in", () => {
  const hindi: Passage = {
    sourceId: "h",
    title: "सुपर बाउल",
    score: 1,
    text: "छह बार की ग्रैमी विजेता और अकादमी पुरस्कार के लिए नामांकित लेडी गागा ने राष्ट्रगान प्रस्तुत किया, जबकि अकादमी पुरस्कार विजेता मार्ली मैटलिन ने अमेरिकी सांकेतिक भाषा में इसका अनुवाद किया। यह खेल फरवरी में खेला गया था और इसे करोड़ों लोगों ने देखा।",
  };
  const spanish: Passage = {
    sourceId: "s",
    title: "Super Bowl",
    score: 1,
    text: "Lady Gaga, ganadora de seis premios Grammy, cantó el himno nacional, mientras que Marlee Matlin lo interpretó en la lengua de signos americana. El partido se jugó en febrero y lo vieron millones de personas.",
  };
  it("takes the passages' language for a short question taken for a language of the same script", () => {
    // Detected alone, this Hindi question is Marathi.
    expect(scoringLanguage("राष्ट्रगान किसने गाया?", [hindi])).toBe("hi");
  });
  it("keeps the question's own language over notes in another language", () => {
    expect(scoringLanguage("Who sang the national anthem at the game?", [spanish])).toBe("en");
  });
});

describe("sentence selection", () => {
  it.each([
    ["How many career sacks did Jared Allen have?", "136"],
    ["How many points did the Panthers defense surrender?", "308"],
    ["How many tackles did Kuechly have?", "118"],
    ["Who led the team in sacks?", "Kawann Short"],
  ])("puts the answer to %j in the best sentence", (q, answer) => {
    expect(scoreSentences(q, [panthers, weather])[0].text).toContain(answer);
  });
  it("matches an Arabic word written with a preposition fused to it (كعلاج: as a treatment)", () => {
    const q = "من استخدم الأكسجين في العلاج؟";
    const oxygen: Passage = {
      sourceId: "o",
      title: "",
      score: 1,
      text: "استخدم العلماء الأكسجين في المختبر. استخدم الأطباء الأكسجين كعلاج للمرضى.",
    };
    const [best] = scoreSentences(q, [oxygen]);
    expect(best.text).toContain("كعلاج");
    expect(best.matched.has("علاج")).toBe(true);
  });
  it("matches Hindi word forms by their stem (light suffix stripper)", () => {
    expect(stemHindi("लड़कियों")).toBe("लड़क");
    expect(stemHindi("खेलकर")).toBe("खेल");
    expect(stemHindi("घर")).toBe("घर");
    // "टैकलों" (tackles, oblique) in the question, "टैकल" in the text: the sentence holding the
    // number is chosen, not the one that only names the player.
    const q = "कुएक्ली ने कितने टैकलों को रजिस्टर किया?";
    const text =
      "ल्यूक कुएक्ली एक लाइनबैकर हैं जो पैंथर्स के लिए खेलते हैं। इस सत्र में कुएक्ली ने 118 टैकल रजिस्टर किए और चार फंबल भी रोके।";
    expect(contentTerms(q, "hi")).toContain("टैकल");
    const [best] = scoreSentences(q, [{ sourceId: "p", title: "पैंथर्स", text, score: 1 }]);
    expect(best.text).toContain("118");
  });
  it("keeps answers within the word budget and in document order", () => {
    const sel = selectAnswer("How many career sacks did Jared Allen have?", [panthers, weather], {
      maxWords: 40,
    });
    expect(sel.confident).toBe(true);
    const words = sel.sentences.reduce((n, s) => n + countWords(s.text), 0);
    expect(words).toBeLessThanOrEqual(40);
    const positions = sel.sentences.map((s) => s.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(sel.sentences.every((s) => s.passage === sel.sentences[0].passage)).toBe(true);
  });
  it.each([
    ["amazonasbeck", ["dies", "beck", "umfasst"], true],
    ["beck", ["amazonasbeck"], true],
    ["प्रशिक्षण", ["प्रशिक्षणों"], true],
    ["擒杀", ["擒杀数"], true],
    ["超级碗", ["超级"], true],
    ["regen", ["rechnung"], false],
    ["bowl", ["bowling"], true],
    ["tag", ["tage"], false],
  ] as const)("matches %j partially in %j: %s", (term, tokens, expected) => {
    expect(partialMatch(term, [...tokens])).toBe(expected);
  });
  it("finds the answer behind a compound the question splits differently (German)", () => {
    const q = "Wie viele Quadratkilometer Regenwald gibt es im Amazonasbecken?";
    const drought: Passage = {
      sourceId: "d",
      title: "Amazonas-Regenwald",
      score: 1.8,
      text: "Die Dürre betraf etwa 3.000.000 Quadratkilometer Regenwald im Jahr 2010.",
    };
    const basin: Passage = {
      sourceId: "b",
      title: "Amazonas-Regenwald",
      score: 1.5,
      text: "Dieses Becken umfasst 7.000.000 Quadratkilometer, von denen 5.500.000 Quadratkilometer Regenwald sind.",
    };
    expect(scoreSentences(q, [drought, basin])[0].text).toContain("5.500.000");
  });
  it("answers with up to four sentences of the passage when they fit the budget", () => {
    const text =
      "Kuechly made 118 tackles. He also forced four fumbles. The Panthers won the division. Their defense allowed 308 points.";
    const sel = selectAnswer("How many tackles and fumbles did the Panthers defense have?", [
      { sourceId: "k", title: "Panthers defense", text, score: 1 },
    ]);
    expect(sel.sentences.length).toBe(4);
  });
  it.each([
    [
      "Wer führte die Verteidigung der Panthers an?",
      "Die Verteidigung der Panthers führte das Team mit großem Abstand an. Die Verteidigung der Panthers führte Linebacker Luke Kuechly an.",
      "Luke Kuechly",
    ],
    [
      "Wo lehrte Lefevre?",
      "Lefevre lehrte viele Jahre an der Hochschule. Lefevre lehrte später in Paris.",
      "Paris",
    ],
  ])(
    "takes a name, not any capitalised noun, as the answer to a German who/where question: %j",
    (q, text, answer) => {
      // German capitalises every noun: "Team", "Abstand", "Hochschule" are no names.
      const [best] = scoreSentences(q, [{ sourceId: "g", title: "Panthers", text, score: 1 }]);
      expect(best.text).toContain(answer);
    },
  );
  it("prefers the sentence with a number word of the question's language for a number question", () => {
    // Both sentences hold every term of the question; only one says how many, in German words.
    const q = "Wie viele Kinder hatte König Ludwig?";
    const text = "König Ludwig hatte Kinder aus seiner ersten Ehe. König Ludwig hatte drei Kinder.";
    const [best] = scoreSentences(q, [{ sourceId: "l", title: "Ludwig", text, score: 1 }]);
    expect(best.text).toBe("König Ludwig hatte drei Kinder.");
  });
  it.each([
    ["टीम ने बारह मैच जीते।", "a Hindi number word of the teens"],
    ["टीम ने एक करो\u095C रुपये के मैच जीते।", "a Hindi number word written with a precomposed nukta letter"],
  ])("prefers %j for a Hindi number question (%s)", (answer) => {
    const q = "टीम ने कितने मैच जीते?";
    const text = `टीम ने पिछले साल मैच जीते। ${answer}`;
    const [best] = scoreSentences(q, [{ sourceId: "t", title: "", text, score: 1 }]);
    expect(best.text).toBe(answer);
  });
  it("leaves out a long sentence scoring a little higher when it would crowd out a short one", () => {
    const text = [
      "The crew began the ground test on the morning of 27 January 1967.",
      "Later the crew also noticed that the communication lines between the spacecraft and the blockhouse and the control room kept failing again and again and forced the controllers to hold the count for hours while engineers searched for the faulty circuits and cables all over the launch pad and the tower.",
      "A fire broke out in the cabin.",
      "The crew noticed a strange odor first.",
    ].join(" ");
    const q = "What did the crew notice in the ground test?";
    const passages = [{ sourceId: "a", title: "Apollo 1", text, score: 1 }];
    // The long sentence ranks above the short one, and the two do not fit together after the best.
    const ranked = scoreSentences(q, passages).map((s) => s.text);
    expect(ranked.findIndex((t) => t.startsWith("Later"))).toBeLessThan(
      ranked.findIndex((t) => t.includes("strange odor")),
    );
    const answer = selectAnswer(q, passages).sentences.map((s) => s.text);
    expect(answer.join(" ")).toContain("a strange odor");
    expect(answer.join(" ")).not.toContain("communication lines");
    expect(answer.reduce((n, t) => n + countWords(t), 0)).toBeLessThanOrEqual(65);
  });
  it("answers with the sentence that holds the answer, not a later one repeating the question's words together", () => {
    const passage: Passage = {
      sourceId: "a",
      title: "Apollo 1",
      score: 1,
      text:
        "A strange sour smell in the suits was what the crew of three noticed, first of all, during the test. " +
        "Later the crew noticed first during the test that all the radios failed.",
    };
    const sel = selectAnswer("What did the crew notice first during the test?", [passage], { maxWords: 22 });
    expect(sel.sentences.map((s) => s.text)).toEqual([
      "A strange sour smell in the suits was what the crew of three noticed, first of all, during the test.",
    ]);
  });
  it("takes a sentence of another passage that scores close to the best one", () => {
    const season: Passage = {
      sourceId: "s",
      title: "Cam Newton",
      score: 1,
      text: "Cam Newton threw many touchdown passes for the Panthers.",
    };
    const record: Passage = {
      sourceId: "r",
      title: "Cam Newton",
      score: 0.95,
      text: "In 2015 Cam Newton threw 35 touchdown passes.",
    };
    const sel = selectAnswer("How many touchdown passes did Cam Newton throw?", [season, record]);
    expect(sel.confident).toBe(true);
    expect(new Set(sel.sentences.map((s) => s.passage)).size).toBe(2);
    expect(sel.sentences.map((s) => s.text).join(" ")).toContain("35 touchdown");
  });
  it("adds the clause of a long second sentence that holds the question's terms, marked with …", () => {
    const text =
      "The Panthers safety led the league in interceptions in 2015. " +
      "Over the long season the Panthers secondary, which many analysts had doubted before the first game of September, " +
      "featured the safety Kurt Coleman, who led the team in interceptions, " +
      "while the young cornerback Josh Norman became a shutdown corner and was picked for the Pro Bowl in January.";
    const passage: Passage = { sourceId: "c", title: "Carolina Panthers", text, score: 1 };
    const sel = selectAnswer("Which safety led the Panthers in interceptions?", [passage], { maxWords: 40 });
    expect(sel.sentences.length).toBe(2);
    const [, clipped] = sel.sentences;
    expect(clipped.text).toContain("Kurt Coleman");
    expect(clipped.text).not.toContain("Josh Norman");
    expect(clipped.text.endsWith(" …")).toBe(true);
    // Between the marks, the memory's own text, unchanged.
    expect(text).toContain(clipped.text.replace(/^… /, "").replace(/ …$/, ""));
    expect(sel.sentences.reduce((n, s) => n + countWords(s.text), 0)).toBeLessThanOrEqual(40);
  });
  it("clips a sentence of a script without spaces at its own clause marks", () => {
    const text =
      "黑豹队的安全卫拦截次数在联盟中最多。" +
      "黑豹队的二级防守在赛季开始前受到许多分析人士的怀疑，但是在整个漫长的赛季中表现出色，" +
      "其中安全卫库尔特·科尔曼拦截次数最多，而年轻的角卫乔什·诺曼成为了一名封锁角卫并入选职业碗。";
    const passage: Passage = { sourceId: "z", title: "卡罗莱纳黑豹", text, score: 1 };
    const sel = selectAnswer("黑豹队的哪位安全卫拦截次数最多？", [passage], { maxWords: 25 });
    const clipped = sel.sentences.find((s) => s.text.includes("…"));
    expect(clipped?.text).toContain("库尔特·科尔曼");
    expect(clipped?.text).not.toContain("乔什·诺曼");
    expect(clipped?.text).not.toMatch(/… | …/);
    expect(text).toContain(clipped!.text.replaceAll("…", ""));
  });
  it("is not confident when nothing shares terms with the question", () => {
    expect(selectAnswer("What is the capital of Mongolia?", [panthers, weather]).confident).toBe(false);
    expect(selectAnswer("anything", []).confident).toBe(false);
  });
  it("answers with the best sentence alone when it covers the question and scores well above the rest", () => {
    const passage: Passage = {
      sourceId: "a",
      title: "Apollo",
      score: 1,
      text:
        "The fire in the Apollo capsule started on January 27, 1967. The crew had trained for months. " +
        "NASA later changed the hatch.",
    };
    const sel = selectAnswer("When did the fire in the Apollo capsule start?", [passage]);
    expect(sel.confident).toBe(true);
    expect(sel.sentences.map((s) => s.text)).toEqual([
      "The fire in the Apollo capsule started on January 27, 1967.",
    ]);
  });
  it("fills up to 70 words when no sentence clearly answers alone", () => {
    const first =
      "The harbour town of Kestrel on the windy northern coast far from every city exported salted fish " +
      "and wool and timber to the southern ports for nearly three hundred years before the railway finally came.";
    const second =
      "Today the harbour town of Kestrel exports mostly fresh crabs and cheese and small wooden boats that " +
      "are built in the old yards near the river mouth by the families who have always lived there.";
    expect(countWords(first) + countWords(second)).toBe(70);
    const passage: Passage = { sourceId: "k", title: "Kestrel", score: 1, text: `${first} ${second}` };
    const sel = selectAnswer("What did the harbour town of Kestrel export?", [passage]);
    expect(sel.sentences.map((s) => s.text)).toEqual([first, second]);
  });
});

const cited = (p: Passage, citation: number): CitedPassage => ({ ...p, citation, type: "page" });

/** The engine's events for a question over these passages. */
async function run(question: string, passages: CitedPassage[]) {
  const events: AnswerEvent[] = [];
  for await (const e of createExtractiveEngine().answer({
    question,
    passages,
    mode: "memories",
    instructions: {},
    history: [],
    signal: new AbortController().signal,
  }))
    events.push(e);
  return events;
}

describe("follow-ups and the engine", () => {
  it("derives two to four follow-ups about the sources, none repeating the question", () => {
    const f = deriveFollowUps("How many sacks did Jared Allen have?", [
      cited(panthers, 1),
      cited(weather, 2),
    ]);
    expect(f.length).toBeGreaterThanOrEqual(2);
    expect(f.length).toBeLessThanOrEqual(4);
    expect(new Set(f).size).toBe(f.length);
    expect(f.some((q) => q.includes("Super Bowl 50"))).toBe(true);
    expect(f.some((q) => q.includes("Jared Allen"))).toBe(false);
  });

  // Issue 41: "What do my memories say about The German?", "What is What temperature makes
  // sourdough more sour? about?", and unrelated memories suggested under a bread question.
  const page = (sourceId: string, title: string, text: string, citation = 1): CitedPassage => ({
    citation,
    sourceId,
    title,
    text,
    score: 5,
    type: "page",
  });
  const bread = page(
    "s",
    "Sourdough notes",
    "The German Rye Bread is dense. A cool dough at 18 degrees makes sourdough more sour. Chad Robertson proofs it overnight.",
  );
  const garden = page("g", "Garden", "The tomatoes need six hours of sun. Basil grows fast.", 2);
  const saved = page("e", "What temperature makes sourdough more sour?", "A cool dough makes it sour.", 3);

  it.each([
    ["en", "How sour does a cool sourdough get?", [bread, garden, saved]],
    ["de", "Wie sauer wird ein kühler Sauerteig sourdough?", [bread, garden, saved]],
    ["es", "¿Qué tan agrio es el sourdough frío?", [bread, garden, saved]],
  ])("suggests grammatical questions on the topic only, never a wrapped question (%s)", (lang, q, ps) => {
    const f = deriveFollowUps(q, ps, 4, engineTexts(lang), lang);
    expect(f.length).toBeGreaterThanOrEqual(2);
    // No article glued to a name, no one-word "name".
    expect(f.some((x) => /\b(The German|German)\b/.test(x) && !x.includes("German Rye Bread"))).toBe(false);
    // A question title is never wrapped in a template: offered as it is, or not at all.
    expect(f.filter((x) => x.includes("What temperature")).every((x) => x === saved.title)).toBe(true);
    expect(f.every((x) => (x.match(/[?？؟]/g) ?? []).length <= 1)).toBe(true);
    // The garden shares nothing with a bread question.
    expect(f.some((x) => /Garden|tomato|Basil/i.test(x))).toBe(false);
  });

  it("offers a question title as it is when it asks something new, and a long title not at all", () => {
    const f = deriveFollowUps("How dense is German Rye Bread?", [
      page("e", "What temperature makes German Rye Bread sour?", "German Rye Bread turns sour when cool."),
      page(
        "l",
        "Notes I took at the bakery course on German Rye Bread last spring",
        "German Rye Bread is dense.",
      ),
    ]);
    expect(f).toContain("What temperature makes German Rye Bread sour?");
    expect(f.some((x) => x.includes("bakery course"))).toBe(false);
  });

  it("streams thoughts, then the cited answer in small pieces, then follow-ups", async () => {
    const events = await run("How many career sacks did Jared Allen have?", [
      cited(panthers, 1),
      cited(weather, 2),
    ]);
    const kinds = events.map((e) => e.type);
    expect(kinds.indexOf("text")).toBeGreaterThan(kinds.lastIndexOf("reasoning"));
    expect(kinds.at(-1)).toBe("follow-ups");
    const texts = events.filter((e): e is { type: "text"; text: string } => e.type === "text");
    expect(texts.length).toBeGreaterThan(1);
    const answer = texts.map((t) => t.text).join("");
    expect(answer).toContain("136 [1]");
    expect(answer).not.toContain("[2]");
  });
  it("says the memories hold no answer rather than citing a sentence that shares one word", async () => {
    const tide: Passage = {
      sourceId: "t",
      title: "Tide pools",
      score: 3,
      text: "Tide pools fill with sea water 2 times a day. Anemones and hermit crabs live in the rocky pools. At low tide the pools warm up in the sun.",
    };
    const question =
      "How many grams of rye flour does a sourdough starter need at room temperature each day?";
    expect(selectAnswer(question, [tide], { minCoverage: 0 }).confident, "by score alone").toBe(true);
    const answer = (await run(question, [cited(tide, 1)]))
      .filter((e): e is { type: "text"; text: string } => e.type === "text")
      .map((t) => t.text)
      .join("");
    expect(answer.startsWith(answerTexts.noRelevantContext)).toBe(true);
    expect(answer).not.toContain("[1]");
  });
  it("cites a clipped sentence after its … and keeps the memory's words between the marks", async () => {
    const text =
      "The Panthers safety led the league in interceptions in 2015. " +
      "Over the long and difficult season the Carolina secondary, which many analysts and former players had openly doubted before the first game of September, " +
      "featured the safety Kurt Coleman, who led the team in interceptions, " +
      "while the young cornerback Josh Norman became a shutdown corner, was picked for the Pro Bowl in January, " +
      "and later signed a large contract with Washington after a long and public dispute about his salary.";
    const events = await run("Which safety led the Panthers in interceptions?", [
      cited({ sourceId: "c", title: "Carolina Panthers", text, score: 1 }, 1),
    ]);
    const answer = events
      .filter((e): e is { type: "text"; text: string } => e.type === "text")
      .map((t) => t.text)
      .join("");
    // The clauses that fit the 65-word answer, cut before the end of the sentence.
    expect(answer).toMatch(/Kurt Coleman[^[]* … \[1\]$/);
    expect(answer).not.toContain("Washington");
    const fragment = answer
      .split(/\[1\]\.? ?/)[1]
      .replace(/^… /, "")
      .replace(/ …\s*$/, "");
    expect(text).toContain(fragment);
  });
  it("answers from the fourth passage retrieved, not from the fifth", async () => {
    const filler = (n: number): Passage => ({
      sourceId: `f${n}`,
      title: `Season notes ${n}`,
      score: 3 - n * 0.1,
      text: `The Panthers played game ${n} of the season in rain. Fans filled the stands early.`,
    });
    const fourth: Passage = {
      sourceId: "k",
      title: "Luke Kuechly",
      score: 2,
      text: "Luke Kuechly made 118 tackles for the Panthers in 2015.",
    };
    const fifth: Passage = {
      sourceId: "k2",
      title: "Luke Kuechly",
      score: 1.9,
      text: "Luke Kuechly made 164 tackles for the Panthers in 2013.",
    };
    const passages = [filler(1), filler(2), filler(3), fourth, fifth].map((p, i) => cited(p, i + 1));
    const answer = (await run("How many tackles did Luke Kuechly make for the Panthers?", passages))
      .filter((e): e is { type: "text"; text: string } => e.type === "text")
      .map((t) => t.text)
      .join("");
    expect(answer).toContain("118 tackles for the Panthers in 2015 [4]");
    expect(answer).not.toContain("[5]");
  });
  it("says it found nothing when nothing is relevant", async () => {
    const events = await run("What is the capital of Mongolia?", [cited(weather, 1)]);
    const answer = events
      .filter((e): e is { type: "text"; text: string } => e.type === "text")
      .map((t) => t.text)
      .join("");
    expect(answer.startsWith(answerTexts.noRelevantContext)).toBe(true);
    expect(events.some((e) => e.type === "follow-ups")).toBe(false);
  });
});

describe("answers from real notes read as prose (issue 42)", () => {
  const vault = [
    "---",
    "tags: [obsidian, help]",
    "aliases: Plugins",
    "---",
    "# Core plugins",
    "",
    "A [[Core plugins|core plugin]] ships with Obsidian and can be turned on in **Settings**.",
    "![[plugins-screenshot.png]]",
    "",
    "> [!info]+ Where to find them",
    "> Open Settings and choose the Core plugins tab to turn a plugin on.",
    "",
    "| Plugin | What it does |",
    "|---|---|",
    "| Daily notes | Opens a note for today's date |",
    "| Templates | Inserts a ==template== into the current note |",
    "",
    "```js",
    "const plugin = app.plugins.getPlugin('daily-notes');",
    "```",
    "",
    "To enable a plugin:",
    "",
    "1. Open **Settings**.",
    "2. Select *Core plugins* and switch the plugin on.",
  ].join("\n");
  const raw = /\[\[|\]\]|\[!|\*\*|\|---|```|^---|tags:/m;

  it("gives the rendered text: wikilinks as labels, callouts as labels, table rows as column: value", () => {
    const sentences = splitSentences(proseBlocks(vault))
      .map(proseSentence)
      .filter((s): s is string => s !== null);
    expect(sentences).toEqual([
      "A core plugin ships with Obsidian and can be turned on in Settings.",
      "Open Settings and choose the Core plugins tab to turn a plugin on.",
      "Plugin: Daily notes; What it does: Opens a note for today's date.",
      "Plugin: Templates; What it does: Inserts a template into the current note.",
      "To enable a plugin:",
      "Open Settings.",
      "Select Core plugins and switch the plugin on.",
    ]);
    for (const s of sentences) expect(s).not.toMatch(raw);
  });

  it("answers a question over the note with clean prose and keeps a list's numbers", async () => {
    const passages = [{ sourceId: "n1", title: "Core plugins", text: vault, score: 1 }];
    const which = selectAnswer("Which plugin opens a note for today's date?", passages);
    expect(which.confident).toBe(true);
    expect(which.sentences[0].text).toBe("Plugin: Daily notes; What it does: Opens a note for today's date.");
    const how = selectAnswer("How do I enable a core plugin in Settings?", passages);
    const text = composeAnswer(how.sentences, () => 1);
    expect(text).not.toMatch(raw);
    if (how.sentences.some((s) => s.marker)) expect(text).toMatch(/(^|\n)\d\. /);
  });

  it("keeps inline code, drops footnote marks, highlight and a stray ** left by a cut", () => {
    expect(proseSentence("Run `npm start` to begin[^1] — it is ==fast==.")).toBe(
      "Run `npm start` to begin — it is fast.",
    );
    expect(proseSentence("The **setting is cut here")).toBe("The setting is cut here");
    expect(proseSentence("Character: `**`; Description: matches `*_a_*` and [[x|y]] **too**.")).toBe(
      "Character: `**`; Description: matches `*_a_*` and y too.",
    );
    expect(proseSentence("See [[Daily notes#Settings]] and [[Templates#Use|templates]].")).toBe(
      "See Daily notes and templates.",
    );
    expect(listMarker("3. Restart the app.")).toBe("3.");
    expect(listMarker("- [ ] A task.")).toBe("-");
    expect(listMarker("Plain.")).toBeUndefined();
  });

  it("names, for each passage it draws on, a sentence the answer gives (what the card shows)", () => {
    const passages = [
      {
        sourceId: "a",
        title: "Harbour",
        text: "The harbour opened in 1820. Ships moored at the quay.",
        score: 2,
      },
      {
        sourceId: "b",
        title: "Mill",
        text: "The mill ground flour for the harbour bakers every Tuesday.",
        score: 1,
      },
    ];
    const question = "When did the harbour open?";
    const answer = composeAnswer(selectAnswer(question, passages).sentences, () => 1).replace(/ \[1\]/g, "");
    const quotes = citedSentences(question, passages);
    expect(quotes.get(0)).toBe("The harbour opened in 1820.");
    for (const q of quotes.values()) expect(answer).toContain(q.replace(/\.$/, ""));
  });

  it("puts list items on lines of their own", () => {
    const s = (text: string, marker?: string) => ({
      text,
      marker,
      passage: 0,
      position: 0,
      score: 1,
      matched: new Set<string>(),
      coverage: 1,
    });
    expect(
      composeAnswer([s("To enable a plugin:"), s("Open Settings.", "1."), s("Turn it on.", "2.")], () => 4),
    ).toBe("To enable a plugin: [4]\n\n1. Open Settings [4].\n2. Turn it on [4].");
  });

  it("gives a sentence two memories share once, citing both", () => {
    const said = "The harbour opened in 1820 after ten years of building.";
    const passages = [
      { sourceId: "a", title: "Harbour", text: `${said} Ships moored at the quay.`, score: 2 },
      { sourceId: "b", title: "Saved answer", text: `${said.toUpperCase()}`, score: 1.9 },
    ];
    const question = "When did the harbour open after the building?";
    const selection = selectAnswer(question, passages);
    const answer = composeAnswer(selection.sentences, (s) => s.passage + 1);
    expect(answer.match(/1820/g)).toHaveLength(1);
    expect(answer).toMatch(/\[1\].*\[2\]|\[2\].*\[1\]/);
    expect([...citedSentences(question, passages).keys()].sort()).toEqual([0, 1]);
  });

  it("reads badges and images as nothing and a link as its text, its URL never cutting a sentence", () => {
    const readme = [
      "[![npm](https://img.shields.io/npm/v/x.svg)](https://npmjs.com/x) ![build](https://ci.example/x.svg?a=1.2)",
      "",
      'Read [the guide](https://example.com/docs/v1.2/guide?x=1 "Guide") before you start. Then run it.',
    ].join("\n");
    const sentences = splitSentences(proseBlocks(readme))
      .map(proseSentence)
      .filter((s): s is string => !!s);
    expect(sentences).toEqual(["Read the guide before you start.", "Then run it."]);
  });
});

describe("prose of Markdown sentences", () => {
  it.each([
    ["# Late addition", null],
    ["## Page 2", null],
    ["- A hermit crab moved into a larger shell.", "A hermit crab moved into a larger shell."],
    ["1. First, knead the dough.", "First, knead the dough."],
    ["> Quoted **bold** claim with `code`.", "Quoted bold claim with `code`."],
    ["See [the guide](https://example.com/guide) for details.", "See the guide for details."],
    ["Plain sentence.", "Plain sentence."],
  ])("%s → %s", (input, expected) => {
    expect(proseSentence(input)).toBe(expected);
  });
});

describe("the engine in the question's language", () => {
  const verteidigung: CitedPassage = {
    citation: 1,
    sourceId: "d",
    title: "Super Bowl 50",
    score: 5,
    type: "page",
    text: "Die Verteidigung der Panthers gab nur 308 Punkte ab. Kawann Short führte das Team mit 11 Sacks an.",
  };
  async function answerOf(question: string, passages: CitedPassage[]) {
    const events = await run(question, passages);
    const text = (type: string) =>
      events
        .filter((e): e is { type: "text" | "reasoning"; text: string } => e.type === type)
        .map((e) => e.text)
        .join("");
    const followUps = events.find((e) => e.type === "follow-ups");
    return {
      answer: text("text"),
      thoughts: text("reasoning"),
      followUps: followUps?.type === "follow-ups" ? followUps.questions : [],
    };
  }
  it("thinks, answers and follows up in German for a German question", async () => {
    const r = await answerOf("Wie viele Punkte gab die Verteidigung der Panthers ab?", [verteidigung]);
    expect(r.thoughts).toContain("Die Frage verstehen");
    expect(r.answer).toContain("308");
    expect(r.followUps.length).toBeGreaterThanOrEqual(2);
    expect(r.followUps.every((q) => !q.startsWith("What"))).toBe(true);
  });
  it("says in the question's language that the memories hold no answer", async () => {
    const r = await answerOf("Wie lange muss ein Sauerteig bei Raumtemperatur gehen?", [verteidigung]);
    expect(r.answer.startsWith(noRelevantContextFor("de", "x").split(",")[0])).toBe(true);
    expect(saysNoRelevantContext(r.answer)).toBe(true);
  });
});
