import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { limitFor, planLimits } from "@mnemo/contracts";
import { collection, subscription, userProfile } from "../../platform/db/schema/index.ts";
import { createTestMnemo, testDatabases, type TestMnemo } from "../../test/harness.ts";
import { desktopHeaders } from "../../test/factories.ts";
import { consumeQuota } from "./quota.ts";
import { usageDay } from "./usage-day.ts";

describe.each(testDatabases())("plan routes on %s", (kind) => {
  let m: TestMnemo;
  beforeAll(async () => {
    m = await createTestMnemo(kind);
  });
  afterAll(async () => {
    await m?.close();
  });

  it("gives a new user the free plan with its limits; the desktop app is team", async () => {
    const user = await m.buildUser();
    const res = await m.request("GET", "/api/user/plan", { as: user });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      plan: "free",
      is_org_admin: false,
      is_app_sumo_admin: false,
      is_site_admin: false,
      skip_trial: false,
      subscription_status: null,
      is_paid: false,
      white_label: false,
      limits: planLimits("free"),
      upload_size_limit_mb: 25,
      video_max_minutes: 60,
    });
    const header = await m.request("GET", "/api/user/plan", { as: user, headers: { source: "desktop_app" } });
    expect(await header.json()).toMatchObject({ plan: "free", limits: planLimits("free") });
    const desktop = await m.request("GET", "/api/user/plan", { as: user, headers: desktopHeaders(m, user) });
    expect(await desktop.json()).toMatchObject({
      plan: "team",
      is_paid: true,
      limits: planLimits("team"),
      upload_size_limit_mb: 100,
      video_max_minutes: null,
    });
    expect((await m.request("GET", "/api/user/plan")).status).toBe(401);
  });

  it("reads an active subscription's plan and status", async () => {
    const user = await m.buildUser();
    await m.ctx.database.db
      .insert(subscription)
      .values({ id: `sub_${user.id}`, ownerId: user.id, plan: "pro", status: "active", provider: "stripe" });
    expect(await (await m.request("GET", "/api/user/plan", { as: user })).json()).toMatchObject({
      plan: "pro",
      subscription_status: "active",
      is_paid: true,
    });
  });

  it("reports today's usage against the limits when asked for daily stats", async () => {
    const user = await m.buildUser();
    const db = m.ctx.database.db;
    const day = usageDay(new Date());
    await db.transaction(async (tx) => {
      for (let i = 0; i < 3; i++) await consumeQuota(tx, { id: user.id }, "web", { plan: "free", day });
      await consumeQuota(tx, { id: user.id }, "agent", { plan: "free", day });
    });
    await db.insert(collection).values({ id: `col_${user.id}`, ownerId: user.id, name: "Reading" });
    const res = await m.request("GET", "/api/user/stats?needDailyStats=true", { as: user });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      plan: "free",
      day,
      daily: {
        web: {
          count: 3,
          limit: limitFor("free", "webSearchCount"),
          remaining: limitFor("free", "webSearchCount")! - 3,
        },
        agent: {
          count: 1,
          limit: limitFor("free", "agentCount"),
          remaining: limitFor("free", "agentCount")! - 1,
        },
        apps: { count: 0, limit: limitFor("free", "qnaCount") },
        qna: { count: 0 },
        file_upload: { count: 0, limit: limitFor("free", "fileUploadCount") },
      },
      collections: { count: 1, limit: limitFor("free", "collectionCount") },
    });
    const without = await (await m.request("GET", "/api/user/stats", { as: user })).json();
    expect(without.daily).toBeUndefined();
    const desktop = await (
      await m.request("GET", "/api/user/stats?needDailyStats=true", {
        as: user,
        headers: desktopHeaders(m, user),
      })
    ).json();
    expect(desktop.daily.web).toEqual({ count: 3, limit: null, remaining: null });
  });

  it("lets only site administrators set a plan, by e-mail", async () => {
    const admin = await m.buildUser();
    const target = await m.buildUser();
    const body = { email: target.email.toUpperCase(), plan: "ltd_tier_5" };
    const refused = await m.request("PUT", "/api/admin/user_plan", { as: admin, json: body });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: "forbidden" });

    await m.ctx.database.db
      .update(userProfile)
      .set({ isAdmin: true })
      .where(eq(userProfile.userId, admin.id));
    const ok = await m.request("PUT", "/api/admin/user_plan", { as: admin, json: body });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ success: true, email: target.email, plan: "ltd_tier_5" });
    expect(await (await m.request("GET", "/api/user/plan", { as: target })).json()).toMatchObject({
      plan: "ltd_tier_5",
      skip_trial: true,
      white_label: true,
    });
    expect(await (await m.request("GET", "/api/user/me", { as: target })).json()).toMatchObject({
      plan: "ltd_tier_5",
    });

    const unknownPlan = await m.request("PUT", "/api/admin/user_plan", {
      as: admin,
      json: { email: target.email, plan: "gold" },
    });
    expect(unknownPlan.status).toBe(400);
    const unknownUser = await m.request("PUT", "/api/admin/user_plan", {
      as: admin,
      json: { email: "nobody@example.com", plan: "pro" },
    });
    expect(unknownUser.status).toBe(404);
    expect(await unknownUser.json()).toMatchObject({
      error: "not_found",
      message: "No user has this e-mail address.",
    });
  });

  it("lists the plan routes in the OpenAPI document", async () => {
    const doc = await (await m.request("GET", "/api/openapi.json")).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/user/plan", "/api/user/stats", "/api/admin/user_plan"]),
    );
  });
});
