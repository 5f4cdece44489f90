/**
 * A request fuzzer driven by /api/openapi.json: every documented route gets hostile inputs
 * shaped by its own schemas (and some of the wrong shape). The bar: no answer ≥ 500 and, on
 * PostgreSQL, no request keeping the event loop busy > 100 ms (embedded PGlite executes every
 * query on the event loop itself, so there a stall says more about the database than the code).
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestMnemo, testDatabases, type TestMnemo, type TestUser } from "../test/harness.ts";
import { MAX_STALL_MS, watchEventLoop } from "../test/event-loop.ts";
import { stopExtractionProcesses } from "../platform/sandbox/runner.ts";
import { arbitraryFor, type JsonSchema } from "./json-schema-arbitrary.ts";

type Operation = {
  parameters?: { name: string; in: "path" | "query"; schema?: JsonSchema }[];
  requestBody?: { content: { "application/json": { schema?: JsonSchema } } };
};
type OpenApi = { paths: Record<string, Record<string, Operation>> };

/** Routes the fuzzer leaves alone, and why. */
const skipped: Record<string, string> = {
  "get /api/events": "a server-sent event stream that stays open",
  "post /api/auth/sign-out": "would revoke the fuzzing session",
  "post /api/screenshot": "starts a browser per call (covered by the screenshot tests)",
  "put /api/blob/{key}": "a raw-body upload by signed URL (covered by the blob tests)",
};

const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 6);
const WARM_UP = 2;

describe.each(testDatabases())("OpenAPI-driven request fuzzer on %s", (kind) => {
  let m: TestMnemo;
  let user: TestUser;
  let doc: OpenApi;
  beforeAll(async () => {
    m = await createTestMnemo(kind, { PARSE_TIMEOUT_MS: "3000" });
    user = await m.buildUser();
    doc = (await (await m.request("GET", "/api/openapi.json")).json()) as OpenApi;
  }, 60_000);
  afterAll(async () => {
    await m?.close();
    stopExtractionProcesses();
  });

  it("answers every documented route's hostile inputs below 500 without stalling", async () => {
    const failures: string[] = [];
    let routes = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        if (skipped[`${method} ${path}`]) continue;
        routes++;
        const params = op.parameters ?? [];
        const input = fc.record({
          path: fc.record(
            Object.fromEntries(
              params.filter((p) => p.in === "path").map((p) => [p.name, arbitraryFor(p.schema)]),
            ),
          ),
          query: fc.record(
            Object.fromEntries(
              params.filter((p) => p.in === "query").map((p) => [p.name, arbitraryFor(p.schema)]),
            ),
            { requiredKeys: [] },
          ),
          // Multipart routes (a recording, an import file) get the same hostile JSON: they must refuse it.
          body: arbitraryFor(op.requestBody?.content["application/json"]?.schema),
        });
        const samples = fc.sample(input, { numRuns: RUNS_PER_ROUTE + WARM_UP, seed: 12 });
        for (const [i, sample] of samples.entries()) {
          const url = new URL(
            path.replace(/\{(\w+)\}/g, (_m, name: string) =>
              encodeURIComponent(String(sample.path[name] ?? "x")),
            ),
            "http://mnemo.test",
          );
          for (const [k, v] of Object.entries(sample.query)) url.searchParams.set(k, String(v));
          const { result: res, maxBlockedMs } = await watchEventLoop(async () => {
            const r = await m.request(method.toUpperCase(), url.pathname + url.search, {
              as: user,
              json: op.requestBody ? sample.body : undefined,
            });
            await r.arrayBuffer().catch(() => undefined);
            return r;
          });
          const what = `${method.toUpperCase()} ${url.pathname}${url.search} ${JSON.stringify(sample.body)?.slice(0, 200)}`;
          if (res.status >= 500) failures.push(`${res.status} ${what}`);
          // The first calls of a route warm it (lazily compiled code, the jobs they start); the rest are judged.
          // PGlite runs the database itself on this thread: stalls are judged on PostgreSQL.
          if (kind === "postgres" && i >= WARM_UP && maxBlockedMs > MAX_STALL_MS)
            failures.push(`blocked ${Math.round(maxBlockedMs)} ms: ${what}`);
        }
      }
    }
    expect(routes).toBeGreaterThan(40);
    expect(failures).toEqual([]);
  }, 600_000);
});
