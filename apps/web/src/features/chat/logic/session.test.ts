import { describe, expect, it } from "vitest";
import type { SavedSessionRecord } from "@mnemo/contracts/chat";
import { chatMessages } from "@mnemo/contracts/messages";
import type { StreamLine } from "@mnemo/contracts/stream";
import {
  emptySession,
  isBusy,
  sessionReducer,
  trimQuery,
  type SessionAction,
  type SessionState,
} from "./session";

const ask = (key: string, query = "What is the mirror size?"): SessionAction => ({
  type: "ask",
  key,
  query,
  llm: null,
  searchType: [],
});
const lines = (key: string, ...l: StreamLine[]): SessionAction => ({ type: "lines", key, lines: l });
const run = (...actions: SessionAction[]): SessionState => actions.reduce(sessionReducer, emptySession);
const status = (s: SessionState, i = -1) => s.entries.at(i)?.item.status;

describe("chat item transitions (spec 1 §4)", () => {
  const cases: { name: string; actions: SessionAction[]; expected: string | undefined }[] = [
    { name: "a question starts loading", actions: [ask("a")], expected: "loading" },
    {
      name: "metadata without text stays loading",
      actions: [ask("a"), lines("a", { chat_id: "c1", sources: { results: [], relevantResultsCount: 0 } })],
      expected: "loading",
    },
    {
      name: "loading → streaming on the first chunk",
      actions: [ask("a"), lines("a", { chunk: "The mirror" })],
      expected: "streaming",
    },
    {
      name: "a thought chunk also counts as the first chunk",
      actions: [ask("a"), lines("a", { chunk: "<think>hmm" })],
      expected: "streaming",
    },
    {
      name: "streaming → success at end_of_data",
      actions: [ask("a"), lines("a", { chunk: "200 mm [1]" }), lines("a", { end_of_data: true })],
      expected: "success",
    },
    {
      name: "loading → success when the stream ends with no text",
      actions: [ask("a"), lines("a", { end_of_data: true })],
      expected: "success",
    },
    {
      name: "loading → error on a failed call",
      actions: [ask("a"), { type: "fail", key: "a", message: chatMessages.webSearchLimit }],
      expected: "error",
    },
    {
      name: "streaming → error on an error line",
      actions: [ask("a"), lines("a", { chunk: "x" }), lines("a", { error: "boom" }, { end_of_data: true })],
      expected: "error",
    },
    {
      name: "loading → cancelled when the user stops",
      actions: [ask("a"), { type: "cancel", key: "a" }],
      expected: "cancelled",
    },
    {
      name: "streaming → cancelled when the user stops",
      actions: [ask("a"), lines("a", { chunk: "partial" }), { type: "cancel", key: "a" }],
      expected: "cancelled",
    },
    {
      name: "cancelled ignores late lines",
      actions: [
        ask("a"),
        lines("a", { chunk: "p" }),
        { type: "cancel", key: "a" },
        lines("a", { chunk: "late" }, { end_of_data: true }),
      ],
      expected: "cancelled",
    },
    {
      name: "cancelled is not turned into error by the aborted fetch",
      actions: [ask("a"), { type: "cancel", key: "a" }, { type: "fail", key: "a", message: "aborted" }],
      expected: "cancelled",
    },
    {
      name: "success is not cancelled afterwards",
      actions: [ask("a"), lines("a", { chunk: "x" }, { end_of_data: true }), { type: "cancel", key: "a" }],
      expected: "success",
    },
  ];
  it.each(cases)("$name", ({ actions, expected }) => {
    expect(status(run(...actions))).toBe(expected);
  });

  it("keeps the partial answer of a cancelled item", () => {
    const s = run(ask("a"), lines("a", { chunk: "The mirror is " }), { type: "cancel", key: "a" });
    expect(s.entries[0].item.response).toBe("The mirror is ");
  });
});

describe("asking (spec 1 §4, §5)", () => {
  const busyCases: { name: string; before: SessionAction[]; accepted: boolean }[] = [
    { name: "ignored while the last item is loading", before: [ask("a")], accepted: false },
    {
      name: "ignored while the last item is streaming",
      before: [ask("a"), lines("a", { chunk: "x" })],
      accepted: false,
    },
    { name: "accepted after success", before: [ask("a"), lines("a", { end_of_data: true })], accepted: true },
    {
      name: "accepted after error",
      before: [ask("a"), { type: "fail", key: "a", message: "x" }],
      accepted: true,
    },
    { name: "accepted after cancel", before: [ask("a"), { type: "cancel", key: "a" }], accepted: true },
  ];
  it.each(busyCases)("a new question is $name", ({ before, accepted }) => {
    const s = run(...before, ask("b", "Another question"));
    expect(s.entries.length).toBe(accepted ? 2 : 1);
    expect(isBusy(s)).toBe(accepted || status(s) === "loading" || status(s) === "streaming");
  });

  it.each([
    ["  \t  ", 0],
    ["", 0],
    ["\t question \t", 1],
  ])("trims spaces and tabs and ignores empty input (%j)", (query, n) => {
    expect(run(ask("a", query)).entries.length).toBe(n);
  });
  it("trimQuery removes only leading and trailing spaces and tabs", () => {
    expect(trimQuery(" \tline one\nline two \t")).toBe("line one\nline two");
  });
});

