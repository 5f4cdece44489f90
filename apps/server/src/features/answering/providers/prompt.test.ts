import { describe, expect, it } from "vitest";
import { answerLanguageLine, buildSystemPrompt } from "./prompt.ts";
import type { AnswerInput } from "../engines/engine.ts";

const input = (question: string): AnswerInput => ({
  question,
  passages: [],
  mode: "memories",
  instructions: {},
  history: [],
  signal: new AbortController().signal,
});

describe("prompt language", () => {
  it.each([
    ["Wie viele Punkte gab die Verteidigung der Panthers ab?", "Answer in German"],
    ["¿Cuántos puntos permitió la defensa de los Panthers?", "Answer in Spanish"],
    ["黑豹队的防守丢了多少分？", "Answer in Chinese"],
    ["How many points did the defense give up?", "Answer in English"],
    ["42", "Answer in the language the question is written in"],
  ])("asks for the question's language: %s", (question, line) => {
    expect(answerLanguageLine(question)).toContain(line);
    expect(buildSystemPrompt(input(question))).toContain(line);
  });
  it("keeps the no-context words the stronger-model hint keys on", () => {
    expect(buildSystemPrompt(input("Wo liegt das?"))).toContain(
      "I couldn't find relevant context in your memories",
    );
  });
});
