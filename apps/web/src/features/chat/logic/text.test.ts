import { ApiError } from "@/lib/api";
import { describe, expect, it } from "vitest";
import { splitBlocks as blocksOf } from "./blocks";
import {
  defaultSourceCount,
  greetingWordsAt,
  answerErrorOf,
  isDailyLimit,
  isLongQuery,
  markdownToPlainText,
  savedMemoryMarkdown,
  savedMemoryTitle,
} from "./text";
import { hintDelay, hintSteps } from "./hints";
import { citationOf, remarkCitations } from "./citations";

describe("chat text rules", () => {
  it.each([
    ["a".repeat(250), true, false],
    ["a".repeat(251), true, true],
    ["a".repeat(251), false, false],
    ["1\n2\n3\n4", false, false],
    ["1\n2\n3\n4\n5", false, true],
  ])("long query collapse (%#)", (q, small, expected) => expect(isLongQuery(q, small)).toBe(expected));

  it("cuts the saved memory file name to 50 characters", () => {
    expect(savedMemoryTitle("x".repeat(80))).toHaveLength(50);
    expect(savedMemoryTitle("  short  question ")).toBe("short question");
  });

  it("saves an answer with its sources: citations link to them, renumbered, listed under Sources", () => {
    const sources = [
      { id: "m-a", type: "page", url: null, title: "Bread [notes]", citation: 1 },
      { id: "m-b", type: "page", url: null, title: "Starter", citation: 2 },
      {
        id: "https://w.example/x",
        type: "web_search",
        url: "https://w.example/x",
        title: "Web",
        citation: 3,
      },
    ];
    const answer = "Cool dough turns sour [2]. Rye helps [3]. Long proofs too [2] [9].";
    expect(savedMemoryMarkdown("  Why sour? ", answer, sources)).toBe(
      "## Why sour?\n\n" +
        "Cool dough turns sour [[1]](/?preview=m-b). Rye helps [[2]](https://w.example/x). " +
        "Long proofs too [[1]](/?preview=m-b).\n\n" +
        "### Sources\n\n1. [Starter](/?preview=m-b)\n2. [Web](https://w.example/x)\n",
    );
    // Through the source id map when a result has no citation number; no list without citations.
    expect(savedMemoryMarkdown("Q", "A [1].", [{ ...sources[0], citation: null }], { "1": "m-a" })).toBe(
      "## Q\n\nA [[1]](/?preview=m-a).\n\n### Sources\n\n1. [Bread \\[notes\\]](/?preview=m-a)\n",
    );
    expect(savedMemoryMarkdown("Q", "Plain answer.")).toBe("## Q\n\nPlain answer.\n");
  });

  it.each([
    [{ status: "error", errorCode: "daily_limit" }, true],
    [{ status: "error", errorCode: "plan_limit" }, false],
    [{ status: "error", errorCode: null }, false],
    [{ status: "success", errorCode: null }, false],
  ] as const)("Upgrade instead of Retry for %j", (item, expected) =>
    expect(isDailyLimit(item)).toBe(expected),
  );

  it("keeps the answer code of a refused /qna, whatever its text says", () => {
    const refused = (answer_error: unknown) =>
      new ApiError(403, "forbidden", "Daily Copilot limit reached.", { answer_error });
    expect(answerErrorOf(refused("daily_limit"))).toBe("daily_limit");
    expect(answerErrorOf(refused("plan_limit"))).toBe("plan_limit");
    expect(answerErrorOf(refused("made_up"))).toBeNull();
    expect(answerErrorOf(new ApiError(403, "forbidden", "Daily Copilot limit reached."))).toBeNull();
    expect(answerErrorOf(new Error("Daily Copilot limit reached."))).toBeNull();
  });

  it.each([
    [2, 8, 2],
    [0, 8, 5],
    [7, 8, 5],
    [0, 3, 3],
  ])("source cards: relevant %i of %i shows %i", (relevant, total, shown) =>
    expect(defaultSourceCount(relevant, total)).toBe(shown),
  );

  it.each([
    [0, ""],
    [1499, ""],
    [1500, "Hello!"],
    [1565, "Hello! How"],
    [99999, "Hello! How can I help you?"],
  ])("greeting at %i ms", (ms, text) =>
    expect(greetingWordsAt("Hello! How can I help you?", ms, 1500, 65)).toBe(text),
  );

  it("plain text drops marks, links and citations", () => {
    expect(
      markdownToPlainText(
        "## Title\n\nThe **mirror** is `200 mm` [1], see [site](https://x.y).\n\n- one\n- two",
      ),
    ).toBe("Title\n\nThe mirror is 200 mm, see site.\n\n• one\n• two");
  });
});

describe("loading hints (spec 1 §4)", () => {
  it.each([
    [[], ["Understanding...", "Searching memories...", "Compiling..."]],
    [["web"], ["Understanding...", "Searching the web...", "Searching memories...", "Compiling..."]],
    [
      ["creative", "web"],
      ["Understanding...", "Compiling..."],
    ],
  ])("steps for modes %j", (modes, steps) => expect(hintSteps(modes)).toEqual(steps));
  it("names at most 10 integrations", () => {
    const apps = Array.from({ length: 12 }, (_, i) => `App${i}`);
    expect(hintSteps(["apps"], apps)[1]).toBe(`Looking through apps: ${apps.slice(0, 10).join(", ")}...`);
  });
  it("first step at 3 s, later steps between 2 and 6 s", () => {
    expect(hintDelay(0, 0.5)).toBe(3000);
    expect([hintDelay(1, 0), hintDelay(2, 0.999)]).toEqual([2000, 5996]);
  });
});

describe("citations and blocks", () => {
  it("turns [n] in text into citation links, not inside code", () => {
    const tree = {
      type: "root",
      children: [
        {
          type: "paragraph",
          children: [
            { type: "text", value: "Mirror [1] and [12]." },
            { type: "inlineCode", value: "[3]" },
          ],
        },
      ],
    };
    remarkCitations()(tree);
    const kids = tree.children[0].children as { type: string; url?: string; value?: string }[];
    expect(kids.map((k) => k.type)).toEqual(["text", "link", "text", "link", "text", "inlineCode"]);
    expect(citationOf(kids[1].url)).toBe(1);
    expect(citationOf(kids[3].url)).toBe(12);
    expect(citationOf("https://example.com")).toBeNull();
    // The space before a citation does not break: the chip never starts a line alone.
    expect(kids[0].value).toBe("Mirror\u00a0");
    expect(kids[2].value).toBe(" and\u00a0");
  });
  it("splits blocks at blank lines but never inside a code fence", () => {
    expect(blocksOf("a\n\nb\n\n```\nx\n\ny\n```\n\nc")).toEqual(["a", "b", "```\nx\n\ny\n```", "c"]);
  });
});