describe("session bookkeeping", () => {
  it("learns the chat id from the first line that carries one", () => {
    expect(run(ask("a"), lines("a", { chat_id: "chat-1" })).chatId).toBe("chat-1");
  });
  it("regenerate replaces the item with a fresh loading one for the same question", () => {
    const s = run(ask("a", "Q1"), lines("a", { chunk: "old" }, { end_of_data: true }), {
      type: "regenerate",
      key: "a",
      newKey: "b",
      llm: "gpt",
    });
    expect(s.entries.map((e) => [e.key, e.item.query, e.item.status, e.item.response, e.item.llm])).toEqual([
      ["b", "Q1", "loading", "", "gpt"],
    ]);
  });
  it("regenerate is ignored while another answer is in progress", () => {
    const s = run(ask("a", "Q1"), lines("a", { end_of_data: true }), ask("b", "Q2"), {
      type: "regenerate",
      key: "a",
      newKey: "c",
      llm: null,
    });
    expect(s.entries.map((e) => e.key)).toEqual(["a", "b"]);
  });
  it("votes toggle on an item", () => {
    const s = run(ask("a"), lines("a", { end_of_data: true }), { type: "vote", key: "a", vote: 1 });
    expect(s.entries[0].vote).toBe(1);
    expect(sessionReducer(s, { type: "vote", key: "a", vote: null }).entries[0].vote).toBeNull();
  });
  it("loads saved records with answers, thoughts, sources and votes", () => {
    const source = { id: "s1", title: "Telescope", type: "page", snippet: "mirror", score: 1, citation: 1 };
    const record: SavedSessionRecord = {
      id: "t1",
      user_query: "Mirror?",
      answer: "200 mm [1]",
      thoughts: "looked at notes",
      follow_up_questions: ["Who ground it?"],
      sources: [source],
      metadata: { most_relevant_results: [source], other_results: [], source_id_map: { "1": "s1" } },
      status: "success",
      llm: "mnemo-extractive",
      search_types: ["memories"],
      created_at: new Date(0).toISOString(),
      vote: -1,
      saved_source_id: "m9",
    };
    const s = sessionReducer(emptySession, {
      type: "history",
      chatId: "c",
      records: [record, { ...record, id: "t2", status: "cancelled", thoughts: "" }],
    });
    const [first, second] = s.entries;
    expect([
      first.item.status,
      first.item.response,
      first.item.chainOfThoughts,
      first.item.isThinking,
      first.vote,
      first.turnId,
      first.savedSourceId,
    ]).toEqual(["success", "200 mm [1]", "looked at notes", false, -1, "t1", "m9"]);
    expect(first.item.sources.results).toEqual([source]);
    expect(first.item.relatedQuestions).toEqual(["Who ground it?"]);
    expect(second.item.status).toBe("cancelled");
    expect(isBusy(s)).toBe(false);
  });
  it("a saved turn keeps its typed tool steps; one stored before them reads its marked thoughts", () => {
    const record: SavedSessionRecord = {
      id: "t1",
      user_query: "Mirror?",
      answer: "200 mm",
      thoughts: "Looking.",
      follow_up_questions: [],
      sources: [],
      metadata: { most_relevant_results: [], other_results: [], source_id_map: {} },
      status: "success",
      llm: "research_agent",
      search_types: [],
      created_at: new Date(0).toISOString(),
    };
    const steps = [
      { id: "c1", name: "search_memories", status: "ok" as const, summary: "Found A [1]", at: 8 },
    ];
    const s = sessionReducer(emptySession, {
      type: "history",
      chatId: "c",
      records: [
        { ...record, tool_steps: steps },
        { ...record, id: "t2" },
      ],
    });
    expect(s.entries.map((e) => e.item.toolSteps)).toEqual([steps, null]);
    expect(s.entries[0].item.chainOfThoughts).toBe("Looking.");
  });
  it("a live item learns its stored turn from the head line and keeps its Saved state", () => {
    const s = run(ask("a"), lines("a", { chat_id: "c", turn_id: "t7" }, { chunk: "Hi" }), {
      type: "saved",
      key: "a",
      sourceId: "m1",
    });
    expect([s.entries[0].turnId, s.entries[0].savedSourceId]).toEqual(["t7", "m1"]);
  });
  it("a question asked while the history loaded stays after it (keep)", () => {
    const asked = run(ask("a"));
    const key = asked.entries[0].key;
    const loaded = sessionReducer(asked, { type: "history", chatId: "c", records: [], keep: [key] });
    expect([loaded.chatId, loaded.entries.map((e) => e.key)]).toEqual(["c", [key]]);
    expect(sessionReducer(asked, { type: "reset", keep: [key] }).entries).toHaveLength(1);
    expect(sessionReducer(asked, { type: "history", chatId: "c", records: [] }).entries).toHaveLength(0);
  });
  it("reset starts a fresh session", () => {
    expect(sessionReducer(run(ask("a")), { type: "reset" })).toEqual(emptySession);
  });
});
