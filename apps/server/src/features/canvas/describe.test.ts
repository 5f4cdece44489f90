import { describe, expect, it } from "vitest";
import { simulateReadableStream } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import type { LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { createLlmEngine } from "../answering/providers/llm-engine.ts";
import { describeWithModel, descriptionFromText } from "./describe.ts";
import { canvasTitle, canvasWords } from "../../core/ingest/extractors/canvas.ts";

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 5, text: 5, reasoning: 0 },
};

describe("canvas words and descriptions", () => {
  it("reads text elements and frame names top to bottom, skipping deleted ones", () => {
    const doc = {
      type: "excalidraw",
      elements: [
        { type: "text", text: "second", originalText: "Second line", x: 0, y: 50 },
        { type: "rectangle", x: 0, y: 0 },
        { type: "text", text: "First", x: 10, y: 0 },
        { type: "text", text: "gone", x: 0, y: 5, isDeleted: true },
        { type: "frame", name: "Roadmap", x: 0, y: 100 },
      ],
    };
    expect(canvasWords(doc)).toEqual(["First", "Second line", "Roadmap"]);
  });

  it.each([
    ["not an object", 42],
    ["another format", { type: "tldraw", elements: [] }],
    ["elements missing", { type: "excalidraw" }],
  ])("refuses %s as a corrupt canvas", (_name, doc) => {
    expect(() => canvasWords(doc)).toThrow(/canvas/i);
  });

  it("keeps a canvas's title without its .txt file extension", () => {
    expect(canvasTitle("Board.txt")).toBe("Board");
    expect(canvasTitle(".txt")).toBe("Untitled canvas");
  });

  it("describes by the canvas's words, cut at a word boundary", () => {
    expect(descriptionFromText("Sprint  plan\n\nShip the mind map")).toBe("Sprint plan Ship the mind map");
    const long = descriptionFromText("word ".repeat(200));
    expect(long.length).toBeLessThanOrEqual(280);
    expect(long.endsWith("word…")).toBe(true);
  });

  it("asks a language model (AI SDK test model) and drops its citation marks", async () => {
    let prompt = "";
    const model = new MockLanguageModelV3({
      doStream: async (options) => {
        prompt = JSON.stringify(options.prompt);
        return {
          stream: simulateReadableStream<LanguageModelV3StreamPart>({
            chunks: [
              { type: "stream-start", warnings: [] },
              { type: "text-start", id: "t" },
              { type: "text-delta", id: "t", delta: "A sprint plan for shipping the mind map [1]." },
              { type: "text-end", id: "t" },
              { type: "finish", finishReason: { unified: "stop", raw: "stop" }, usage },
            ],
          }),
        };
      },
    });
    const text = await describeWithModel(createLlmEngine("mock", model), {
      id: "c1",
      title: "Board.txt",
      text: "Sprint plan\n\nShip the mind map",
    });
    expect(text).toBe("A sprint plan for shipping the mind map.");
    expect(prompt).toContain("Ship the mind map");
  });
});
