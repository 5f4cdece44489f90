import { describe, expect, it } from "vitest";
import { z } from "zod";
import { endpoint } from "@mnemo/contracts";
import { createApiClient, REFRESH_PATH, type TokenStore } from "./api-client.ts";
import { ApiError } from "./api-error.ts";

type Handler = (path: string, init: RequestInit) => Response;

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function memoryTokens(initial: string | null): TokenStore & { value: string | null } {
  const store = {
    value: initial,
    get: () => store.value,
    set: (t: string) => {
      store.value = t;
    },
    clear: () => {
      store.value = null;
    },
  };
  return store;
}

/** A client over a scripted server; records every call, the clock is moved by hand. */
function setup(handler: Handler, token: string | null = "t1") {
  const calls: { path: string; method: string; headers: Record<string, string>; body?: string }[] = [];
  const reported: ApiError[] = [];
  const clock = { now: 1_000_000 };
  let signedOut = 0;
  const tokens = memoryTokens(token);
  const client = createApiClient({
    fetch: async (path, init) => {
      calls.push({
        path,
        method: init.method ?? "GET",
        headers: init.headers as Record<string, string>,
        body: init.body as string | undefined,
      });
      return handler(path, init);
    },
    now: () => clock.now,
    tokens,
    onSignedOut: () => {
      signedOut += 1;
    },
    reportError: (err) => reported.push(err),
  });
  return { client, calls, reported, clock, tokens, signedOuts: () => signedOut };
}

/** Endpoints of a scripted server (paths relative to /api). */
const get = <R extends z.ZodType | undefined = undefined>(path: string, response?: R) =>
  endpoint({ method: "get", path, summary: "test", tag: "test", response });
const post = (path: string) => endpoint({ method: "post", path, summary: "test", tag: "test" });
const signIn = endpoint({
  method: "post",
  path: "/auth/sign-in",
  summary: "test",
  tag: "test",
  body: z.object({ email: z.string() }),
});

const authHeader = (init: RequestInit) => (init.headers as Record<string, string>).authorization;
const refreshOk = (token: string) => json(200, { token, user: { id: "u", name: "A", email: "a@x.io" } });

