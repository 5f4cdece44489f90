import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { requireAuth } from "./middleware.ts";
import type { AppEnv } from "../../platform/http/context.ts";
import { requestId } from "../../platform/http/middleware/request-id.ts";
import { errorHandler } from "../../platform/http/middleware/error-handler.ts";

/**
 * The session cache (embedded PGlite; a no-op on PostgreSQL, where the same tests hold): every
 * change to a session or its user is seen by the very next request with the old token. Each test
 * first makes a request with the token (so it is cached), then changes it.
 */
describe.each(testDatabases())("sign-ins after a change on %s", (kind) => {
  let m: TestMnemo;
  /** What the middleware hands every route: the actor a token signs in. */
  let whoami: (token: string) => Promise<{ status: number; actor?: Record<string, unknown> }>;
  beforeAll(async () => {
    m = await createTestMnemo(kind, { DEFAULT_PLAN: "team" });
    const app = new Hono<AppEnv>();
    app.onError(errorHandler(m.ctx.log));
    app.use("*", requestId(m.ctx.log));
    app.get("/whoami", requireAuth(m.ctx), (c) => c.json(c.var.actor));
    whoami = async (token) => {
      const res = await app.request("/whoami", { headers: { authorization: `Bearer ${token}` } });
      return res.status === 200
        ? { status: 200, actor: (await res.json()) as Record<string, unknown> }
        : { status: res.status };
    };
  });
  afterAll(async () => {
    await m?.close();
  });

  const me = async (token: string) =>
    (await m.request("GET", "/api/user/me", { headers: { authorization: `Bearer ${token}` } })).status;
  const signIn = async (u: TestUser, password = "correct-horse-battery") => {
    const res = await m.request("POST", "/api/auth/sign-in", { json: { email: u.email, password } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { token: string }).token;
  };
  const bearer = (token: string) => new Headers({ authorization: `Bearer ${token}` });

  it("keeps checked sign-ins only on the embedded database", async () => {
    const u = await m.buildUser();
    expect(await me(u.token)).toBe(200);
    expect(m.ctx.sessions.size > 0).toBe(kind === "pglite");
  });

  it("refuses a signed-out token at once, and only that one", async () => {
    const u = await m.buildUser();
    const other = await signIn(u);
    expect([await me(u.token), await me(other)]).toEqual([200, 200]);
    expect((await m.request("POST", "/api/auth/sign-out", { as: u })).status).toBe(200);
    expect([await me(u.token), await me(other)]).toEqual([401, 200]);
  });

  it("refuses a revoked session and the sessions revoked with revokeOtherSessions", async () => {
    const u = await m.buildUser();
    const [second, third] = [await signIn(u), await signIn(u)];
    expect([await me(second), await me(third)]).toEqual([200, 200]);
    await m.ctx.auth.api.revokeSession({ headers: bearer(u.token), body: { token: second } });
    expect([await me(second), await me(third), await me(u.token)]).toEqual([401, 200, 200]);
    await m.ctx.auth.api.revokeOtherSessions({ headers: bearer(u.token) });
    expect([await me(third), await me(u.token)]).toEqual([401, 200]);
  });

  it("refuses every old token after a password change that revokes the other sessions", async () => {
    const u = await m.buildUser();
    const other = await signIn(u);
    expect([await me(u.token), await me(other)]).toEqual([200, 200]);
    const res = await m.ctx.auth.api.changePassword({
      headers: bearer(u.token),
      body: {
        currentPassword: "correct-horse-battery",
        newPassword: "battery-staple-horse",
        revokeOtherSessions: true,
      },
    });
    expect([await me(u.token), await me(other), await me(res.token!)]).toEqual([401, 401, 200]);
  });

  it("refuses the tokens of a deleted account", async () => {
    const u = await m.buildUser();
    expect(await me(u.token)).toBe(200);
    await (await m.ctx.auth.$context).internalAdapter.deleteUser(u.id);
    expect(await me(u.token)).toBe(401);
  });

  it("follows the organisation chosen in the session", async () => {
    const u = await m.buildUser();
    const orgIds: string[] = [];
    for (const name of ["Alder Co", "Birch Co"]) {
      const res = await m.request("POST", "/api/org/create", { as: u, json: { name } });
      expect(res.status).toBe(201);
      orgIds.push(((await res.json()) as { id: string }).id);
    }
    for (const id of orgIds) {
      expect((await whoami(u.token)).status).toBe(200);
      const res = await m.request("POST", "/api/org/set_active_organization", {
        as: u,
        json: { organization_id: id },
      });
      expect(res.status).toBe(200);
      expect((await whoami(u.token)).actor?.activeOrganizationId).toBe(id);
      const active = await m.request("GET", "/api/org/get_active_organization", { as: u });
      expect(await active.json()).toMatchObject({ organization: { id }, chosen: true });
    }
  });

  it("signs in the new name and e-mail address at once", async () => {
    const u = await m.buildUser({ name: "Old Name" });
    const other = await signIn(u);
    expect((await whoami(other)).actor).toMatchObject({ name: "Old Name", email: u.email });
    expect(
      (await m.request("PUT", "/api/user/profile", { as: u, json: { full_name: "New Name" } })).status,
    ).toBe(200);
    expect((await whoami(other)).actor).toMatchObject({ name: "New Name" });

    const email = `renamed-${u.id.toLowerCase()}@example.com`;
    await m.ctx.auth.api.updateUser({ headers: bearer(u.token), body: { name: "Newer Name" } });
    expect((await whoami(other)).actor).toMatchObject({ name: "Newer Name" });
    await (await m.ctx.auth.$context).internalAdapter.updateUser(u.id, { email });
    expect((await whoami(other)).actor).toMatchObject({ email });
  });
});
