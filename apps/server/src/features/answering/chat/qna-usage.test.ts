import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UserStats } from "@mnemo/contracts";
import type { ChatRequestInput } from "@mnemo/contracts/chat";
import { answerTexts } from "@mnemo/contracts/stream";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../../test/harness.ts";
import { startSearxngPeer, type SearxngPeer } from "../../../test/searxng-peer.ts";
import { addMemory, ask } from "./test-helpers.ts";

/**
 * Issue 13 item 3, "count only what ran": the daily counters (and so the usage meters, which read
 * GET /api/user/stats) move only for the parts of a question that really ran.
 */

let peer: SearxngPeer;
beforeAll(async () => {
  peer = await startSearxngPeer();
});
afterAll(async () => {
  await peer.close();
});

describe.each(testDatabases())("daily usage counts only what ran, on %s", (kind) => {
  /** No generative model, no web search provider (the default install). */
  let bare: TestMnemo;
  /** A web search provider configured. */
  let withWeb: TestMnemo;

  beforeAll(async () => {
    bare = await createTestMnemo(kind);
    withWeb = await createTestMnemo(kind, { SEARXNG_URL: peer.url });
  });
  afterAll(async () => {
    await bare?.close();
    await withWeb?.close();
  });

  async function newUser(m: TestMnemo) {
    const user = await m.buildUser();
    await addMemory(m.ctx.database.db, user, "Telescope", "The telescope mirror is 200 millimetres wide.");
    return user;
  }
  async function usage(m: TestMnemo, user: TestUser) {
    const res = await m.request("GET", "/api/user/stats?needDailyStats=true", { as: user });
    const { daily } = (await res.json()) as UserStats;
    return { qna: daily!.qna.count, web: daily!.web.count, apps: daily!.apps.count };
  }
  async function asked(m: TestMnemo, user: TestUser, body: ChatRequestInput) {
    const reply = await ask(m, user, body);
    expect(reply.status).toBe(200);
    expect(reply.item.status).toBe("success");
    return reply.item;
  }

  it("a Creative reply that only says no generative model is configured spends nothing", async () => {
    const user = await newUser(bare);
    const item = await asked(bare, user, { question: "Write a poem", search_type: ["creative"] });
    expect(item.response).toBe(answerTexts.noGenerativeModel);
    expect(await usage(bare, user)).toEqual({ qna: 0, web: 0, apps: 0 });
  });

  it("the Web toggle without a web search provider spends no web search; the memory answer counts", async () => {
    const user = await newUser(bare);
    const item = await asked(bare, user, { question: "How wide is the mirror?", search_type: ["web"] });
    expect(item.response).toContain("200 millimetres");
    expect(await usage(bare, user)).toEqual({ qna: 1, web: 0, apps: 0 });
  });

  it("app search spends nothing while no app search runs", async () => {
    const user = await newUser(bare);
    await asked(bare, user, { question: "How wide is the mirror?", search_type: ["apps"] });
    expect(await usage(bare, user)).toEqual({ qna: 1, web: 0, apps: 0 });
  });

  it("a web search that ran counts; one whose provider failed does not", async () => {
    const user = await newUser(withWeb);
    const item = await asked(withWeb, user, { question: "How wide is the mirror?", search_type: ["web"] });
    expect(item.sources.results.some((r) => r.type === "web_search")).toBe(true);
    expect(await usage(withWeb, user)).toEqual({ qna: 1, web: 1, apps: 0 });
    peer.failing = true;
    try {
      await asked(withWeb, user, { question: "How wide is the mirror?", search_type: ["web"] });
    } finally {
      peer.failing = false;
    }
    expect(await usage(withWeb, user)).toEqual({ qna: 2, web: 1, apps: 0 });
  });

  it("regenerating and a memory's preview chat are questions: each counts once", async () => {
    const user = await newUser(bare);
    const first = await asked(bare, user, { question: "How wide is the mirror?" });
    await asked(bare, user, {
      question: "How wide is the mirror?",
      chat_id: first.chatId!,
      is_retry_llm: true,
    });
    expect(await usage(bare, user)).toEqual({ qna: 2, web: 0, apps: 0 });
    const [memory] = first.sources.results;
    await asked(bare, user, {
      question: "How wide is the mirror?",
      source_id: memory.id,
      is_qna_source_preview_chat: true,
    });
    expect(await usage(bare, user)).toEqual({ qna: 3, web: 0, apps: 0 });
  });
});
