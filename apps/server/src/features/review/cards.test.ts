import { describe, expect, it } from "vitest";
import { BLANK, keyTerm, makeCards } from "./cards.ts";

describe("review cards (offline cloze)", () => {
  it("blanks a date, a number, a name or a definition's subject, from the text's own sentences", () => {
    const text = [
      "# Super Bowl 50",
      "",
      "The game was played on February 7, 2016 at Levi's Stadium.",
      "",
      "The Panthers defense gave up just 308 points during the season.",
      "",
      "The halftime show was headlined by Coldplay with special guests.",
      "",
      "A touchdown is a way of scoring points in American football.",
    ].join("\n");
    const cards = makeCards(text, { language: "en" });
    expect(cards.map((c) => [c.kind, c.back])).toEqual([
      ["date", "February 7, 2016"],
      ["number", "308"],
      ["name", "Coldplay"],
      ["definition", "A touchdown"],
    ]);
    expect(cards[0].front).toBe(`The game was played on ${BLANK} at Levi's Stadium.`);
    for (const c of cards) {
      expect(c.sentence.slice(c.start, c.end)).toBe(c.back);
      expect(text.replace(/\n/g, " ")).toContain(c.sentence);
    }
  });

  it("makes no card from a heading, code, or a sentence without a key term (nothing invented)", () => {
    const text =
      "## The year 2016 in review\n\n```\nconst x = 42; // the answer is 42 here\n```\n\nthis sentence states nothing in particular at all.";
    expect(makeCards(text, { language: "en" })).toEqual([]);
  });

  it("works in unspaced and non-Latin scripts (digits and dates)", () => {
    expect(keyTerm("第50届超级碗于2016年2月7日在加州举行，丹佛野马队获胜。")).toMatchObject({ kind: "date" });
    const [ru] = makeCards("Команда набрала 308 очков за весь сезон и заняла шестое место.", {
      language: "ru",
    });
    expect(ru.back).toBe("308");
    expect(ru.language).toBe("ru");
    expect(keyTerm("比赛共有308名球员参加，观众超过七万人。")).toMatchObject({ kind: "number" });
  });

  it("never blanks digits inside a word (an id, a code)", () => {
    const [card] = makeCards("Field notes about Zephyr ab12cd34ef.", { language: "en" });
    expect(card).toMatchObject({ kind: "name", back: "Zephyr" });
  });

  it("blanks what a reader would be asked, not the memory's topic, and keeps to a selection", () => {
    // The memory is about the church (its title): the blank is the other name, not the topic.
    const [card] = makeCards("The theses on the Wittenberg Castle Church door were answered by Tetzel.", {
      language: "en",
      title: "Wittenberg Castle Church",
    });
    expect(card.back).toBe("Tetzel");
    // A selection inside a sentence: the blank is a term inside what was selected.
    const sentence = "The Eddystone Lighthouse was first lit in 1698 on rocks south of Plymouth.";
    expect(makeCards(sentence, { language: "en", focus: "rocks south of Plymouth" })[0].back).toBe(
      "Plymouth",
    );
    expect(makeCards(sentence, { language: "en", focus: "first lit in 1698" })[0].back).toBe("1698");
  });
});
