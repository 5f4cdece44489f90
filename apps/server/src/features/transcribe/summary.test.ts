import { describe, expect, it } from "vitest";
import { MockLanguageModelV3 } from "ai/test";
import {
  extractiveSummary,
  FALLBACK_TITLE,
  modelDigest,
  offlineDigest,
  titleFromFirstSentence,
} from "./summary.ts";

const meeting = [
  "Welcome to the quarterly planning meeting for the mobile app.",
  "First, the mobile app release moves to March because the payment provider needs more testing.",
  "Someone asked about lunch options near the office.",
  "The payment provider testing will be owned by Dana, and the release checklist by Omar.",
  "We also talked about the weather for a minute.",
  "To close, the mobile app budget for March is approved, and the release date is final.",
].join(" ");

describe("offline summary and title", () => {
  it("keeps the transcript's most central sentences, in spoken order", () => {
    const summary = extractiveSummary(meeting);
    const picked = summary.split(/(?<=\.)\s+/);
    expect(picked).toHaveLength(3);
    expect(summary).toContain("release moves to March");
    expect(summary).not.toContain("lunch");
    expect(summary).not.toContain("weather");
    const order = picked.map((s) => meeting.indexOf(s));
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });

  it("keeps a short transcript whole", () => {
    expect(extractiveSummary("Only one thing was said.")).toBe("Only one thing was said.");
  });

  it("titles from the first sentence, cut to a few words", () => {
    expect(titleFromFirstSentence(meeting)).toBe("Welcome to the quarterly planning meeting for the…");
    expect(titleFromFirstSentence("Budget approved.")).toBe("Budget approved");
    expect(titleFromFirstSentence("")).toBe(FALLBACK_TITLE);
    expect(offlineDigest("Budget approved.").summary).toBe("Budget approved.");
  });
});

describe("summary by the configured language model", () => {
  const modelAnswering = (text: string) =>
    new MockLanguageModelV3({
      doGenerate: async () => ({
        content: [{ type: "text", text }],
        finishReason: { unified: "stop", raw: "stop" },
        usage: {
          inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 },
          outputTokens: { total: 10, text: 10, reasoning: 0 },
        },
        warnings: [],
      }),
    });

  it("reads the title from the first line and the summary after it", async () => {
    const digest = await modelDigest(
      modelAnswering('Title: "Mobile app planning"\n\nThe release moves to March. The budget is approved.'),
      meeting,
    );
    expect(digest).toEqual({
      title: "Mobile app planning",
      summary: "The release moves to March. The budget is approved.",
    });
  });

  it("refuses an answer without a summary (the caller falls back to the offline one)", async () => {
    await expect(modelDigest(modelAnswering("Just a title"), meeting)).rejects.toThrow();
  });
});
