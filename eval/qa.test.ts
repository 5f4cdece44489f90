import { describe, expect, it } from "vitest";
import { f1Score, normalizeAnswer, scoreAnswer } from "./qa.ts";

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
