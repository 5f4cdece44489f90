import { noRelevantContextFor } from "./answer-locale.ts";
import { describe, expect, it } from "vitest";
import {
  answerTexts,
  applyStreamLine,
  cancelChatItem,
  createNdjsonDecoder,
  failChatItem,
  newChatItem,
  readChatStream,
  type ChatItemState,
  type StreamLine,
} from "./stream.ts";
import { zChatRequest } from "./chat.ts";

const run = (lines: StreamLine[], init: ChatItemState = newChatItem("q"), opts = {}) =>
  lines.reduce((s, l) => applyStreamLine(s, l, opts), init);
const chunks = (...texts: string[]): StreamLine[] => texts.map((chunk) => ({ chunk }));

describe("thinking and answer split", () => {
  const cases: { name: string; chunks: string[]; thoughts: string; answer: string; thinking: boolean }[] = [
    {
      name: "plain answer",
      chunks: ["Hello ", "world"],
      thoughts: "",
      answer: "Hello world",
      thinking: false,
    },
    {
      name: "thoughts then answer in one chunk",
      chunks: ["<think>plan</think>Answer"],
      thoughts: "plan",
      answer: "Answer",
      thinking: false,
    },
    {
      name: "thinking spans chunks",
      chunks: ["<think>a ", "b ", "c</think>", "done"],
      thoughts: "a b c",
      answer: "done",
      thinking: false,
    },
    { name: "still thinking", chunks: ["<think>working"], thoughts: "working", answer: "", thinking: true },
    {
      name: "start marker split across chunks",
      chunks: ["<th", "ink>x</think>y"],
      thoughts: "x",
      answer: "y",
      thinking: false,
    },
    {
      name: "end marker split across chunks",
      chunks: ["<think>x</th", "ink>y"],
      thoughts: "x",
      answer: "y",
      thinking: false,
    },
    {
      name: "end marker split in three",
      chunks: ["<think>x<", "/thi", "nk>y"],
      thoughts: "x",
      answer: "y",
      thinking: false,
    },
    {
      name: "leading whitespace before marker",
      chunks: ["\n<think>t</think>a"],
      thoughts: "t",
      answer: "a",
      thinking: false,
    },
    {
      name: "marker mid-chunk is answer text",
      chunks: ["use <think> tags"],
      thoughts: "",
      answer: "use <think> tags",
      thinking: false,
    },
    {
      name: "a '<' inside thoughts that is no marker",
      chunks: ["<think>a<b", " c</think>d"],
      thoughts: "a<b c",
      answer: "d",
      thinking: false,
    },
    {
      name: "second thinking block",
      chunks: ["<think>a</think>", "b", "<think>c</think>", "d"],
      thoughts: "ac",
      answer: "bd",
      thinking: false,
    },
  ];
  it.each(cases)("$name", ({ chunks: cs, thoughts, answer, thinking }) => {
    const s = run(chunks(...cs));
    expect(s.chainOfThoughts).toBe(thoughts);
    expect(s.response).toBe(answer);
    expect(s.isThinking).toBe(thinking);
  });

  it("flushes a held partial marker at the end of data", () => {
    const s = run([...chunks("price <"), { end_of_data: true }]);
    expect(s.response).toBe("price <");
  });
});

