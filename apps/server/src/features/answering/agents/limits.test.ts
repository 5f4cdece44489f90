import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UserStats } from "@mnemo/contracts";
import { EXTRACTIVE_MODEL_ID, webSearchUnavailable, type LlmOption } from "@mnemo/contracts/llm";
import { usageDaily } from "../../../platform/db/schema/index.ts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../../test/harness.ts";
import { startOpenAiPeer, type OpenAiPeer } from "../../../test/openai-peer.ts";
import { startSearxngPeer, type SearxngPeer } from "../../../test/searxng-peer.ts";
import { addMemory, ask } from "../chat/test-helpers.ts";

/**
 * Issue 16 item 6, limits and honesty: the agent quota moves only when an agent ran; the Web
 * toggle learns there is no provider (and no web search is counted); the default model is the
 * named one (DEFAULT_MODEL) when it is configured, not merely the first.
 */

let model: OpenAiPeer;
let web: SearxngPeer;
beforeAll(async () => {
  model = await startOpenAiPeer(() => ({ text: "A plain answer." }));
  web = await startSearxngPeer();
});
afterAll(async () => {
  await model?.close();
  await web?.close();
});

type Llms = { llms: LlmOption[]; web_search?: { available: boolean; reason?: string } };

describe.each(testDatabases())("agent and web limits on %s", (kind) => {
  let m: TestMnemo;
  let withWeb: TestMnemo;
  beforeAll(async () => {
    const models = {
      OPENAI_COMPATIBLE_BASE_URL: model.url,
      OPENAI_COMPATIBLE_MODELS: "first-model,general-model",
      OPENAI_COMPATIBLE_TOOLS: "true",
      DEFAULT_MODEL: "general-model",
    };
    m = await createTestMnemo(kind, models);
    withWeb = await createTestMnemo(kind, { ...models, SEARXNG_URL: web.url });
  });
  afterAll(async () => {
    await m?.close();
    await withWeb?.close();
  });

  async function usage(on: TestMnemo, user: TestUser) {
    const res = await on.request("GET", "/api/user/stats?needDailyStats=true", { as: user });
    const { daily } = (await res.json()) as UserStats;
    return { qna: daily!.qna.count, web: daily!.web.count, agent: daily!.agent.count };
  }
  const llms = async (on: TestMnemo, user: TestUser) =>
    (await (await on.request("GET", "/api/llms", { as: user })).json()) as Llms;

  it("the default model is the named general model when configured, not the first one", async () => {
    const user = await m.buildUser();
    const list = await llms(m, user);
    expect(list.llms.filter((o) => o.paid_default).map((o) => o.id)).toEqual(["general-model"]);
    expect(list.llms.filter((o) => o.free_default).map((o) => o.id)).toEqual(["general-model"]);
    expect(list.llms.find((o) => o.id === EXTRACTIVE_MODEL_ID)?.paid_default).toBe(false);
  });

  it("without a web search provider the Web toggle is told why, and a question with Web on counts no web search", async () => {
    const user = await m.buildUser();
    expect((await llms(m, user)).web_search).toEqual({ available: false, reason: webSearchUnavailable });
    expect((await llms(withWeb, await withWeb.buildUser())).web_search).toEqual({ available: true });
    await addMemory(m.ctx.database.db, user, "Telescope", "The telescope mirror is 200 millimetres wide.");
    const reply = await ask(m, user, {
      question: "How wide is the mirror?",
      search_type: ["web"],
      selected_generation_model: "research_agent",
    });
    expect(reply.item.status).toBe("success");
    expect(await usage(m, user)).toEqual({ qna: 1, web: 0, agent: 1 });
    // At the web limit, Web on still answers: no web search can run, so the limit does not apply.
    const day = new Date().toISOString().slice(0, 10);
    await m.ctx.database.db.insert(usageDaily).values({ ownerId: user.id, day, kind: "web", count: 999 });
    const atLimit = await ask(m, user, {
      question: "How wide is the mirror?",
      search_type: ["web"],
      user_system_date: day,
    });
    expect(atLimit.status).toBe(200);
  });

  it("an agent counts only when its tool loop ran: a re-routing offer and a plain model answer spend no agent use", async () => {
    const user = await withWeb.buildUser();
    const offer = await ask(withWeb, user, {
      question: "Write a tweet about my telescope",
      selected_generation_model: "code_agent",
    });
    expect(offer.item.is_agent_routing_followup_question).toBe(true);
    const plain = await ask(withWeb, user, {
      question: "Hello?",
      selected_generation_model: "general-model",
    });
    expect(plain.item.response).toBe("A plain answer.");
    expect((await usage(withWeb, user)).agent).toBe(0);
    const ran = await ask(withWeb, user, { question: "Hello?", selected_generation_model: "findr_agent" });
    expect(ran.item.llm).toBe("findr_agent");
    expect((await usage(withWeb, user)).agent).toBe(1);
  });
});
