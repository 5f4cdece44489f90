import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { strToU8 } from "fflate";
import { eq } from "drizzle-orm";
import { createTestMnemo, testDatabases, type TestMnemo } from "../../test/harness.ts";
import { startFixtureSite, type FixtureSite } from "../../test/fixtures/sites/server.ts";
import { waitUntil } from "../../test/wait.ts";
import { source } from "../../platform/db/schema/index.ts";
import { startWorker } from "../../app/jobs.ts";
import type { ImportRun } from "@mnemo/contracts";
import { runImport, startImport } from "./import-service.ts";
import { waitForRun } from "./test-helpers.ts";

/** A bookmarks file of `n` links to the fixture site's generated articles. */
function bookmarks(n: number, origin: string): string {
  const out = ["<!DOCTYPE NETSCAPE-Bookmark-file-1>", "<H1>Bookmarks</H1>", "<DL><p>"];
  for (let i = 0; i < n; i++) out.push(`<DT><A HREF="${origin}/articles/page-${i}">Article ${i}</A>`);
  out.push("</DL><p>");
  return out.join("\n");
}

describe.each(testDatabases())("an import stopped between a batch and its fetches (%s)", (kind) => {
  let m: TestMnemo;
  let site: FixtureSite;

  beforeAll(async () => {
    site = await startFixtureSite();
    m = await createTestMnemo(kind, { FETCH_ALLOW_HOSTS: "127.0.0.1", FETCH_EXTRA_CA: site.caPath });
    // The worker runs (as in `mnemo serve`): it has done its start-up catch-up long before the crash.
    await startWorker(m.ctx);
  }, 120_000);
  afterAll(async () => {
    await m?.close();
    await site?.close();
  });

  it("fetches and indexes every imported memory exactly once after resuming", async () => {
    const user = await m.buildUser();
    const actor = { id: user.id, email: user.email, name: user.name, isDesktopApp: false };
    // 260 links: a first batch of 250, then one of 10.
    const n = 260;
    const held = { ...m.ctx, queue: { ...m.ctx.queue, send: async () => {} } };
    const run = await startImport(
      held,
      actor,
      { fileName: "bookmarks.html", format: "auto", dryRun: false },
      strToU8(bookmarks(n, site.origin)),
    );
    // The process dies right after the second batch committed, before its fetches were queued.
    let batches = 0;
    const crashing = {
      ...m.ctx,
      queue: {
        ...m.ctx.queue,
        sendMany: async (...args: Parameters<typeof m.ctx.queue.sendMany>) => {
          if (++batches === 2) throw new Error("killed");
          return m.ctx.queue.sendMany(...args);
        },
      },
    };
    await expect(runImport(crashing, run.id)).rejects.toThrow("killed");
    const mid = await m.request("GET", `/api/import/${run.id}`, { as: user });
    expect(((await mid.json()) as { run: ImportRun }).run).toMatchObject({
      status: "running",
      processed: n,
      created: n,
    });

    // The job's retry resumes the run (its cursor is already at the end).
    await runImport(m.ctx, run.id);
    expect(await waitForRun(m, user, run.id, ["done", "failed"])).toMatchObject({
      status: "done",
      created: n,
      duplicates: 0,
    });
    const rows = await waitUntil(
      "every imported memory indexed",
      async () => {
        const all = await m.ctx.database.db
          .select({ url: source.url, status: source.status })
          .from(source)
          .where(eq(source.ownerId, user.id));
        return all.every((r) => r.status !== "in_progress") && all;
      },
      { timeoutMs: 240_000, intervalMs: 200 },
    );
    expect(rows).toHaveLength(n);
    expect(rows.filter((r) => r.status !== "success")).toEqual([]);
    // Each page was fetched once: none lost with the crash, none fetched again by the resume.
    const fetched = new Map<string, number>();
    for (const p of site.stats.requests)
      if (p.startsWith("/articles/page-")) fetched.set(p, (fetched.get(p) ?? 0) + 1);
    expect(fetched.size).toBe(n);
    expect([...fetched.values()].filter((c) => c !== 1)).toEqual([]);
  }, 300_000);
});
