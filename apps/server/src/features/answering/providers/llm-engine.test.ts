import { describe, expect, it } from "vitest";
import { simulateReadableStream } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import type { LanguageModelV3StreamPart } from "@ai-sdk/provider";
import type { AnswerEvent, AnswerInput } from "../engines/engine.ts";
import { createLlmEngine } from "./llm-engine.ts";
import { FOLLOW_UPS_MARKER } from "./prompt.ts";

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

function model(parts: LanguageModelV3StreamPart[]) {
  return new MockLanguageModelV3({
    doStream: async () => ({
      stream: simulateReadableStream<LanguageModelV3StreamPart>({
        chunks: [
          { type: "stream-start", warnings: [] },
          ...parts,
          { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage },
        ],
      }),
    }),
  });
}

const text = (...deltas: string[]): LanguageModelV3StreamPart[] => [
  { type: "text-start", id: "t" },
  ...deltas.map((delta): LanguageModelV3StreamPart => ({ type: "text-delta", id: "t", delta })),
  { type: "text-end", id: "t" },
];

const input = (over: Partial<AnswerInput> = {}): AnswerInput => ({
  question: "How big is the mirror?",
  passages: [
    {
      citation: 1,
      sourceId: "s1",
      title: "Telescope notes",
      text: "The mirror is 200 mm.",
      score: 3,
      type: "page",
    },
  ],
  mode: "memories",
  instructions: { custom: "Answer like an astronomer.", generation: "Answer in French." },
  history: [{ user_query: "Hi", answer: "Hello" }],
  signal: new AbortController().signal,
  ...over,
});

async function collect(it: AsyncIterable<AnswerEvent>) {
  const out: AnswerEvent[] = [];
  for await (const e of it) out.push(e);
  return out;
}

describe("LLM engine over an AI SDK model", () => {
  it("streams reasoning and text, and takes the model's follow-up questions after the marker", async () => {
    const m = model([
      { type: "reasoning-start", id: "r" },
      { type: "reasoning-delta", id: "r", delta: "Look at passage 1." },
      { type: "reasoning-end", id: "r" },
      ...text(
        "The mirror is 200 mm [1].",
        "\nFOLLOW-UP ",
        "QUESTIONS:\n- Who ground it?\n2. When was it ground?",
      ),
    ]);
    const events = await collect(createLlmEngine("m", m).answer(input()));
    expect(
      events
        .filter((e) => e.type === "reasoning")
        .map((e) => (e as { text: string }).text)
        .join(""),
    ).toBe("Look at passage 1.");
    const answer = events
      .filter((e) => e.type === "text")
      .map((e) => (e as { text: string }).text)
      .join("");
    expect(answer).toBe("The mirror is 200 mm [1].");
    expect(answer).not.toContain(FOLLOW_UPS_MARKER);
    expect(events.at(-1)).toEqual({
      type: "follow-ups",
      questions: ["Who ground it?", "When was it ground?"],
    });
  });

  it("puts passages, collection instructions, generation instructions and history into the prompt", async () => {
    const m = model(text("ok"));
    await collect(createLlmEngine("m", m).answer(input()));
    const prompt = JSON.stringify(m.doStreamCalls[0].prompt);
    expect(prompt).toContain("[1] Telescope notes");
    expect(prompt).toContain("The mirror is 200 mm.");
    expect(prompt).toContain("Answer like an astronomer.");
    expect(prompt).toContain("Answer in French.");
    expect(prompt).toContain("Hello");
  });

  it("sends no passages in creative mode and yields no follow-ups when the model gives none", async () => {
    const m = model(text("A poem."));
    const events = await collect(createLlmEngine("m", m).answer(input({ mode: "creative", passages: [] })));
    expect(JSON.stringify(m.doStreamCalls[0].prompt)).not.toContain("Passages:");
    expect(events).toEqual([{ type: "text", text: "A poem." }]);
  });
});
