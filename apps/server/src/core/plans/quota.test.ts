import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { chatMessages, fileMessages, limitFor, linkMessages, planMessages } from "@mnemo/contracts";
import { subscription, userProfile } from "../../platform/db/schema/index.ts";
import type { Actor } from "../../platform/context.ts";
import { AppError } from "../../platform/lib/errors.ts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { guardFileUpload, guardQna, guardVideo } from "./guards.ts";
import { consumeQuota } from "./quota.ts";
import { dailyCounts } from "./repo.ts";

const DAY = "2025-03-01";
const NOW = new Date("2025-03-01T12:00:00Z");
const actorOf = (u: TestUser, isDesktopApp = false): Actor => ({
  id: u.id,
  email: u.email,
  name: u.name,
  isDesktopApp,
});

/** Runs `fn` and returns the AppError it throws (or fails). */
async function refusal(fn: () => Promise<unknown>): Promise<AppError> {
  try {
    await fn();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error("expected a refusal");
}

describe.each(testDatabases())("quotas on %s", (kind) => {
  let m: TestMnemo;
  const db = () => m.ctx.database.db;
  const setPlan = (u: TestUser, plan: string) =>
    db().update(userProfile).set({ plan }).where(eq(userProfile.userId, u.id));

  beforeAll(async () => {
    m = await createTestMnemo(kind);
  });
  afterAll(async () => {
    await m?.close();
  });

  it("lets exactly the limit through when 50 requests race at it", async () => {
    const user = await m.buildUser();
    const limit = limitFor("free", "webSearchCount")!;
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        db().transaction((tx) => consumeQuota(tx, actorOf(user), "web", { plan: "free", day: DAY })),
      ),
    );
    const passed = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(passed).toHaveLength(limit);
    expect(refused).toHaveLength(50 - limit);
    for (const r of refused)
      expect(r.reason).toMatchObject({ code: "plan_limit", message: chatMessages.webSearchLimit });
    expect((await dailyCounts(db(), user.id, DAY)).web).toBe(limit);
  });

  it("lets exactly the free question limit through 50 concurrent guarded questions", async () => {
    const user = await m.buildUser();
    const limit = limitFor("free", "qnaCount")!;
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        db().transaction((tx) => guardQna(tx, actorOf(user), { search_type: [] }, { now: NOW })),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(limit);
    const refused = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(refused?.reason.message).toBe(
      `Daily Copilot limit reached. Free users can perform only ${limit} searches per day.`,
    );
    expect(refused?.reason.message.startsWith(chatMessages.copilotLimitPrefix)).toBe(true);
  });

  it("does not count a use whose transaction rolls back", async () => {
    const user = await m.buildUser();
    await expect(
      db().transaction(async (tx) => {
        await consumeQuota(tx, actorOf(user), "agent", { plan: "free", day: DAY });
        throw new Error("the guarded action failed");
      }),
    ).rejects.toThrow("the guarded action failed");
    expect((await dailyCounts(db(), user.id, DAY)).agent).toBeUndefined();
  });

  it("refuses web before counting the question, and rolls back the web count when the question is refused", async () => {
    const user = await m.buildUser();
    const run = (search_type: ("web" | "apps")[]) =>
      db().transaction((tx) => guardQna(tx, actorOf(user), { search_type }, { now: NOW }));
    for (let i = 0; i < limitFor("free", "webSearchCount")!; i++) await run(["web"]);
    expect((await refusal(() => run(["web"]))).message).toBe(chatMessages.webSearchLimit);
    // Turning web off lets the question through.
    await run([]);
    for (let i = 0; i < 4; i++) await run(["apps"]);
    const counts = await dailyCounts(db(), user.id, DAY);
    expect(counts).toMatchObject({ web: 5, apps: 4, qna: 10 });
    // At the question limit an apps question is refused and its apps count rolled back.
    const err = await refusal(() => run(["apps"]));
    expect(err.message.startsWith(chatMessages.copilotLimitPrefix)).toBe(true);
    expect((await dailyCounts(db(), user.id, DAY)).apps).toBe(4);
  });

  it("refuses app searches and agents at their limits with the spec's words", async () => {
    const user = await m.buildUser();
    await setPlan(user, "pro");
    const a = actorOf(user);
    const apps = () => db().transaction((tx) => consumeQuota(tx, a, "apps", { plan: "free", day: DAY }));
    for (let i = 0; i < limitFor("free", "qnaCount")!; i++) await apps();
    expect((await refusal(apps)).message).toBe(chatMessages.appSearchLimit);
    const agentRun = () =>
      db().transaction((tx) =>
        guardQna(tx, a, { selected_generation_model: "research_agent" }, { now: NOW }),
      );
    const agents = limitFor("pro", "agentCount")!;
    for (let i = 0; i < agents; i++) await agentRun();
    const err = await refusal(agentRun);
    expect(err).toMatchObject({ code: "plan_limit", status: 403, message: chatMessages.agenticSearchLimit });
  });

  it("counts file uploads: the free daily cap, then another plan's exhausted message", async () => {
    const user = await m.buildUser();
    const n = limitFor("free", "fileUploadCount")!;
    const upload = (count: number) =>
      db().transaction((tx) => guardFileUpload(tx, actorOf(user), count, { now: NOW }));
    await upload(n - 2);
    expect((await refusal(() => upload(3))).message).toBe(fileMessages.dailyUploadLimit({ n }));
    await upload(2);
    expect((await refusal(() => upload(1))).message).toBe(
      `Daily upload limit reached. You can upload a maximum of ${n} files per day on the Free plan. Upgrade your plan for unlimited uploads.`,
    );
    await setPlan(user, "pro");
    await upload(limitFor("pro", "fileUploadCount")! - n);
    expect((await refusal(() => upload(1))).message).toBe(fileMessages.planExhausted({ plan: "Pro" }));
    // The desktop app is team: unlimited.
    await db().transaction((tx) => guardFileUpload(tx, actorOf(user, true), 5, { now: NOW }));
  });

  it("counts on unlimited plans without refusing, and resets on the next local day", async () => {
    const user = await m.buildUser();
    await setPlan(user, "team");
    for (let i = 0; i < 12; i++)
      await db().transaction((tx) => guardQna(tx, actorOf(user), { search_type: ["web"] }, { now: NOW }));
    expect(await dailyCounts(db(), user.id, DAY)).toMatchObject({ web: 12, qna: 12 });
    const free = await m.buildUser();
    const ask = (date: string) =>
      db().transaction((tx) =>
        guardQna(tx, actorOf(free), { search_type: ["web"], user_system_date: date }, { now: NOW }),
      );
    for (let i = 0; i < 5; i++) await ask("2025-03-01T17:00:00+05:30");
    await expect(ask("2025-03-01T17:30:00+05:30")).rejects.toMatchObject({
      message: chatMessages.webSearchLimit,
    });
    // 20:00 UTC is past midnight in Kolkata: a new day there.
    await ask("2025-03-02T01:30:00+05:30");
    expect((await dailyCounts(db(), free.id, "2025-03-02")).web).toBe(1);
  });

  it("resolves the model by plan: free gets the free default, paid may choose", async () => {
    const models = [
      {
        id: "big",
        name: "Big",
        is_active: true,
        type: "llm",
        provider: "openai",
        env: "cloud",
        rank: 1,
        paid_default: true,
        free_default: false,
      },
      {
        id: "small",
        name: "Small",
        is_active: true,
        type: "llm",
        provider: "openai",
        env: "cloud",
        rank: 2,
        paid_default: false,
        free_default: true,
      },
      {
        id: "other",
        name: "Other",
        is_active: true,
        type: "llm",
        provider: "openai",
        env: "cloud",
        rank: 3,
        paid_default: false,
        free_default: false,
      },
    ] as const;
    const free = await m.buildUser();
    const grant = await db().transaction((tx) =>
      guardQna(tx, actorOf(free), { selected_generation_model: "other" }, { now: NOW, models: [...models] }),
    );
    expect(grant).toMatchObject({ plan: "free", model: "small" });
    const pro = await m.buildUser();
    await setPlan(pro, "pro");
    const chosen = await db().transaction((tx) =>
      guardQna(tx, actorOf(pro), { selected_generation_model: "other" }, { now: NOW, models: [...models] }),
    );
    expect(chosen).toMatchObject({ plan: "pro", model: "other" });
    const defaulted = await db().transaction((tx) =>
      guardQna(tx, actorOf(pro), {}, { now: NOW, models: [...models] }),
    );
    expect(defaulted.model).toBe("big");
  });

  it("blocks search without a valid plan state, and reads trialing subscriptions", async () => {
    const user = await m.buildUser();
    await setPlan(user, "gold");
    const err = await refusal(() => db().transaction((tx) => guardQna(tx, actorOf(user), {}, { now: NOW })));
    expect(err).toMatchObject({ code: "forbidden", message: planMessages.invalidPlanState });
    await setPlan(user, "free");
    await db()
      .insert(subscription)
      .values({ id: `sub_${user.id}`, ownerId: user.id, plan: "team", status: "trialing" });
    const grant = await db().transaction((tx) =>
      guardQna(tx, actorOf(user), { search_type: ["web"] }, { now: NOW }),
    );
    expect(grant.plan).toBe("team");
  });

  it("caps videos at 60 minutes on free only", () => {
    expect(() => guardVideo("free", 60 * 60)).not.toThrow();
    expect(() => guardVideo("free", 60 * 60 + 1)).toThrow(linkMessages.videoTooLong);
    expect(() => guardVideo("pro", 5 * 60 * 60)).not.toThrow();
    expect(() => guardVideo("free", null)).not.toThrow();
  });
});
