import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestMnemo, type TestMnemo } from "../../test/harness.ts";
import { openApiPath } from "./route.ts";

type OpenApiDoc = { paths: Record<string, Record<string, { security?: unknown[] }>> };

/** Hono's registered API routes, minus middleware entries and the catch-alls. */
function registeredApiRoutes(m: TestMnemo) {
  const seen = new Set<string>();
  const out: { method: string; path: string }[] = [];
  for (const r of m.app.routes) {
    if (!r.path.startsWith("/api/") || r.path.endsWith("/*") || r.path === "/api/*" || r.method === "ALL")
      continue;
    const key = `${r.method} ${r.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ method: r.method, path: r.path });
  }
  return out;
}

const concrete = (path: string) => path.replace(/:([A-Za-z_]+)(\{[^}]*\})?/g, "test-$1");

describe("route table", () => {
  let m: TestMnemo;
  beforeAll(async () => {
    m = await createTestMnemo("pglite");
  });
  afterAll(async () => {
    await m?.close();
  });

  it("documents every registered API route in the OpenAPI document", async () => {
    const doc = (await (await m.request("GET", "/api/openapi.json")).json()) as OpenApiDoc;
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([p, ops]) =>
        Object.keys(ops).map((op) => `${op.toUpperCase()} ${p}`),
      ),
    );
    const routes = registeredApiRoutes(m);
    expect(routes.length).toBeGreaterThan(5);
    const missing = routes.map((r) => `${r.method} ${openApiPath(r.path)}`).filter((k) => !documented.has(k));
    expect(missing).toEqual([]);
  });

  it("refuses a missing, malformed and forged token on every protected route", async () => {
    // Public routes are those the OpenAPI document marks with no security requirement.
    const doc = (await (await m.request("GET", "/api/openapi.json")).json()) as OpenApiDoc;
    const publicRoutes = new Set(
      Object.entries(doc.paths).flatMap(([p, ops]) =>
        Object.entries(ops)
          .filter(([, op]) => Array.isArray(op.security) && op.security.length === 0)
          .map(([method]) => `${method.toUpperCase()} ${p}`),
      ),
    );
    const protectedRoutes = registeredApiRoutes(m).filter(
      (r) => !publicRoutes.has(`${r.method} ${openApiPath(r.path)}`),
    );
    expect(protectedRoutes.length).toBeGreaterThan(3);
    const forgedUser = await m.buildUser();
    const badHeaders: Record<string, string>[] = [
      {},
      { authorization: "Bearer" },
      { authorization: "Basic dXNlcjpwYXNz" },
      { authorization: "Bearer not a token" },
      { authorization: `Bearer ${forgedUser.token.slice(0, -4)}abcd` },
      { authorization: "Bearer Zm9yZ2VkLXRva2VuLXRoYXQtbG9va3MtcmVhbA.c2lnbmF0dXJl" },
    ];
    const failures: string[] = [];
    for (const r of protectedRoutes) {
      for (const headers of badHeaders) {
        const res = await m.request(r.method, concrete(r.path), {
          headers: { ...headers, "content-type": "application/json" },
          body: r.method === "GET" || r.method === "HEAD" ? undefined : "{}",
        });
        const body = await res.text();
        if (res.status !== 401 || body !== '{"error":"unauthorized"}') {
          failures.push(
            `${r.method} ${r.path} with ${JSON.stringify(headers)} → ${res.status} ${body.slice(0, 80)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("lets a valid token through the auth layer", async () => {
    const user = await m.buildUser();
    const res = await m.request("GET", "/api/user/me", { as: user });
    expect(res.status).toBe(200);
  });
});
