import { describe, expect, it } from "vitest";
import { zStoppedAnswerInput, zSavedSessionRecord } from "./chat.ts";
import { applyStreamLine, createNdjsonDecoder, newChatItem, type StreamLine } from "./stream.ts";
import { foldToolSteps, toolStepTitle, zToolStep, type PlacedToolStep } from "./tool-steps.ts";

const run = (lines: StreamLine[]) => lines.reduce((s, l) => applyStreamLine(s, l), newChatItem("q"));

describe("tool steps on the stream", () => {
  it("decodes a tool_step line and refuses one without id or with an unknown status", () => {
    const d = createNdjsonDecoder();
    const lines = d.push(
      [
        '{"tool_step":{"id":"c1","name":"search_memories","query":"mirror","status":"running"}}',
        '{"tool_step":{"name":"search_memories","status":"running"}}',
        '{"tool_step":{"id":"c1","status":"done"}}',
        "",
      ].join("\n"),
    );
    expect(lines).toEqual([
      { tool_step: { id: "c1", name: "search_memories", query: "mirror", status: "running" } },
    ]);
    expect(d.invalid).toBe(2);
  });

  it("places each step after the thoughts so far; its outcome keeps the place and the call", () => {
    const s = run([
      { chunk: "<think>Looking. " },
      { tool_step: { id: "c1", name: "search_memories", query: "mirror", status: "running" } },
      { chunk: "Found it." },
      { tool_step: { id: "c1", status: "ok", summary: "Found Telescope [1]" } },
      { tool_step: { id: "c2", name: "search_web", query: "x", status: "running" } },
      { tool_step: { id: "c2", status: "error", error: "timeout" } },
      { chunk: "</think>Answer" },
    ]);
    expect(s.chainOfThoughts).toBe("Looking. Found it.");
    expect(s.response).toBe("Answer");
    expect(s.toolStepLines).toBe(4);
    expect(s.toolSteps).toEqual([
      {
        id: "c1",
        name: "search_memories",
        query: "mirror",
        status: "ok",
        summary: "Found Telescope [1]",
        at: "Looking. ".length,
      },
      {
        id: "c2",
        name: "search_web",
        query: "x",
        status: "error",
        error: "timeout",
        at: "Looking. Found it.".length,
      },
    ]);
  });

  it("a tool line first makes the item streaming; a new item has no steps", () => {
    expect(newChatItem("q")).toMatchObject({ toolSteps: [], toolStepLines: 0 });
    const s = run([
      { tool_step: { id: "n1", status: "error", error: "The MCP server Stars did not answer." } },
    ]);
    expect(s.status).toBe("streaming");
    expect(s.toolSteps).toHaveLength(1);
  });
});

describe("toolStepTitle", () => {
  it.each([
    [{ id: "1", name: "search_memories", query: "mirror", status: "running" }, "Search memories: “mirror”"],
    [{ id: "2", name: "send_email", status: "running" }, "Compose an e-mail"],
    [{ id: "3", name: "star_lookup", title: "Star lookup", status: "ok" }, "Star lookup"],
    [{ id: "4", name: "star_lookup", query: "Vega", status: "ok" }, "Tool star_lookup: “Vega”"],
    [
      { id: "5", status: "error", error: "Stopped at the step budget (3 steps)." },
      "Stopped at the step budget (3 steps).",
    ],
  ] as const)("%j → %s", (step, title) => {
    expect(toolStepTitle(zToolStep.parse(step))).toBe(title);
  });
});

describe("stored tool steps", () => {
  const lines: PlacedToolStep[] = [
    { id: "c1", name: "search_memories", query: "a", status: "running", at: 0 },
    { id: "c1", status: "ok", summary: "Found A [1]", at: 4 },
    { id: "c2", name: "search_web", query: "b", status: "running", at: 9 },
    { id: "c2", status: "ok", summary: "Found B [2]", at: 9 },
  ];
  it("fold to one step per call, at the call's place", () => {
    expect(foldToolSteps(lines)).toEqual([
      { id: "c1", name: "search_memories", query: "a", status: "ok", summary: "Found A [1]", at: 0 },
      { id: "c2", name: "search_web", query: "b", status: "ok", summary: "Found B [2]", at: 9 },
    ]);
  });
  it("a stopped answer keeps the lines the reader had seen", () => {
    expect(foldToolSteps(lines, 3)).toEqual([
      { id: "c1", name: "search_memories", query: "a", status: "ok", summary: "Found A [1]", at: 0 },
      { id: "c2", name: "search_web", query: "b", status: "running", at: 9 },
    ]);
    expect(foldToolSteps(lines, 0)).toEqual([]);
  });
  it("a history record may carry them, and a record stored before them still parses", () => {
    const record = {
      id: "t1",
      user_query: "q",
      answer: "a",
      thoughts: "",
      follow_up_questions: [],
      sources: [],
      metadata: { most_relevant_results: [], other_results: [], source_id_map: {} },
      status: "success",
      llm: null,
      search_types: [],
      created_at: "2026-01-01T00:00:00.000Z",
    };
    expect(zSavedSessionRecord.parse(record).tool_steps).toBeUndefined();
    expect(
      zSavedSessionRecord.parse({ ...record, tool_steps: foldToolSteps(lines) }).tool_steps,
    ).toHaveLength(2);
  });
  it("a stopped answer may say how many tool lines were shown", () => {
    const stop = { chat_id: "c", turn_id: "t", answer: "a" };
    expect(zStoppedAnswerInput.parse({ ...stop, tool_step_lines: 3 }).tool_step_lines).toBe(3);
    expect(zStoppedAnswerInput.safeParse({ ...stop, tool_step_lines: -1 }).success).toBe(false);
  });
});
