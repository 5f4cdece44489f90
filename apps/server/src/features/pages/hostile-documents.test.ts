import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestMnemo, type TestMnemo, type TestUser } from "../../test/harness.ts";
import { MAX_STALL_MS, watchEventLoop } from "../../test/event-loop.ts";
import { stopExtractionProcesses } from "../../platform/sandbox/runner.ts";
import { confirm, presign, putBody, waitIndexed, type Presigned } from "../../core/ingest/test/helpers.ts";
import { startFixtureSite, type FixtureSite } from "../../test/fixtures/sites/server.ts";

/** The probe's inputs that froze the server (issue 12 item 1). */
const hostile = {
  brackets: "[".repeat(100_000),
  divs: "<div>".repeat(10_000),
};
/** The probe's 100 KB page that froze /api/health for 30–43 s on each retry. */
const hostilePage = "<div>".repeat(20_000);

describe("hostile documents never stall the server", () => {
  let m: TestMnemo;
  let site: FixtureSite;
  let alice: TestUser;
  beforeAll(async () => {
    site = await startFixtureSite();
    // A shorter budget than the default 15 s, yet room for a cold sandbox on a busy machine.
    m = await createTestMnemo("pglite", {
      PARSE_TIMEOUT_MS: "8000",
      FETCH_ALLOW_HOSTS: "127.0.0.1",
      FETCH_EXTRA_CA: site.caPath,
    });
    alice = await m.buildUser();
    // Warm the sandbox: its first start is not what is measured.
    await m.request("POST", "/api/blocknote-parser", { as: alice, json: { markdown: "# Warm" } });
  }, 60_000);
  afterAll(async () => {
    await m?.close();
    await site?.close();
    stopExtractionProcesses();
  });

  it.each(Object.entries(hostile))(
    "POST /api/blocknote-parser with %s answers without blocking the event loop",
    async (_name, markdown) => {
      const { result: res, maxBlockedMs } = await watchEventLoop(() =>
        m.request("POST", "/api/blocknote-parser", { as: alice, json: { markdown } }),
      );
      expect(res.status).toBeLessThan(500);
      if (res.status !== 200) {
        expect(res.status).toBe(422);
        expect(await res.json()).toEqual({
          error: "validation",
          message: "This document is too large or too complex to convert.",
        });
      }
      expect(maxBlockedMs).toBeLessThan(MAX_STALL_MS);
    },
    60_000,
  );

  it("POST /api/upload/fetch_page_metadata of a 500 KB page of unclosed <div>s reads its title without blocking the event loop", async () => {
    const url = `${site.origin}/hostile-head`;
    await m.request("POST", "/api/upload/fetch_page_metadata", {
      as: alice,
      json: { url: `${site.origin}/plain-page` },
    });
    const { result: res, maxBlockedMs } = await watchEventLoop(() =>
      m.request("POST", "/api/upload/fetch_page_metadata", { as: alice, json: { url } }),
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      title: "Stuffed & slow",
      description: "A head built to stall parsers.",
    });
    expect(maxBlockedMs).toBeLessThan(MAX_STALL_MS);
  }, 60_000);

  it("answers /api/health while a hostile conversion runs", async () => {
    const slow = m.request("POST", "/api/blocknote-parser", {
      as: alice,
      json: { markdown: hostile.divs },
    });
    let slowDone = false;
    void slow.then(() => (slowDone = true));
    const health = await m.request("GET", "/api/health");
    expect(health.status).toBe(200);
    expect(slowDone).toBe(false);
    expect((await slow).status).toBeLessThan(500);
  }, 60_000);

  async function savePageFile(name: string, markdown: string) {
    const res = await presign(m, alice, name, Buffer.byteLength(markdown), "page", "md");
    expect(res.status).toBe(200);
    const p = (await res.json()) as Presigned;
    expect((await putBody(m, p.presigned_url, markdown, name, "page")).status).toBe(200);
    expect((await confirm(m, alice, p.file_id, { file_type: "md" })).status).toBe(200);
    return waitIndexed(m, alice, [{ id: p.file_id, type: "page" }], 60_000);
  }

  it("ends a hostile Markdown page errored, keeping the event loop free", async () => {
    // The first page saved warms this path (PGlite compiles its WebAssembly lazily).
    expect((await savePageFile("benign.md", "# Benign\n\nA calm page."))[0]).toMatchObject({
      indexing_status: "success",
    });
    const { result: rows, maxBlockedMs } = await watchEventLoop(() =>
      savePageFile("hostile.md", hostilePage),
    );
    expect(rows[0]).toMatchObject({ indexing_status: "errored" });
    expect(maxBlockedMs).toBeLessThan(MAX_STALL_MS);
  }, 90_000);

  it("saves a link to a page built to stall parsers by its title alone, keeping the event loop free", async () => {
    const saveLink = async (path: string) => {
      const res = await m.request("POST", "/api/upload/web_pages", {
        as: alice,
        json: { web_pages: [{ link: `${site.origin}${path}` }] },
      });
      expect(res.status).toBe(200);
      const [saved] = ((await res.json()) as { web_pages: { id: string }[] }).web_pages;
      return waitIndexed(m, alice, [{ id: saved.id, type: "webpage" }], 60_000);
    };
    // The first link saved warms this path (lazily compiled code), as in the page test.
    expect((await saveLink("/articles/sourdough"))[0]).toMatchObject({ indexing_status: "success" });
    const { result: rows, maxBlockedMs } = await watchEventLoop(() => saveLink("/hostile/nested-divs"));
    expect(rows[0]).toMatchObject({ indexing_status: "success" });
    expect(maxBlockedMs).toBeLessThan(MAX_STALL_MS);
  }, 90_000);

  it("refuses page blocks nested too deeply with a 400, not a stack overflow", async () => {
    // Written by hand: JSON.stringify itself overflows the stack on such a value.
    const depth = 20_000;
    const deep = '{"type":"paragraph","children":['.repeat(depth) + "]}".repeat(depth);
    const res = await m.request("POST", "/api/pages", {
      as: alice,
      headers: { "content-type": "application/json" },
      body: `{"title":"Deep","blocks":[${deep}]}`,
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe("The page is nested too deeply.");
  }, 30_000);
});
