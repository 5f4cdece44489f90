import { answerTexts } from "@mnemo/contracts/stream";
import type { AnswerInput } from "../engines/engine.ts";
import { detect } from "../../../platform/lib/language.ts";

const languageNames = new Intl.DisplayNames(["en"], { type: "language" });

/** The instruction to answer in the question's language (named when the detector is sure of it). */
export function answerLanguageLine(question: string): string {
  const { language, reliable } = detect(question);
  const name = reliable ? languageNames.of(language) : undefined;
  return name
    ? `Answer in ${name}, the language of the question, whatever the language of the passages.`
    : "Answer in the language the question is written in, whatever the language of the passages.";
}

/** The line after which the model lists its follow-up questions (stripped from the answer). */
export const FOLLOW_UPS_MARKER = "FOLLOW-UP QUESTIONS:";

/** The system prompt: role, citation rules, the instructions in force, the follow-up format. */
export function buildSystemPrompt(input: AnswerInput): string {
  const parts = [
    "You are Mnemo, the user's AI second brain.",
    input.mode === "creative"
      ? "Answer from your general knowledge; no memories are attached in creative mode."
      : `Answer the question from the numbered passages of the user's memories. Cite each fact with the passage number in square brackets, like [1]. If the passages do not answer the question, start with the English words "${answerTexts.noRelevantContext}." and go on in the question's language.`,
    answerLanguageLine(input.question),
    "Be concise.",
  ];
  if (input.userSystemDate) parts.push(`The user's current date is ${input.userSystemDate}.`);
  if (input.instructions.custom?.trim())
    parts.push(`Collection instructions:\n${input.instructions.custom.trim()}`);
  if (input.instructions.generation?.trim())
    parts.push(`The user's instructions for answers:\n${input.instructions.generation.trim()}`);
  parts.push(
    `After the answer, write a line "${FOLLOW_UPS_MARKER}" followed by two to four short follow-up questions the user might ask next, in the question's language, one per line.`,
  );
  return parts.join("\n\n");
}

/** The user message: the numbered passages (memories mode), then the question. */
export function buildUserPrompt(input: AnswerInput): string {
  if (input.mode === "creative" || input.passages.length === 0) return input.question;
  const blocks = input.passages.map((p) => `[${p.citation}] ${p.title}\n${p.text}`);
  return `Passages:\n\n${blocks.join("\n\n")}\n\nQuestion: ${input.question}`;
}

/** The follow-up questions listed after the marker: one per line, list bullets removed. */
export function splitFollowUps(text: string): string[] {
  return text
    .split("\n")
    .map((l) => l.replace(/^\s*(?:[-*•]|\d+[.)])\s*/, "").trim())
    .filter((l) => l.length > 2)
    .slice(0, 4);
}
