import { describe, expect, it } from "vitest";
import { f1Score, normalizeAnswer, scoreAnswer, scoreCitations } from "./qa.ts";

describe("SQuAD v1.1 scoring", () => {
  it.each([
    ["The Denver Broncos!", "denver broncos"],
    ["  an   apple, a day ", "apple day"],
    ["Luke Kuechly.", "luke kuechly"],
  ])("normalises %j", (raw, norm) => expect(normalizeAnswer(raw)).toBe(norm));

  it.each([
    { answer: "Denver Broncos", golds: ["the Denver Broncos"], em: 1, f1: 1, contained: 1 },
    { answer: "The Broncos won with 24 points [1].", golds: ["24"], em: 0, contained: 1 },
    { answer: "He had 136 sacks [2].", golds: ["118"], em: 0, f1: 0, contained: 0 },
    { answer: "Kurt Coleman led [1].", golds: ["Josh Norman", "Kurt Coleman"], em: 0, contained: 1 },
  ])("scores $answer against $golds", ({ answer, golds, em, f1, contained }) => {
    const s = scoreAnswer(answer, golds);
    expect(s.em).toBe(em);
    expect(s.contained).toBe(contained);
    if (f1 !== undefined) expect(s.f1).toBeCloseTo(f1);
  });

  it("takes F1 over tokens and counts words without citations", () => {
    expect(f1Score("Kurt Coleman led", "Kurt Coleman")).toBeCloseTo(0.8);
    expect(scoreAnswer("One two [1] three [12].", ["x"]).words).toBe(3);
  });
});

describe("citation accuracy", () => {
  const result = (id: string, citation: number, quote: string) => ({
    id,
    title: id,
    type: "file",
    snippet: "the card's snippet",
    score: 1,
    citation,
    anchor: { chunk_id: `${id}:0`, start: 0, end: quote.length, heading: "", quote },
  });
  const answer = (response: string, results: ReturnType<typeof result>[]) => ({
    response,
    sources: { results, relevantResultsCount: results.length },
    sourceIdMap: Object.fromEntries(results.map((r) => [String(r.citation), r.id])),
  });

  it("counts every chip, those on the gold memory, and whether the cited passages hold the answer", () => {
    const a = answer("The Broncos scored 24 points [1]. Their defence led the league [2][1].", [
      result("gold", 1, "The Denver Broncos scored 24 points in the final."),
      result("other", 2, "Defence wins titles."),
    ]);
    expect(scoreCitations(a, "gold", ["24 points"])).toEqual({ chips: 3, onGold: 2, contains: 1 });
    // The answer holds the fact but the cited passage does not: not contained.
    expect(scoreCitations(a, "other", ["led the league"])).toEqual({ chips: 3, onGold: 1, contains: 0 });
  });

  it("an answer without chips cites nothing and contains nothing", () => {
    expect(scoreCitations(answer("No relevant memories.", []), "gold", ["x"])).toEqual({
      chips: 0,
      onGold: 0,
      contains: 0,
    });
  });
});
