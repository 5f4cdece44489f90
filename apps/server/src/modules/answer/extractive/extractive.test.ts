import { describe, expect, it } from "vitest";
import { answerTexts } from "@mnemo/contracts/stream";
import { contentTerms, countWords, proseSentence, splitSentences, stem } from "./text.ts";
import { answerType, scoreSentences, selectAnswer, type Passage } from "./select.ts";
import { deriveFollowUps } from "./followups.ts";
import { createExtractiveEngine } from "./engine.ts";
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

describe("sentence selection", () => {
  it.each([
    ["How many career sacks did Jared Allen have?", "136"],
    ["How many points did the Panthers defense surrender?", "308"],
    ["How many tackles did Kuechly have?", "118"],
    ["Who led the team in sacks?", "Kawann Short"],
  ])("puts the answer to %j in the best sentence", (q, answer) => {
    expect(scoreSentences(q, [panthers, weather])[0].text).toContain(answer);
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
  it("is not confident when nothing shares terms with the question", () => {
    expect(selectAnswer("What is the capital of Mongolia?", [panthers, weather]).confident).toBe(false);
    expect(selectAnswer("anything", []).confident).toBe(false);
  });
});

const cited = (p: Passage, citation: number): CitedPassage => ({ ...p, citation, type: "page" });

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

describe("prose of Markdown sentences", () => {
  it.each([
    ["# Late addition", null],
    ["## Page 2", null],
    ["- A hermit crab moved into a larger shell.", "A hermit crab moved into a larger shell."],
    ["1. First, knead the dough.", "First, knead the dough."],
    ["> Quoted **bold** claim with `code`.", "Quoted bold claim with code."],
    ["See [the guide](https://example.com/guide) for details.", "See the guide for details."],
    ["Plain sentence.", "Plain sentence."],
  ])("%s → %s", (input, expected) => {
    expect(proseSentence(input)).toBe(expected);
  });
});
