import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { strToU8, zipSync } from "fflate";
import { chatMessages, fileMessages, limitFor, planMessages, type ImportRun } from "@mnemo/contracts";
import { userProfile } from "../../platform/db/schema/index.ts";
import { OPERATOR_HEADER } from "../../platform/lib/operator.ts";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { waitForRun } from "../../features/transfer/test-helpers.ts";
import { confirm, presign, putBody, uploadText, type Presigned } from "../ingest/test/helpers.ts";
import { consumeQuota } from "./quota.ts";
import { ensureSiteAdmin } from "./site.ts";
import { usageDay } from "./usage-day.ts";

/** The web app's public folder holds the sample files Mnemo ships (served as WEB_DIST/samples). */
const webPublic = path.resolve(import.meta.dirname, "../../../../web/public");

/**
 * Self-hosted defaults (issue 41): a fresh server's first account is its site administrator on
 * the top plan, later accounts get the default plan; the Admin API sets plans, the default plan
 * and administrators; welcome samples and imports do not eat the daily upload cap.
 */
describe.each(testDatabases())("self-hosted defaults on %s", (kind) => {
  let m: TestMnemo;
  let owner: TestUser;
  let second: TestUser;
  beforeAll(async () => {
    m = await createTestMnemo(kind, { WEB_DIST: webPublic }, { freshServer: true });
    owner = await m.buildUser({ name: "Owner" });
    second = await m.buildUser({ name: "Second" });
  });
  afterAll(async () => {
    await m?.close();
  });

  const plan = async (u: TestUser) => (await m.request("GET", "/api/user/plan", { as: u })).json();
  const ask = async (u: TestUser, i: number) => {
    const res = await m.request("POST", "/api/qna", {
      as: u,
      json: { question: `What is in my notes? (${i})`, selected_generation_model: "mnemo-extractive" },
    });
    return { status: res.status, text: await res.text() };
  };
  const importZip = async (u: TestUser, files: number, prefix: string) => {
    const entries: Record<string, Uint8Array> = {};
    for (let i = 0; i < files; i++)
      entries[`vault/${prefix}-${i}.txt`] = strToU8(`${prefix} note number ${i}.`);
    const res = await m.request("POST", `/api/import?file_name=${prefix}.zip&format=markdown`, {
      as: u,
      body: new Blob([zipSync(entries) as Uint8Array<ArrayBuffer>]),
    });
    expect(res.status, await res.clone().text()).toBe(202);
    const { run } = (await res.json()) as { run: ImportRun };
    return waitForRun(m, u, run.id, ["done", "failed"]);
  };

  it("makes the first account the site administrator on the top plan; later ones get DEFAULT_PLAN", async () => {
    expect(await plan(owner)).toMatchObject({ plan: "ltd_tier_5", is_site_admin: true, skip_trial: true });
    expect(await plan(second)).toMatchObject({ plan: "free", is_site_admin: false });
  });

  it("lets the first account ask 50 questions and import 200 files in a day; the second sees the limits", async () => {
    for (let i = 0; i < 50; i++) {
      const answer = await ask(owner, i);
      expect(answer.status, answer.text).toBe(200);
      expect(answer.text).not.toMatch(/limit reached/i);
    }
    const run = await importZip(owner, 200, "owner");
    expect(run).toMatchObject({ status: "done", created: 200, failed: 0, errors: [] });

    const qnaLimit = limitFor("free", "qnaCount")!;
    for (let i = 0; i < qnaLimit; i++) expect((await ask(second, i)).status).toBe(200);
    const refused = await ask(second, qnaLimit);
    expect(refused.status).toBe(403);
    expect(refused.text).toContain(chatMessages.copilotDailyLimit({ n: qnaLimit }));
  }, 180_000);

  it("counts an import as one upload action, not one per file; the daily cap still holds for uploads", async () => {
    const user = await m.buildUser();
    const fileLimit = limitFor("free", "fileUploadCount")!;
    const run = await importZip(user, fileLimit + 2, "vault");
    expect(run).toMatchObject({ status: "done", created: fileLimit + 2, failed: 0 });
    // The import was one of today's uploads: fileLimit - 1 files go through, the next is refused.
    for (let i = 1; i < fileLimit; i++) await uploadText(m, user, `note-${i}.txt`, `Upload number ${i}.`);
    const over = await presign(m, user, "one-more.txt", 10);
    expect(over.status).toBe(403);
    expect(await over.json()).toMatchObject({
      error: "plan_limit",
      message: fileMessages.dailyUploadLimit({ n: fileLimit }),
    });
  });

  it("does not count Mnemo's own sample files (welcome items) against the daily cap", async () => {
    const user = await m.buildUser();
    const day = usageDay(new Date());
    const fileLimit = limitFor("free", "fileUploadCount")!;
    await m.ctx.database.db.transaction((tx) =>
      consumeQuota(tx, user, "file_upload", { plan: "free", day, amount: fileLimit }),
    );
    const name = "welcome-save-a-memory.png";
    const bytes = fs.readFileSync(path.join(webPublic, "samples/welcome", name));
    const p = await presign(m, user, name, bytes.length, "image", "png");
    expect(p.status, await p.clone().text()).toBe(200);
    const presigned = (await p.json()) as Presigned;
    expect((await putBody(m, presigned.presigned_url, new Uint8Array(bytes), name, "image")).status).toBe(
      200,
    );
    expect((await confirm(m, user, presigned.file_id, { file_type: "png" })).status).toBe(200);
    // Any other file is still refused at the cap.
    expect((await presign(m, user, "mine.txt", 10)).status).toBe(403);
  });

  it("lets site administrators list users, set plans, the default plan and administrators", async () => {
    const refused = await m.request("GET", "/api/admin/users", { as: second });
    expect(refused.status).toBe(403);
    const list = await (await m.request("GET", "/api/admin/users", { as: owner })).json();
    expect(list).toMatchObject({ default_plan: "free", default_plan_source: "environment" });
    expect(list.users.slice(0, 2)).toMatchObject([
      { email: owner.email, plan: "ltd_tier_5", is_admin: true },
      { email: second.email, plan: "free", is_admin: false },
    ]);

    const setDefault = await m.request("PUT", "/api/admin/default_plan", {
      as: owner,
      json: { plan: "pro" },
    });
    expect(await setDefault.json()).toEqual({ success: true, default_plan: "pro" });
    expect(await plan(await m.buildUser())).toMatchObject({ plan: "pro", is_site_admin: false });
    expect(await (await m.request("GET", "/api/admin/users", { as: owner })).json()).toMatchObject({
      default_plan: "pro",
      default_plan_source: "database",
    });
    await m.request("PUT", "/api/admin/default_plan", { as: owner, json: { plan: "free" } });

    const promote = await m.request("PUT", "/api/admin/site_admin", {
      as: owner,
      json: { email: second.email, is_admin: true },
    });
    expect(await promote.json()).toEqual({ success: true, email: second.email, is_admin: true });
    expect(await plan(second)).toMatchObject({ is_site_admin: true, plan: "free" });
    // Two administrators: one may step down; the last one may not.
    const demote = (who: TestUser, as: TestUser) =>
      m.request("PUT", "/api/admin/site_admin", { as, json: { email: who.email, is_admin: false } });
    expect((await demote(second, owner)).status).toBe(200);
    const last = await demote(owner, owner);
    expect(last.status).toBe(409);
    expect(await last.json()).toMatchObject({ error: "conflict", message: planMessages.lastSiteAdmin });
    expect(await plan(owner)).toMatchObject({ is_site_admin: true });
  });

  it("takes the operator key (the CLI reaching a running server) and refuses a wrong one", async () => {
    const u = await m.buildUser();
    const key = m.ctx.operator.token;
    const ok = await m.request("PUT", "/api/admin/user_plan", {
      headers: { [OPERATOR_HEADER]: key },
      json: { email: u.email, plan: "team" },
    });
    expect(ok.status).toBe(200);
    expect(await plan(u)).toMatchObject({ plan: "team" });
    const wrong = await m.request("PUT", "/api/admin/default_plan", {
      headers: { [OPERATOR_HEADER]: "not-the-key" },
      json: { plan: "team" },
    });
    expect(wrong.status).toBe(401);
  });

  it("names the first site administrator for support and links the README it serves (issue 41)", async () => {
    const res = await m.request("GET", "/api/site/support", { as: second });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ contact: null, admin_name: "Owner", docs_url: "/api/docs" });
    expect((await m.request("GET", "/api/site/support")).status).toBe(401);
    const docs = await m.request("GET", "/api/docs");
    expect(docs.status).toBe(200);
    expect(docs.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await docs.text()).toContain("## Configuration");
  });

  it("makes the oldest account administrator on an upgraded server that has none", async () => {
    const db = m.ctx.database.db;
    await db.update(userProfile).set({ isAdmin: false, plan: "free" });
    expect(await ensureSiteAdmin(db)).toBe(owner.email);
    expect(await plan(owner)).toMatchObject({ is_site_admin: true, plan: "ltd_tier_5" });
    expect(await plan(second)).toMatchObject({ is_site_admin: false });
    // Once one exists, nothing changes.
    expect(await ensureSiteAdmin(db)).toBeUndefined();
    const [row] = await db.select().from(userProfile).where(eq(userProfile.userId, second.id));
    expect(row?.isAdmin).toBe(false);
  });
});

describe.each(testDatabases())("configured support contact on %s", (kind) => {
  let m: TestMnemo;
  afterAll(async () => {
    await m?.close();
  });

  it("gives SUPPORT_CONTACT (an e-mail address or a link) and DOCS_URL to the support dialog", async () => {
    m = await createTestMnemo(kind, {
      SUPPORT_CONTACT: "help@example.org",
      DOCS_URL: "https://docs.example.org/mnemo",
    });
    const user = await m.buildUser();
    const res = await m.request("GET", "/api/site/support", { as: user });
    expect(await res.json()).toMatchObject({
      contact: { kind: "email", value: "help@example.org" },
      docs_url: "https://docs.example.org/mnemo",
    });
  });
});