describe("status transitions", () => {
  const cases: { name: string; lines: StreamLine[]; status: ChatItemState["status"]; first: boolean }[] = [
    {
      name: "loading until the first chunk",
      lines: [{ original_llm: "m" }],
      status: "loading",
      first: false,
    },
    {
      name: "sources alone keep loading",
      lines: [{ sources: { results: [], relevantResultsCount: 0 } }],
      status: "loading",
      first: false,
    },
    { name: "first chunk starts streaming", lines: chunks("a"), status: "streaming", first: true },
    {
      name: "end of data is success",
      lines: [...chunks("a"), { end_of_data: true }],
      status: "success",
      first: true,
    },
    {
      name: "an error line is error",
      lines: [...chunks("a"), { error: "boom" }, { end_of_data: true }],
      status: "error",
      first: true,
    },
  ];
  it.each(cases)("$name", ({ lines, status, first }) => {
    const s = run(lines);
    expect(s.status).toBe(status);
    expect(s.isFirstChunkReceived).toBe(first);
  });

  it("cancel stops applying lines and error keeps the server text", () => {
    const cancelled = cancelChatItem(run(chunks("partial")));
    expect(cancelled.status).toBe("cancelled");
    expect(applyStreamLine(cancelled, { chunk: "more" }).response).toBe("partial");
    expect(cancelChatItem(run([...chunks("a"), { end_of_data: true }])).status).toBe("success");
    expect(failChatItem(newChatItem("q"), "Daily Copilot limit reached.", "daily_limit")).toMatchObject({
      status: "error",
      error: "Daily Copilot limit reached.",
      errorCode: "daily_limit",
    });
    expect(failChatItem(newChatItem("q"), "Network down.")).toMatchObject({ errorCode: null });
  });

  it("an error line carries its code", () => {
    expect(run([{ chunk: "a" }, { error: "Failed.", error_code: "upstream" }])).toMatchObject({
      status: "error",
      error: "Failed.",
      errorCode: "upstream",
    });
    expect(run([{ error: "Failed." }]).errorCode).toBeNull();
  });

  it("keeps the selected apps that could not be searched", () => {
    expect(
      run([{ apps_not_searched: ["GitHub"] }, { chunk: "a", end_of_data: true }]).appsNotSearched,
    ).toEqual(["GitHub"]);
    expect(run([{ chunk: "a", end_of_data: true }]).appsNotSearched).toEqual([]);
  });
});

describe("every line key", () => {
  const src = { id: "s1", title: "T", type: "file", snippet: "x", score: 1, citation: 1 };
  const cases: { line: StreamLine; expect: Partial<ChatItemState> }[] = [
    {
      line: { sources: { results: [src], relevantResultsCount: 1 } },
      expect: { sources: { results: [src], relevantResultsCount: 1 } },
    },
    { line: { most_relevant_results: [src] }, expect: { mostRelevantResults: [src] } },
    { line: { other_results: [src] }, expect: { otherResults: [src] } },
    { line: { source_id_map: { "1": "s1" } }, expect: { sourceIdMap: { "1": "s1" } } },
    {
      line: { follow_up_questions: ["Why?", "How?"] },
      expect: { relatedQuestions: ["Why?", "How?"], is_agent_routing_followup_question: false },
    },
    { line: { follow_up_questions: ["Yes", "No"] }, expect: { is_agent_routing_followup_question: true } },
    { line: { tool_call_tool_name: "send_email" }, expect: { tool_call_tool_name: "send_email" } },
    { line: { tool_call_params: { to: "a@b.c" } }, expect: { tool_call_params: { to: "a@b.c" } } },
    { line: { final_results_search_types: ["web"] }, expect: { searchType: ["web"] } },
    { line: { original_llm: "gpt" }, expect: { llm: "gpt" } },
    { line: { original_search_tools: ["web"] }, expect: {} },
    { line: { agent_re_routed: true }, expect: { isAgentReRouted: true } },
    { line: { agent_re_routing_complete: true }, expect: { isAgentReRoutingComplete: true } },
    { line: { reroute: "research_agent" }, expect: { isAgentReRouted: true } },
    { line: { added_echo_memory: true }, expect: { isEchoMemory: true } },
    { line: { chat_id: "c1" }, expect: { chatId: "c1" } },
    { line: { end_of_data: true }, expect: { endOfData: true, status: "success" } },
  ];
  it.each(cases)("%j", ({ line, expect: e }) => {
    expect(applyStreamLine(newChatItem("q"), line)).toMatchObject(e);
  });
});

