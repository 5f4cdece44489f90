import { describe, expect, it } from "vitest";
import { agentTexts } from "@mnemo/contracts/stream";
import { thoughtPieces } from "./thought-cards";

describe("thoughtPieces", () => {
  it.each([
    ["plain reasoning stays text", "Thinking about it.", [{ kind: "text", text: "Thinking about it." }]],
    [
      "a tool call and its result make one card",
      `\n${agentTexts.toolCallMark} Search memories: “mirror”\n${agentTexts.resultMark} Found Telescope [1]\n`,
      [
        {
          kind: "tool",
          title: "Search memories: “mirror”",
          outcome: [{ ok: true, text: "Found Telescope [1]" }],
        },
      ],
    ],
    [
      "a failed call shows its error; text after it is text",
      `${agentTexts.toolCallMark} Search the web: “x”\n${agentTexts.errorMark} The tool failed: timeout\nThen I answered.`,
      [
        {
          kind: "tool",
          title: "Search the web: “x”",
          outcome: [{ ok: false, text: "The tool failed: timeout" }],
        },
        { kind: "text", text: "Then I answered." },
      ],
    ],
  ])("%s", (_name, thoughts, expected) => {
    expect(thoughtPieces(thoughts)).toEqual(expected);
  });
});
