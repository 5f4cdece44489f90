import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { UserStats } from "@mnemo/contracts";
import type { SavedSessionRecord } from "@mnemo/contracts/chat";
import { chatMessages } from "@mnemo/contracts";
import type { Agent } from "@mnemo/contracts/llm";
type AgentsResponse = { agents: Agent[] };
import { agentTexts, toolStepTitle, type ChatItemState } from "@mnemo/contracts/stream";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../../test/harness.ts";
import {
  contentText,
  lastUserText,
  startOpenAiPeer,
  toolResultsSinceUser,
  type OpenAiPeer,
} from "../../../test/openai-peer.ts";
import { startSearxngPeer, type SearxngPeer } from "../../../test/searxng-peer.ts";
import { startSmtpPeer, type SmtpPeer } from "../../../test/smtp-peer.ts";
import { waitUntil } from "../../../test/wait.ts";
import { eq } from "drizzle-orm";
import { source } from "../../../platform/db/schema/index.ts";
import { addMemory, ask } from "../chat/test-helpers.ts";
import { agentSpecs } from "./registry.ts";

/**
 * Issue 16: the agents run the AI SDK's tool loop against a local server speaking OpenAI's
 * streaming chat-completions protocol (scripted turns), with a real SearXNG-API peer for web
 * search and a real SMTP server (smtp-server) receiving the e-mails.
 */

let model: OpenAiPeer;
let web: SearxngPeer;
let smtp: SmtpPeer;
beforeAll(async () => {
  model = await startOpenAiPeer();
  web = await startSearxngPeer();
  smtp = await startSmtpPeer();
});
afterAll(async () => {
  await model?.close();
  await web?.close();
  await smtp?.close();
});
beforeEach(() => {
  model.requests.length = 0;
  model.forcedRequests.length = 0;
  // The routing call fails unless a test scripts it: the word cues decide then.
  model.forced = () => {
    throw new Error("routing not scripted");
  };
});

/** The headings of an item's tool-call cards (its typed tool steps). */
const cardTitles = (item: ChatItemState) => (item.toolSteps ?? []).map(toolStepTitle);