describe("api client", () => {
  it("sends the bearer token and the webapp source header, and parses with the schema", async () => {
    const t = setup(() => json(200, { id: "u1", extra: true }));
    const out = await t.client.request(get("/user/me", z.object({ id: z.string() })));
    expect(out).toEqual({ id: "u1" });
    expect(t.calls[0].headers.authorization).toBe("Bearer t1");
    expect(t.calls[0].headers.Source).toBe("webapp");
  });

  it("sends no token on calls that do not use auth", async () => {
    const t = setup(() => json(200, {}));
    await t.client.request(signIn, { body: { email: "a" }, auth: false });
    expect(t.calls[0].headers.authorization).toBeUndefined();
    expect(t.calls[0].body).toBe('{"email":"a"}');
  });

  it("refreshes the token on 401 and retries once with the new token", async () => {
    const t = setup((path, init) => {
      if (path === REFRESH_PATH) return refreshOk("t2");
      return authHeader(init) === "Bearer t2"
        ? json(200, { ok: true })
        : json(401, { error: "unauthorized" });
    });
    await expect(t.client.request(get("/user/me"))).resolves.toEqual({ ok: true });
    expect(t.calls.map((c) => c.path)).toEqual(["/api/user/me", REFRESH_PATH, "/api/user/me"]);
    expect(t.tokens.value).toBe("t2");
    expect(t.signedOuts()).toBe(0);
    expect(t.reported).toEqual([]);
  });

  it("clears the token and signs out when the retry is still unauthorized", async () => {
    const t = setup((path) =>
      path === REFRESH_PATH ? refreshOk("t1") : json(401, { error: "unauthorized" }),
    );
    const err = await t.client.request(get("/user/me")).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe("unauthorized");
    expect(t.calls.map((c) => c.path)).toEqual(["/api/user/me", REFRESH_PATH, "/api/user/me"]);
    expect(t.tokens.value).toBeNull();
    expect(t.signedOuts()).toBe(1);
  });

  it("signs out without retrying when the refresh itself is refused", async () => {
    const t = setup(() => json(401, { error: "unauthorized" }));
    await expect(t.client.request(get("/user/me"))).rejects.toBeInstanceOf(ApiError);
    // refresh is refused but leaves the token; the single retry then fails and signs out.
    expect(t.calls.filter((c) => c.path === REFRESH_PATH)).toHaveLength(1);
    expect(t.calls.filter((c) => c.path === "/api/user/me")).toHaveLength(2);
    expect(t.tokens.value).toBeNull();
    expect(t.signedOuts()).toBe(1);
  });

  it("does not force another refresh within 10 s of the last one, but still retries once", async () => {
    let fail = true;
    const t = setup((path) => {
      if (path === REFRESH_PATH) return refreshOk("t1");
      if (fail) {
        fail = false;
        return json(401, { error: "unauthorized" });
      }
      return json(200, {});
    });
    await t.client.request(get("/a"));
    expect(t.calls.filter((c) => c.path === REFRESH_PATH)).toHaveLength(1);

    t.clock.now += 9_999;
    fail = true;
    await t.client.request(get("/b"));
    expect(t.calls.filter((c) => c.path === REFRESH_PATH)).toHaveLength(1);
    expect(t.calls.filter((c) => c.path === "/api/b")).toHaveLength(2);

    t.clock.now += 1;
    fail = true;
    await t.client.request(get("/c"));
    expect(t.calls.filter((c) => c.path === REFRESH_PATH)).toHaveLength(2);
  });

  it("shares one refresh between calls that fail together", async () => {
    const t = setup((path, init) => {
      if (path === REFRESH_PATH) return refreshOk("t2");
      return authHeader(init) === "Bearer t2" ? json(200, {}) : json(401, { error: "unauthorized" });
    });
    await Promise.all([t.client.request(get("/a")), t.client.request(get("/b"))]);
    expect(t.calls.filter((c) => c.path === REFRESH_PATH)).toHaveLength(1);
  });

  it("goes straight to sign-in when there is no token at all", async () => {
    const t = setup(() => json(401, { error: "unauthorized" }), null);
    await expect(t.client.request(get("/user/me"))).rejects.toBeInstanceOf(ApiError);
    expect(t.calls.map((c) => c.path)).toEqual(["/api/user/me"]);
    expect(t.signedOuts()).toBe(1);
  });

  it("reports and raises other failures with the server's message, without refreshing", async () => {
    const t = setup(() =>
      json(409, { error: "conflict", message: "An account with this email already exists." }),
    );
    const err = (await t.client
      .request(post("/auth/sign-up"), { auth: false })
      .catch((e: unknown) => e)) as ApiError;
    expect(err.status).toBe(409);
    expect(err.code).toBe("conflict");
    expect(err.message).toBe("An account with this email already exists.");
    expect(t.reported).toEqual([err]);
    expect(t.calls).toHaveLength(1);
  });

  it("does not refresh a 401 from an unauthenticated call such as a wrong password", async () => {
    const t = setup(() => json(401, { error: "unauthorized", message: "Invalid email or password." }));
    await expect(t.client.request(post("/auth/sign-in"), { auth: false })).rejects.toThrow(
      "Invalid email or password.",
    );
    expect(t.calls).toHaveLength(1);
    expect(t.tokens.value).toBe("t1");
  });

  it("reports a server error without a JSON body with a readable message", async () => {
    const t = setup(() => new Response("boom", { status: 500 }));
    await expect(t.client.request(get("/x"))).rejects.toMatchObject({ code: "internal", status: 500 });
    expect(t.reported).toHaveLength(1);
  });

  it("reports an answer that does not match the schema", async () => {
    const t = setup(() => json(200, { id: 5 }));
    await expect(t.client.request(get("/x", z.object({ id: z.string() })))).rejects.toMatchObject({
      code: "internal",
    });
    expect(t.reported).toHaveLength(1);
  });

  it("reports a network failure as unreachable server", async () => {
    const t = setup(() => {
      throw new TypeError("fetch failed");
    });
    await expect(t.client.request(get("/x"))).rejects.toMatchObject({ status: 0, code: "upstream" });
    expect(t.reported).toHaveLength(1);
  });
});
