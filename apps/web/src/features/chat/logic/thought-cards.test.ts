import { describe, expect, it } from "vitest";
import { agentTexts, type PlacedToolStep } from "@mnemo/contracts/stream";
import { legacyThoughtPieces, thoughtPieces, type ThoughtPiece } from "./thought-cards";

const mirrorCard: ThoughtPiece = {
  kind: "tool",
  title: "Search memories: “mirror”",
  outcome: [{ ok: true, text: "Found Telescope [1]" }],
};
const failedCard: ThoughtPiece = {
  kind: "tool",
  title: "Search the web: “x”",
  outcome: [{ ok: false, text: "The tool failed: timeout" }],
};

describe("thoughtPieces (typed steps)", () => {
  const cases: [string, string, PlacedToolStep[], ThoughtPiece[]][] = [
    ["plain reasoning stays text", "Thinking about it.", [], [{ kind: "text", text: "Thinking about it." }]],
    [
      "a tool call and its result make one card",
      "",
      [
        {
          id: "c1",
          name: "search_memories",
          query: "mirror",
          status: "ok",
          summary: "Found Telescope [1]",
          at: 0,
        },
      ],
      [mirrorCard],
    ],
    [
      "a failed call shows its error; text after it is text",
      "Then I answered.",
      [{ id: "c1", name: "search_web", query: "x", status: "error", error: "timeout", at: 0 }],
      [failedCard, { kind: "text", text: "Then I answered." }],
    ],
    [
      "cards go where they were placed in the text",
      "Looking first.\nNow the web.\nDone.",
      [
        {
          id: "c1",
          name: "search_memories",
          query: "mirror",
          status: "ok",
          summary: "Found Telescope [1]",
          at: 15,
        },
        { id: "c2", name: "search_web", query: "x", status: "error", error: "timeout", at: 28 },
      ],
      [
        { kind: "text", text: "Looking first." },
        mirrorCard,
        { kind: "text", text: "Now the web." },
        failedCard,
        { kind: "text", text: "Done." },
      ],
    ],
    [
      "a call still running, or the proposed e-mail, has no outcome yet",
      "",
      [{ id: "c1", name: "send_email", status: "running", at: 0 }],
      [{ kind: "tool", title: "Compose an e-mail", outcome: [] }],
    ],
    [
      "a note (an MCP server that did not answer) is a card of its own",
      "",
      [{ id: "n1", status: "error", error: "The MCP server Stars did not answer within 10 s.", at: 0 }],
      [{ kind: "tool", title: "The MCP server Stars did not answer within 10 s.", outcome: [] }],
    ],
  ];
  it.each(cases)("%s", (_name, thoughts, steps, expected) => {
    expect(thoughtPieces(thoughts, steps)).toEqual(expected);
  });
});

describe("legacyThoughtPieces (turns stored with marked lines)", () => {
  it.each([
    ["plain reasoning stays text", "Thinking about it.", [{ kind: "text", text: "Thinking about it." }]],
    [
      "a tool call and its result make one card",
      `\n${agentTexts.toolCallMark} Search memories: “mirror”\n${agentTexts.resultMark} Found Telescope [1]\n`,
      [mirrorCard],
    ],
    [
      "a failed call shows its error; text after it is text",
      `${agentTexts.toolCallMark} Search the web: “x”\n${agentTexts.errorMark} The tool failed: timeout\nThen I answered.`,
      [failedCard, { kind: "text", text: "Then I answered." }],
    ],
    [
      "a note line is a card of its own",
      `${agentTexts.errorMark} The MCP server Stars did not answer within 10 s.\n`,
      [{ kind: "tool", title: "The MCP server Stars did not answer within 10 s.", outcome: [] }],
    ],
  ])("%s", (_name, thoughts, expected) => {
    expect(legacyThoughtPieces(thoughts)).toEqual(expected);
  });
});
