import { Hono } from "hono";
import { APIError } from "better-auth/api";
import { describe, expect, it } from "vitest";
import { createLogger } from "../../platform/logger.ts";
import type { AppEnv } from "../../platform/http/context.ts";
import { requireAuth, type RequireAuthDeps } from "./middleware.ts";
import { errorHandler } from "../../platform/http/middleware/error-handler.ts";
import { requestId } from "../../platform/http/middleware/request-id.ts";
import { createSessionCache, type SessionCache } from "./session-cache.ts";

/** An app with one protected route whose session lookup does what `getSession` does. */
function appWith(getSession: () => Promise<unknown>, sessions: SessionCache = createSessionCache()) {
  const log = createLogger("silent");
  const ctx = {
    auth: { api: { getSession } },
    desktopTokens: { verify: () => false },
    sessions,
  } as unknown as RequireAuthDeps;
  const app = new Hono<AppEnv>();
  app.onError(errorHandler(log));
  app.use("*", requestId(log));
  app.get("/me", requireAuth(ctx), (c) => c.json({ id: c.var.actor.id }));
  return app;
}

const token = { authorization: "Bearer a-token-of-some-length" };
const user = { id: "u1", email: "A@Example.com", name: "A" };
const session = { expiresAt: new Date(Date.now() + 3_600_000), activeOrganizationId: null };

describe("requireAuth", () => {
  it("lets a valid session through", async () => {
    const res = await appWith(async () => ({ user, session })).request("/me", { headers: token });
    expect([res.status, await res.json()]).toEqual([200, { id: "u1" }]);
  });

  it("asks better-auth once for a token it accepted, again once the user's sign-ins are forgotten", async () => {
    let lookups = 0;
    const sessions = createSessionCache();
    const app = appWith(async () => (lookups++, { user, session }), sessions);
    for (let i = 0; i < 3; i++) expect((await app.request("/me", { headers: token })).status).toBe(200);
    expect(lookups).toBe(1);
    sessions.forgetUser("u1");
    expect((await app.request("/me", { headers: token })).status).toBe(200);
    expect(lookups).toBe(2);
  });

  it("never keeps a token better-auth refused", async () => {
    let lookups = 0;
    const app = appWith(async () => (lookups++, null));
    for (let i = 0; i < 2; i++) expect((await app.request("/me", { headers: token })).status).toBe(401);
    expect(lookups).toBe(2);
  });

  it.each([
    ["no header", {}, async () => ({ user })],
    ["a malformed header", { authorization: "Basic abc" }, async () => ({ user })],
    ["an unknown token", token, async () => null],
    [
      "a token better-auth rejects",
      token,
      async () => {
        throw new APIError("UNAUTHORIZED");
      },
    ],
  ])("answers a bare 401 for %s", async (_name, headers, getSession) => {
    const res = await appWith(getSession).request("/me", { headers });
    expect([res.status, await res.text()]).toEqual([401, '{"error":"unauthorized"}']);
  });

  it("answers 503, not 401, when the session lookup itself fails (database down)", async () => {
    const res = await appWith(async () => {
      throw Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });
    }).request("/me", { headers: token });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      error: "internal",
      message: "Could not check your session. Please try again.",
    });
  });
});
