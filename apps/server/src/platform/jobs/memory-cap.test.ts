import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFixtureSite, type FixtureSite } from "../../test/fixtures/sites/server.ts";
import { callServer, spawnServer, type ServerProcess } from "../../test/process.ts";
import { processTreeRssMb, procStatusMb } from "../../test/proc.ts";
import { readNdjson } from "../../test/ndjson.ts";
import { waitUntil } from "../../test/wait.ts";

/** What a 512 MB container allows the whole process tree (server and extraction processes). */
const CAP_MB = 512;
const PAGES = 40;

/**
 * The real server, as `npm run serve` starts it, on a brand-new data dir under a 512 MB budget:
 * V8's heap capped (--max-old-space-size) and an RSS watchdog standing in for the OOM killer
 * (it SIGKILLs the process tree the moment it passes the cap). It must take a first start,
 * ingestion and concurrent chat without being killed.
 */
describe("the server under a 512 MB memory cap", () => {
  let site: FixtureSite;
  let server: ServerProcess;
  let dataDir: string;
  let peak = 0;
  let killedAt = 0;
  let watchdog: NodeJS.Timeout;

  beforeAll(async () => {
    site = await startFixtureSite();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mnemo-cap-"));
    server = await spawnServer(
      {
        DATA_DIR: dataDir,
        AUTH_SECRET: "cap-secret-cap-secret-cap-secret-cap-1",
        FETCH_ALLOW_HOSTS: "127.0.0.1",
        FETCH_EXTRA_CA: site.caPath,
        MEMORY_LIMIT_MB: String(CAP_MB),
        DEFAULT_PLAN: "team",
      },
      { nodeArgs: ["--max-old-space-size=256"] },
    );
    // Start-up happened before the watchdog could sample: its peak is the kernel's high-water mark.
    peak = procStatusMb(server.child.pid!, "VmHWM");
    if (peak > CAP_MB) killedAt = peak;
    watchdog = setInterval(() => {
      const rss = processTreeRssMb(server.child.pid!);
      peak = Math.max(peak, rss);
      if (rss > CAP_MB && !killedAt) {
        killedAt = rss;
        server.child.kill("SIGKILL");
      }
    }, 50);
  }, 120_000);

  afterAll(async () => {
    clearInterval(watchdog);
    await server?.stop("SIGTERM");
    await site?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("ingests links and answers concurrent questions without being killed", async () => {
    const call = async (p: string, body: unknown, token = "") => {
      const res = await callServer(server, "POST", p, body, token);
      expect(res.status, `${p}: ${await res.clone().text()}`).toBe(200);
      return res.json();
    };
    const { token } = (await call("/api/auth/sign-up", {
      name: "Capped",
      email: "capped@example.com",
      password: "correct-horse-battery",
    })) as { token: string };
    const links = Array.from({ length: PAGES }, (_, i) => ({ link: `${site.origin}/articles/page-${i}` }));
    const saved = (await call("/api/upload/web_pages", { web_pages: links }, token)) as {
      web_pages: { id: string | null }[];
    };
    const ids = saved.web_pages.map((w) => w.id!);
    const statuses = await waitUntil(
      "every link indexed",
      async () => {
        if (killedAt) throw new Error(`killed by the watchdog at ${killedAt} MB`);
        const rows = (await call(
          "/api/upload/verify_indexing",
          ids.map((id) => ({ id, type: "webpage" })),
          token,
        )) as { indexing_status: string }[];
        return rows.every((r) => r.indexing_status !== "in_progress") && rows;
      },
      { timeoutMs: 120_000, intervalMs: 200 },
    );
    expect(statuses.filter((s) => s.indexing_status === "success")).toHaveLength(PAGES);

    const answers = await Promise.all(
      Array.from({ length: 10 }, async (_, i) => {
        const res = await fetch(`${server.url}/api/qna`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify({ question: `What does generated article ${i} say?` }),
        });
        const lines = await readNdjson(res);
        const ended = lines.some((l) => l.end_of_data);
        return ended;
      }),
    );
    expect(answers.every(Boolean)).toBe(true);
    expect(killedAt, `peak RSS ${peak} MB`).toBe(0);
    expect(procStatusMb(server.child.pid!, "VmHWM")).toBeLessThanOrEqual(CAP_MB);
    expect(server.child.exitCode).toBeNull();
    expect(server.child.signalCode).toBeNull();
  }, 240_000);
});