describe.each(testDatabases())("agents on %s", (kind) => {
  let m: TestMnemo;
  let bare: TestMnemo;
  beforeAll(async () => {
    m = await createTestMnemo(kind, {
      OPENAI_COMPATIBLE_BASE_URL: model.url,
      OPENAI_COMPATIBLE_MODELS: "scripted",
      OPENAI_COMPATIBLE_TOOLS: "true",
      SEARXNG_URL: web.url,
      SMTP_URL: smtp.url,
    });
    bare = await createTestMnemo(kind);
  });
  afterAll(async () => {
    await m?.close();
    await bare?.close();
  });

  async function newUser(on = m) {
    const user = await on.buildUser();
    await addMemory(on.ctx.database.db, user, "Telescope", "The telescope mirror is 200 millimetres wide.");
    return user;
  }
  async function usage(on: TestMnemo, user: TestUser) {
    const res = await on.request("GET", "/api/user/stats?needDailyStats=true", { as: user });
    const { daily } = (await res.json()) as UserStats;
    return { qna: daily!.qna.count, web: daily!.web.count, agent: daily!.agent.count };
  }

  it("research_agent searches twice, streams each step as a typed tool step and cites what the tools found", async () => {
    model.script = (req) => {
      const done = toolResultsSinceUser(req).length;
      if (done === 0)
        return { toolCalls: [{ name: "search_memories", args: { query: "telescope mirror" } }] };
      if (done === 1) return { toolCalls: [{ name: "search_web", args: { query: "mirror grinding" } }] };
      return { text: "The mirror is 200 millimetres wide [1]; grinding it is covered on the web [2]." };
    };
    const user = await newUser();
    const reply = await ask(m, user, {
      question: "How wide is the mirror?",
      selected_generation_model: "research_agent",
      search_type: ["web"],
    });
    expect(reply.status).toBe(200);
    const item = reply.item;
    expect(item.status).toBe("success");
    expect(item.llm).toBe("research_agent");
    expect(cardTitles(item)).toEqual([
      "Search memories: “telescope mirror”",
      "Search the web: “mirror grinding”",
    ]);
    expect(item.toolSteps).toMatchObject([
      { name: "search_memories", query: "telescope mirror", status: "ok", summary: "Found Telescope [1]" },
      { name: "search_web", query: "mirror grinding", status: "ok" },
    ]);
    expect(item.toolSteps![1].summary).toMatch(/^Found .*\[2\]/);
    // The steps travel as data: no marked line is left in the thoughts text.
    expect(item.chainOfThoughts).not.toContain(agentTexts.toolCallMark);
    expect(item.chainOfThoughts).not.toContain(agentTexts.resultMark);
    expect(reply.lines.filter((l) => l.tool_step).map((l) => l.tool_step!.status)).toEqual([
      "running",
      "ok",
      "running",
      "ok",
    ]);
    expect(item.response).toBe(
      "The mirror is 200 millimetres wide [1]; grinding it is covered on the web [2].",
    );
    // The model saw the tool results, numbered as they are cited.
    const third = model.requests[2];
    expect(toolResultsSinceUser(third).map(contentText).join("\n")).toContain("200 millimetres");
    expect(toolResultsSinceUser(third).map(contentText).join("\n")).toContain("On mirror grinding");
    const byCitation = Object.fromEntries(item.sources.results.map((r) => [r.citation, r]));
    expect(byCitation[1].title).toBe("Telescope");
    expect(item.sources.results.some((r) => r.type === "web_search" && r.citation)).toBe(true);
    // The research agent's own tools were offered, with zod-made JSON schemas.
    expect(model.requests[0].tools?.map((t) => t.function.name).sort()).toEqual(
      ["search_apps", "search_memories", "search_web"].sort(),
    );
    // Stored: the history shows the same thoughts, tool steps and sources.
    const hist = await m.request("POST", `/api/fetch_user_chat_history?chat_id=${item.chatId}`, { as: user });
    const session = ((await hist.json()) as { session_data: SavedSessionRecord[] }).session_data[0];
    expect(session.thoughts).toBe(item.chainOfThoughts);
    expect(session.tool_steps).toEqual(item.toolSteps);
    expect(session.sources.length).toBe(item.sources.results.length);
    expect((await usage(m, user)).agent).toBe(1);
  });

  it("an agent's memory search does not read a saved answer beside the memory it cites (issue 41)", async () => {
    model.script = (req) =>
      toolResultsSinceUser(req).length === 0
        ? { toolCalls: [{ name: "search_memories", args: { query: "telescope mirror wide" } }] }
        : { text: "The mirror is 200 millimetres wide [1]." };
    const user = await m.buildUser();
    const db = m.ctx.database.db;
    const telescope = await addMemory(db, user, "Telescope", "The telescope mirror is 200 millimetres wide.");
    const echo = await addMemory(
      db,
      user,
      "How wide is the telescope mirror?",
      `## How wide is the telescope mirror?\n\nThe telescope mirror is 200 millimetres wide [[1]](/?preview=${telescope}).\n`,
    );
    const echoOf = { chat_id: "c", turn_id: "t", sources: [telescope] };
    await db
      .update(source)
      .set({ meta: { echo_of: echoOf } })
      .where(eq(source.id, echo));
    const reply = await ask(m, user, {
      question: "How wide is the telescope mirror?",
      selected_generation_model: "research_agent",
    });
    expect(reply.item.status).toBe("success");
    expect(reply.item.toolSteps).toMatchObject([{ name: "search_memories", summary: "Found Telescope [1]" }]);
    expect(reply.item.sources.results.map((r) => r.id)).toEqual([telescope]);
  });

  it("a tool call with invalid arguments is answered with the error and the turn goes on", async () => {
    model.script = (req) =>
      toolResultsSinceUser(req).length === 0
        ? { toolCalls: [{ name: "search_memories", args: { q: 42 } }] }
        : { text: "Found it after all." };
    const user = await newUser();
    const { item } = await ask(m, user, { question: "Mirror?", selected_generation_model: "code_agent" });
    expect(item.status).toBe("success");
    expect(item.toolSteps).toMatchObject([{ name: "search_memories", status: "error" }]);
    expect(item.toolSteps![0].error).toBeTruthy();
    expect(item.response).toBe("Found it after all.");
    const told = toolResultsSinceUser(model.requests[1]).map(contentText).join("\n");
    expect(told.toLowerCase()).toContain("invalid");
  });

  it("a tool loop that never ends is stopped at the agent's step budget", async () => {
    model.script = () => ({ toolCalls: [{ name: "search_memories", args: { query: "mirror" } }] });
    const user = await newUser();
    const { item } = await ask(m, user, {
      question: "Draft a post",
      selected_generation_model: "marketing_agent",
    });
    expect(item.status).toBe("success");
    expect(model.requests.length).toBe(agentSpecs.marketing_agent.maxSteps);
    expect(item.toolSteps!.at(-1)).toMatchObject({
      status: "error",
      error: agentTexts.stepBudget(agentSpecs.marketing_agent.maxSteps),
    });
    expect(item.toolSteps!.at(-1)!.name).toBeUndefined();
    expect(item.toolSteps!.filter((s) => s.name === "search_memories")).toHaveLength(
      agentSpecs.marketing_agent.maxSteps,
    );
    expect(item.response).toContain(agentTexts.stoppedAtBudget(agentSpecs.marketing_agent.maxSteps));
  });

  it("findr_agent proposes an e-mail; Modify re-asks the model; only Execute sends, exactly once", async () => {
    model.script = (req) => {
      const text = lastUserText(req);
      const change = text.match(/subject to "([^"]+)"/);
      const proposed = text.match(/Proposed e-mail \(JSON\): (\{.*\})/);
      if (change && proposed) {
        const base = JSON.parse(proposed[1]) as Record<string, unknown>;
        return { toolCalls: [{ name: "send_email", args: { ...base, subject: change[1] } }] };
      }
      return {
        toolCalls: [
          {
            name: "send_email",
            args: {
              to: "ada@example.com",
              subject: "Telescope",
              body: "The mirror is 200 millimetres wide.",
            },
          },
        ],
      };
    };
    const user = await newUser();
    const toAda = () => smtp.mails.filter((x) => x.to === "ada@example.com").length;
    const before = toAda();
    const first = await ask(m, user, {
      question: "Email a summary of the telescope notes to ada@example.com",
      selected_generation_model: "findr_agent",
    });
    expect(first.item.tool_call_tool_name).toBe("send_email");
    expect(first.item.tool_call_params).toEqual({
      to: "ada@example.com",
      subject: "Telescope",
      body: "The mirror is 200 millimetres wide.",
    });
    expect(first.item.response).toBe(agentTexts.emailProposed);
    // The proposal is a card with no outcome (the user decides), and no address in its heading.
    expect(first.item.toolSteps).toEqual([{ id: "1", name: "send_email", status: "running", at: 0 }]);
    expect(cardTitles(first.item)).toEqual(["Compose an e-mail"]);
    const chatId = first.item.chatId!;

    // Modify: an empty prompt is refused with the spec's message.
    const empty = await m.request("POST", "/api/qna", {
      as: user,
      json: {
        question: "x",
        chat_id: chatId,
        selected_generation_model: "findr_agent",
        modify_tool_call: "   ",
        tool_call_config: { tool_name: "send_email", params: first.item.tool_call_params },
        tool_call_index: 0,
      },
    });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toBe(chatMessages.enterModifications);

    const change = 'Change the subject to "Mirror size"';
    const modified = await ask(m, user, {
      question: change,
      chat_id: chatId,
      selected_generation_model: "findr_agent",
      modify_tool_call: change,
      tool_call_config: { tool_name: "send_email", params: first.item.tool_call_params! },
      tool_call_index: 0,
    });
    expect(modified.item.tool_call_params).toEqual({
      to: "ada@example.com",
      subject: "Mirror size",
      body: "The mirror is 200 millimetres wide.",
    });
    expect(toAda()).toBe(before);

    // Execute with params other than the proposal is refused; nothing is sent.
    const forged = await m.request("POST", "/api/qna", {
      as: user,
      json: {
        chat_id: chatId,
        execute_tool_call: true,
        tool_call_config: {
          tool_name: "send_email",
          params: { ...modified.item.tool_call_params, to: "eve@example.com" },
        },
        tool_call_index: 1,
      },
    });
    expect(forged.status).toBe(400);
    // Another user cannot execute it.
    const eve = await m.buildUser();
    const execBody = {
      chat_id: chatId,
      execute_tool_call: true,
      tool_call_config: { tool_name: "send_email", params: modified.item.tool_call_params },
      tool_call_index: 1,
    };
    expect((await m.request("POST", "/api/qna", { as: eve, json: execBody })).status).toBe(404);
    expect(toAda()).toBe(before);

    const exec = await m.request("POST", "/api/qna", { as: user, json: execBody });
    expect(exec.status).toBe(200);
    expect(await exec.json()).toEqual({ success: true, message: chatMessages.emailSent });
    const mail = await waitUntil(
      "the e-mail",
      () => toAda() > before && smtp.mails.filter((x) => x.to === "ada@example.com").at(-1),
    );
    expect(mail.subject).toBe("Mirror size");
    expect(mail.text).toBe("The mirror is 200 millimetres wide.");
    // Executing again answers the recorded result and sends nothing more.
    const again = await m.request("POST", "/api/qna", { as: user, json: execBody });
    expect(await again.json()).toEqual({ success: true, message: chatMessages.emailSent });
    expect(toAda()).toBe(before + 1);
  });

  it("the model's choice offers to re-route; Yes re-runs the question with that agent", async () => {
    model.script = (req) => {
      const system = contentText(req.messages[0]);
      return { text: system.includes("code agent") ? "```python\nprint(1)\n```" : "Other agent." };
    };
    model.forced = () => ({ agent: "code_agent" });
    const user = await newUser();
    // No word of the question names code: the model decides.
    const offer = await ask(m, user, {
      question: "Work out the area of the mirror for me",
      selected_generation_model: "research_agent",
    });
    expect(offer.item.response).toBe(agentTexts.rerouteOffer("Code agent"));
    expect(offer.item.relatedQuestions).toEqual(["Yes", "No"]);
    expect(offer.item.is_agent_routing_followup_question).toBe(true);
    // One classification call, forced through the choose_agent tool, naming the five agents.
    expect(model.forcedRequests.length).toBe(1);
    const routing = model.forcedRequests[0];
    expect(routing.tools?.map((t) => t.function.name)).toEqual(["choose_agent"]);
    const prompt = lastUserText(routing);
    for (const id of Object.keys(agentSpecs)) expect(prompt).toContain(id);
    expect(prompt).toContain("Work out the area of the mirror for me");
    expect(model.requests.length).toBe(0);
    // The offer ran no agent: nothing is counted.
    expect(await usage(m, user)).toEqual({ qna: 0, web: 0, agent: 0 });

    const yes = await ask(m, user, {
      question: "Yes",
      chat_id: offer.item.chatId,
      selected_generation_model: "research_agent",
    });
    expect(yes.item.isAgentReRouted).toBe(true);
    expect(yes.item.isAgentReRoutingComplete).toBe(true);
    expect(yes.item.llm).toBe("code_agent");
    expect(yes.item.response).toContain("print(1)");
    expect(lastUserText(model.requests[0])).toContain("Work out the area of the mirror for me");
    expect((await usage(m, user)).agent).toBe(1);
  });

  it("when the model keeps the picked agent, words that name another agent's job offer nothing", async () => {
    model.script = () => ({ text: "Researched." });
    model.forced = () => ({ agent: "research_agent" });
    const user = await newUser();
    const { item } = await ask(m, user, {
      question: "Write a python function for the mirror area",
      selected_generation_model: "research_agent",
    });
    expect(item.is_agent_routing_followup_question).toBeFalsy();
    expect(item.llm).toBe("research_agent");
    expect(item.response).toBe("Researched.");
    expect(model.forcedRequests.length).toBe(1);
  });

  it.each([
    ["fails", undefined],
    ["names no agent", { agent: "poet_agent" }],
  ])("when the routing model %s, the word cues decide", async (_case, args) => {
    if (args) model.forced = () => args;
    model.script = () => ({ text: "Other agent." });
    const user = await newUser();
    const offer = await ask(m, user, {
      question: "Write a python function for the mirror area",
      selected_generation_model: "research_agent",
    });
    expect(model.forcedRequests.length).toBe(1);
    expect(offer.item.response).toBe(agentTexts.rerouteOffer("Code agent"));
    expect(offer.item.relatedQuestions).toEqual(["Yes", "No"]);
    expect(model.requests.length).toBe(0);
  });

  it("the search agent saves what the user asks it to remember as a memory (echo memory)", async () => {
    model.script = (req) =>
      toolResultsSinceUser(req).length === 0
        ? { toolCalls: [{ name: "save_memory", args: { title: "Parking", text: "The car is on level 3." } }] }
        : { text: "Saved." };
    const user = await newUser();
    const { item } = await ask(m, user, {
      question: "Remember that the car is on level 3",
      selected_generation_model: "findr_agent",
    });
    expect(item.status).toBe("success");
    expect(item.isEchoMemory).toBe(true);
    expect(cardTitles(item)).toEqual(["Save a memory"]);
    const rows = await m.ctx.database.db.select().from(source).where(eq(source.ownerId, user.id));
    expect(rows.map((r) => r.title)).toContain("Parking");
    // The chat's history says so too, so "Saved to your memories." stays after a reload.
    const hist = (await (
      await m.request("POST", `/api/fetch_user_chat_history?chat_id=${item.chatId}`, { as: user })
    ).json()) as { session_data: { added_echo_memory?: boolean | null }[] };
    expect(hist.session_data.map((t) => t.added_echo_memory)).toEqual([true]);
  });

  it("without a tool-capable model the agents are unavailable with the reason, and asking one spends nothing", async () => {
    const user = await newUser(bare);
    const list = (await (await bare.request("GET", "/api/agents", { as: user })).json()) as AgentsResponse;
    expect(list.agents.every((a) => !a.is_active && a.reason === agentTexts.agentsUnavailable)).toBe(true);
    const res = await bare.request("POST", "/api/qna", {
      as: user,
      json: { question: "How wide is the mirror?", selected_generation_model: "research_agent" },
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe(agentTexts.agentsUnavailable);
    expect(await usage(bare, user)).toEqual({ qna: 0, web: 0, agent: 0 });
  });

  it("without SMTP an agent is not offered the e-mail tool", async () => {
    const noMail = await createTestMnemo(kind, {
      OPENAI_COMPATIBLE_BASE_URL: model.url,
      OPENAI_COMPATIBLE_MODELS: "scripted",
      OPENAI_COMPATIBLE_TOOLS: "true",
    });
    try {
      model.script = () => ({ text: "No e-mail tool here." });
      const user = await newUser(noMail);
      await ask(noMail, user, { question: "Mail ada", selected_generation_model: "findr_agent" });
      expect(model.requests[0].tools?.map((t) => t.function.name)).not.toContain("send_email");
    } finally {
      await noMail.close();
    }
  });
});
