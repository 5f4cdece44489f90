import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { chatMessages, fileMessages, limitFor, planMessages } from "@mnemo/contracts";
import { ANSWER_ERROR_HEADER, type StreamLine } from "@mnemo/contracts/stream";
import { chat, chatTurn, userProfile } from "../../platform/db/schema/index.ts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { desktopHeaders } from "../../test/factories.ts";
import { readNdjsonUntil } from "../../test/ndjson.ts";
import { waitUntil } from "../../test/wait.ts";
import { confirm, presign, putBody, type Presigned } from "../ingest/test/helpers.ts";
import { startSearxngPeer, type SearxngPeer } from "../../test/searxng-peer.ts";
import { consumeQuota } from "./quota.ts";
import { usageDay } from "./usage-day.ts";

/** The spec's messages at the API: /api/qna answers a refusal as a non-200 text body (spec 1 §7). */
describe.each(testDatabases())("plan limits at the API on %s", (kind) => {
  let m: TestMnemo;
  let web: SearxngPeer;
  beforeAll(async () => {
    // A web search provider (web searches count only when one ran), and two configured models
    // (never reached: the tests read only the first stream line).
    web = await startSearxngPeer();
    m = await createTestMnemo(kind, {
      OPENAI_COMPATIBLE_BASE_URL: "http://127.0.0.1:9/v1",
      OPENAI_COMPATIBLE_MODELS: "house-model,other-model",
      SEARXNG_URL: web.url,
    });
  });
  afterAll(async () => {
    await m?.close();
    await web?.close();
  });

  const qna = (as: TestUser, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    m.request("POST", "/api/qna", {
      as,
      json: { question: "What is in my notes?", selected_generation_model: "mnemo-extractive", ...body },
      headers,
    });
  /** Asks and answers the status with the first stream line (the rest is cancelled). */
  async function firstLine(
    as: TestUser,
    body: Record<string, unknown>,
  ): Promise<{ status: number; line?: StreamLine; text?: string }> {
    const res = await qna(as, body);
    if (res.status !== 200) return { status: res.status, text: await res.text() };
    const lines = await readNdjsonUntil(res, (l) => l.length > 0);
    // Let the server finish the cancelled turn before the next step (and before the database closes).
    const chatId = lines[0]?.chat_id;
    if (chatId)
      await waitUntil("the cancelled turn to finish", async () => {
        const [turn] = await m.ctx.database.db
          .select({ status: chatTurn.status })
          .from(chatTurn)
          .where(eq(chatTurn.chatId, chatId));
        return turn && turn.status !== "streaming";
      });
    return { status: 200, line: lines[0] };
  }
  const fill = async (user: TestUser, kind: "web" | "apps" | "agent" | "qna" | "file_upload", n: number) => {
    const day = usageDay(new Date());
    await m.ctx.database.db.transaction(async (tx) => {
      for (let i = 0; i < n; i++) await consumeQuota(tx, { id: user.id }, kind, { plan: "team", day });
    });
  };

  it("refuses web search at the limit with the spec's words, and lets the question through with web off", async () => {
    const user = await m.buildUser();
    const limit = limitFor("free", "webSearchCount")!;
    for (let i = 0; i < limit; i++)
      expect((await firstLine(user, { search_type: ["web"] })).status).toBe(200);
    const refused = await qna(user, { search_type: ["web"] });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toBe(chatMessages.webSearchLimit);
    expect((await firstLine(user, { search_type: [] })).status).toBe(200);
    const stats = await (await m.request("GET", "/api/user/stats?needDailyStats=true", { as: user })).json();
    expect(stats.daily.web).toEqual({ count: limit, limit, remaining: 0 });
    expect(stats.daily.qna.count).toBe(limit + 1);
  });

  it("refuses app searches and agents at their limits", async () => {
    const user = await m.buildUser();
    await fill(user, "apps", limitFor("free", "qnaCount")!);
    const apps = await qna(user, { search_type: ["apps"] });
    expect([apps.status, await apps.text()]).toEqual([403, chatMessages.appSearchLimit]);
    await fill(user, "agent", limitFor("free", "agentCount")!);
    const agent = await qna(user, { selected_generation_model: "research_agent" });
    expect([agent.status, await agent.text()]).toEqual([403, chatMessages.agenticSearchLimit]);
    // The code says which limit, so clients never read the text (Upgrade only for the daily questions).
    expect(agent.headers.get(ANSWER_ERROR_HEADER)).toBe("plan_limit");
  });

  it("ends the free daily questions with a text starting 'Daily Copilot limit reached.'; the desktop app is team", async () => {
    const user = await m.buildUser();
    const n = limitFor("free", "qnaCount")!;
    await fill(user, "qna", n);
    const refused = await qna(user, {});
    expect(refused.status).toBe(403);
    const text = await refused.text();
    expect(text).toBe(`Daily Copilot limit reached. Free users can perform only ${n} searches per day.`);
    expect(text.startsWith(chatMessages.copilotLimitPrefix)).toBe(true);
    expect(refused.headers.get(ANSWER_ERROR_HEADER)).toBe("daily_limit");
    expect((await qna(user, {}, { source: "desktop_app" })).status).toBe(403);
    expect((await qna(user, {}, desktopHeaders(m, user))).status).toBe(200);
  });

  it("leaves no empty chat behind when concurrent questions race at the daily limit", async () => {
    const user = await m.buildUser();
    await fill(user, "qna", limitFor("free", "qnaCount")! - 1);
    const answers = await Promise.all(Array.from({ length: 6 }, () => firstLine(user, {})));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 403)).toHaveLength(5);
    const chats = await m.ctx.database.db.select({ id: chat.id }).from(chat).where(eq(chat.ownerId, user.id));
    expect(chats).toHaveLength(1);
  });

  it("blocks search without a valid plan state", async () => {
    const user = await m.buildUser();
    await m.ctx.database.db
      .update(userProfile)
      .set({ plan: "unknown-plan" })
      .where(eq(userProfile.userId, user.id));
    const res = await qna(user, {});
    expect([res.status, await res.text()]).toEqual([403, planMessages.invalidPlanState]);
  });

  it("gives free users the free default model whatever they pick; paid users their pick", async () => {
    const free = await m.buildUser();
    expect((await firstLine(free, { selected_generation_model: "other-model" })).line?.original_llm).toBe(
      "house-model",
    );
    const pro = await m.buildUser();
    await m.ctx.database.db.update(userProfile).set({ plan: "pro" }).where(eq(userProfile.userId, pro.id));
    expect((await firstLine(pro, { selected_generation_model: "other-model" })).line?.original_llm).toBe(
      "other-model",
    );
  });

  it("caps free uploads per day: refused at confirm under the cap's last slot, then already at presign", async () => {
    const user = await m.buildUser();
    const n = limitFor("free", "fileUploadCount")!;
    await fill(user, "file_upload", n - 1);
    const upload = async (name: string) => {
      const res = await presign(m, user, name, 5);
      if (res.status !== 200) return res;
      const p = (await res.json()) as Presigned;
      expect((await putBody(m, p.presigned_url, name.padEnd(5, "x").slice(0, 5), name)).status).toBe(200);
      return confirm(m, user, p.file_id);
    };
    // Two presigned before the cap is reached: the second confirm is refused.
    const a = (await (await presign(m, user, "a.txt", 5)).json()) as Presigned;
    const b = (await (await presign(m, user, "b.txt", 5)).json()) as Presigned;
    await putBody(m, a.presigned_url, "aaaaa", "a.txt");
    await putBody(m, b.presigned_url, "bbbbb", "b.txt");
    expect((await confirm(m, user, a.file_id)).status).toBe(200);
    const late = await confirm(m, user, b.file_id);
    expect(late.status).toBe(403);
    expect(await late.json()).toEqual({
      error: "plan_limit",
      message: fileMessages.dailyUploadLimit({ n }),
      details: { kind: "file_upload", limit: n },
    });
    const early = await upload("c.txt");
    expect(early.status).toBe(403);
    expect((await early.json()).message).toBe(
      `Daily upload limit reached. You can upload a maximum of ${n} files per day on the Free plan. Upgrade your plan for unlimited uploads.`,
    );
    // On pro, the exhausted-plan message.
    await m.ctx.database.db.update(userProfile).set({ plan: "pro" }).where(eq(userProfile.userId, user.id));
    await fill(user, "file_upload", limitFor("pro", "fileUploadCount")! - n);
    const exhausted = await upload("d.txt");
    expect([exhausted.status, (await exhausted.json()).message]).toEqual([
      403,
      fileMessages.planExhausted({ plan: "Pro" }),
    ]);
  });
});