describe("no-relevant-context hint", () => {
  it("keeps the English wording word for word", () => {
    expect(answerTexts.noRelevantContextFull("x")).toBe(
      `I couldn't find relevant context in your memories to answer "x". Try rephrasing the question, adding the memory that holds the answer, or asking with a generative model.`,
    );
  });
  const stronger = { id: "gpt-4o", name: "GPT-4o" };
  const noContext = answerTexts.noRelevantContextFull("x");
  const cases: { name: string; init: ChatItemState; lines: StreamLine[]; hint: boolean }[] = [
    {
      name: "added after a no-context answer",
      init: newChatItem("q", "mnemo-extractive"),
      lines: [...chunks(noContext), { end_of_data: true }],
      hint: true,
    },
    {
      name: "not when the stronger model is selected",
      init: newChatItem("q", "gpt-4o"),
      lines: [...chunks(noContext), { end_of_data: true }],
      hint: false,
    },
    {
      name: "not when rerouted",
      init: newChatItem("q"),
      lines: [{ agent_re_routed: true }, ...chunks(noContext), { end_of_data: true }],
      hint: false,
    },
    {
      name: "added after a no-context answer in another language",
      init: newChatItem("q", "mnemo-extractive"),
      lines: [...chunks(noRelevantContextFor("de", "Wo?")), { end_of_data: true }],
      hint: true,
    },
    {
      name: "not for an ordinary answer",
      init: newChatItem("q"),
      lines: [...chunks("An answer [1]."), { end_of_data: true }],
      hint: false,
    },
  ];
  it.each(cases)("$name", ({ init, lines, hint }) => {
    const s = run(lines, init, { strongerModel: stronger });
    expect(s.response.includes("GPT-4o")).toBe(hint);
  });
});

describe("NDJSON decoding", () => {
  it("reassembles lines and UTF-8 characters split across reads", () => {
    const bytes = new TextEncoder().encode('{"chunk":"héllo"}\n{"end_of_data":true}\n');
    for (let cut = 1; cut < bytes.length; cut++) {
      const d = createNdjsonDecoder();
      const out = [...d.push(bytes.slice(0, cut)), ...d.push(bytes.slice(cut)), ...d.end()];
      expect(out).toEqual([{ chunk: "héllo" }, { end_of_data: true }]);
    }
  });
  it("skips malformed lines and keeps a last line without newline", () => {
    const d = createNdjsonDecoder();
    expect([...d.push('not json\n{"chunk":1}\n{"chunk":"a"}'), ...d.end()]).toEqual([{ chunk: "a" }]);
    expect(d.invalid).toBe(2);
  });
  it("reads a whole stream into a chat item", async () => {
    const text =
      '{"sources":{"results":[],"relevantResultsCount":0}}\n{"chunk":"<think>hm</think>"}\n{"chunk":"Hi"}\n{"follow_up_questions":["Why?"]}\n{"end_of_data":true}\n';
    const body = new Blob([text]).stream();
    const s = await readChatStream(body, newChatItem("q"));
    expect(s).toMatchObject({
      response: "Hi",
      chainOfThoughts: "hm",
      relatedQuestions: ["Why?"],
      status: "success",
    });
  });
});

describe("chat request", () => {
  it("trims the question and normalises search_type", () => {
    const r = zChatRequest.parse({ question: "\t hi  ", search_type: "web,creative,bogus" });
    expect(r.question).toBe("hi");
    expect(r.search_type).toEqual(["web", "creative"]);
  });
  it("refuses an empty question and accepts every spec field", () => {
    expect(zChatRequest.safeParse({ question: "  " }).success).toBe(false);
    const full = {
      question: "q",
      selected_generation_model: "m",
      chat_id: "c",
      search_type: ["apps"],
      source_id: "s",
      collection_id: "k",
      custom_instructions: "ci",
      generation_instructions: "gi",
      is_public: false,
      session_context: [{ user_query: "a", answer: "b" }],
      source_details: { a: 1 },
      user_system_date: "2026-01-01",
      context_list: [{ id: "s", type: "source" }],
      selected_apps_list: ["gmail"],
      is_retry_llm: false,
      disable_apps_search: true,
      modify_tool_call: "shorter",
      tool_call_config: { tool_name: "send_email", params: {} },
      tool_call_index: 0,
      is_qna_source_preview_chat: true,
      qna_source_preview_details: {},
      connected_apps: ["gmail"],
    };
    expect(zChatRequest.safeParse(full).success).toBe(true);
  });
});
