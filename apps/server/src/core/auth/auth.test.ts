import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commonPasswordMessage } from "./password-policy.ts";
import { createTestMnemo, testDatabases, type TestMnemo } from "../../test/harness.ts";

const desktopSecret = "operator-desktop-client-secret";

describe.each(testDatabases())("accounts on %s", (kind) => {
  let m: TestMnemo;
  beforeAll(async () => {
    m = await createTestMnemo(kind, { DESKTOP_CLIENT_SECRET: desktopSecret });
  });
  afterAll(async () => {
    await m?.close();
  });

  it("signs up, reads the profile with the bearer token, signs out and back in", async () => {
    const user = await m.buildUser({
      name: "Ada Lovelace",
      email: "ada@example.com",
      password: "analytical-engine",
    });
    const me = await m.request("GET", "/api/user/me", { as: user });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      email: "ada@example.com",
      full_name: "Ada Lovelace",
      plan: "free",
    });

    const out = await m.request("POST", "/api/auth/sign-out", { as: user });
    expect(out.status).toBe(200);
    expect((await m.request("GET", "/api/user/me", { as: user })).status).toBe(401);

    const back = await m.request("POST", "/api/auth/sign-in", {
      json: { email: "ADA@example.com ", password: "analytical-engine" },
    });
    expect(back.status).toBe(200);
    const { token } = (await back.json()) as { token: string };
    expect(
      (await m.request("GET", "/api/user/me", { headers: { authorization: `Bearer ${token}` } })).status,
    ).toBe(200);
  });

  it("refuses a wrong password with 401 and a clear message", async () => {
    await m.buildUser({ email: "bob@example.com", password: "right-password" });
    const res = await m.request("POST", "/api/auth/sign-in", {
      json: { email: "bob@example.com", password: "wrong-password" },
    });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: "unauthorized", message: "Invalid email or password." });
  });

  it("refuses a duplicate email with 409", async () => {
    await m.buildUser({ email: "carol@example.com" });
    const res = await m.request("POST", "/api/auth/sign-up", {
      json: { name: "Carol", email: "carol@example.com", password: "another-password" },
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: "conflict",
      message: "An account with this email already exists.",
    });
  });

  it("refuses a short password and a missing name with 400", async () => {
    const short = await m.request("POST", "/api/auth/sign-up", {
      json: { name: "Dan", email: "dan@example.com", password: "short" },
    });
    expect(short.status).toBe(400);
    expect(await short.json()).toMatchObject({
      error: "validation",
      message: "Password must be at least 8 characters.",
    });
    const noName = await m.request("POST", "/api/auth/sign-up", {
      json: { name: "  ", email: "dan@example.com", password: "long-enough-pw" },
    });
    expect(noName.status).toBe(400);
    expect(await noName.json()).toMatchObject({ message: "Full name is required." });
  });

  it.each([
    "password",
    "Password1",
    "qwertyuiop",
    "zzzzzzzz",
    "erin@example.com",
    "Password1!",
    "P@ssw0rd1",
    "Qwerty123!",
    "Summer2024!",
  ])("refuses the trivial password %s with 400 and a clear message", async (password) => {
    const res = await m.request("POST", "/api/auth/sign-up", {
      json: { name: "Erin", email: "erin@example.com", password },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "validation", message: commonPasswordMessage });
  });

  it("answers malformed JSON with 400 and an oversized body with 413", async () => {
    const bad = await m.request("POST", "/api/auth/sign-in", {
      body: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: "validation", message: "Malformed JSON body." });
    const huge = "x".repeat(3 * 1024 * 1024);
    const big = await m.request("POST", "/api/auth/sign-in", {
      body: JSON.stringify({ email: "a@b.co", password: huge }),
      headers: { "content-type": "application/json" },
    });
    expect(big.status).toBe(413);
    // The limit goes with the 413, so a client can say it and stop sending (issue 41).
    expect(await big.json()).toMatchObject({
      error: "validation",
      message: "The request body is too large.",
      details: { limit_bytes: 2 * 1024 * 1024 },
    });
  });

  it("answers unknown API routes with 404 JSON", async () => {
    const res = await m.request("GET", "/api/does-not-exist");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "not_found", message: "No such API route." });
  });

  it("updates metadata by merging and the full name", async () => {
    const user = await m.buildUser();
    const r1 = await m.request("PATCH", "/api/user/metadata", {
      as: user,
      json: { hideResetChatConfirmation: true, streamPauseCount: 1 },
    });
    expect(r1.status).toBe(200);
    await m.request("PATCH", "/api/user/metadata", { as: user, json: { submitUserDetails: true } });
    const meta = await (await m.request("GET", "/api/user/metadata", { as: user })).json();
    expect(meta).toEqual({ hideResetChatConfirmation: true, streamPauseCount: 1, submitUserDetails: true });
    const unknown = await m.request("PATCH", "/api/user/metadata", { as: user, json: { isAdmin: true } });
    expect(unknown.status).toBe(400);
    const empty = await m.request("PUT", "/api/user/profile", { as: user, json: { full_name: " " } });
    expect(empty.status).toBe(400);
    const named = await m.request("PUT", "/api/user/profile", {
      as: user,
      json: { full_name: "Grace Hopper" },
    });
    expect(named.status).toBe(200);
    expect(await (await m.request("GET", "/api/user/me", { as: user })).json()).toMatchObject({
      full_name: "Grace Hopper",
    });
  });

  it("serves a registered desktop client as plan team; the Source header alone, a forged or another user's token lift nothing", async () => {
    const [user, other] = [await m.buildUser(), await m.buildUser()];
    const me = async (headers: Record<string, string>) =>
      (await (await m.request("GET", "/api/user/me", { as: user, headers })).json()) as {
        plan: string;
        is_desktop_app: boolean;
      };
    const free = { plan: "free", is_desktop_app: false };
    expect(await me({ source: "desktop_app" })).toMatchObject(free);

    const register = (as: typeof user, client_secret: string) =>
      m.request("POST", "/api/auth/desktop_token", { as, json: { client_secret } });
    expect((await register(user, "a guess at the secret")).status).toBe(403);
    expect(
      (await m.request("POST", "/api/auth/desktop_token", { json: { client_secret: desktopSecret } })).status,
    ).toBe(401);
    const registered = await register(user, desktopSecret);
    expect(registered.status).toBe(200);
    const { desktop_token } = (await registered.json()) as { desktop_token: string };
    expect(await me({ source: "desktop_app", "x-desktop-token": desktop_token })).toMatchObject({
      plan: "team",
      is_desktop_app: true,
    });

    const othersToken = ((await (await register(other, desktopSecret)).json()) as { desktop_token: string })
      .desktop_token;
    expect(await me({ source: "desktop_app", "x-desktop-token": othersToken })).toMatchObject(free);
    const [v, exp, sig] = desktop_token.split(".");
    const forged = `${v}.${Number(exp) + 86_400}.${sig}`;
    expect(await me({ source: "desktop_app", "x-desktop-token": forged })).toMatchObject(free);
    expect(await me({ "x-desktop-token": "desktop_app" })).toMatchObject(free);
  });
});
