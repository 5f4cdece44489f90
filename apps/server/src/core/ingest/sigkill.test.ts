import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openDatabase, queryRows } from "../../platform/db/client.ts";
import { createPostgresDatabase, testDatabases } from "../../test/harness.ts";
import { waitUntil } from "../../test/wait.ts";
import { callServer, spawnServer, type ServerProcess } from "../../test/process.ts";
import { b64, textFileUpload } from "./test/helpers.ts";

const ITEMS = 100;

type Client = { call: (method: string, p: string, body?: unknown) => Promise<Response> };

function client(server: ServerProcess, token = ""): Client {
  return {
    call: (method, p, body) => callServer(server, method, p, body, token),
  };
}

/** One distinct short note per item: it makes exactly one chunk. */
const noteText = (i: number) => `Field note ${i}: the heron at pond ${i} caught ${i % 7} fish before noon.`;

async function submit(server: ServerProcess, api: Client, i: number): Promise<string> {
  const name = `note-${i}.txt`;
  const text = noteText(i);
  const res = await api.call("POST", "/api/upload/get_presigned_url", textFileUpload(name, text));
  const p = (await res.json()) as { presigned_url: string; file_id: string };
  const put = await fetch(server.url + p.presigned_url, {
    method: "PUT",
    body: text,
    headers: { "x-amz-meta-name_base64": b64(name) },
  });
  expect(put.status).toBe(200);
  const c = await api.call("POST", "/api/upload/confirm_upload", {
    file_id: p.file_id,
    upload_status: "success",
    file_type: "txt",
  });
  expect(c.status).toBe(200);
  return p.file_id;
}

async function statuses(api: Client, ids: string[]) {
  const res = await api.call(
    "POST",
    "/api/upload/verify_indexing",
    ids.map((id) => ({ id, type: "file" })),
  );
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string; indexing_status: string }[];
}

describe.each(testDatabases())("SIGKILL mid-ingestion (%s)", (kind) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mnemo-sigkill-"));
  let dropDb: (() => Promise<void>) | undefined;
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop("SIGKILL");
    await dropDb?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("brings every item to success exactly once after a restart", async () => {
    // Team: no daily upload cap for the 100 uploads (plan limits are tested in modules/plans).
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      AUTH_SECRET: "sigkill-secret-sigkill-secret-sigkill-1",
      DEFAULT_PLAN: "team",
    };
    if (kind === "postgres") {
      const created = await createPostgresDatabase();
      env.DATABASE_URL = created.url;
      dropDb = created.drop;
    }
    server = await spawnServer(env);
    const signUp = await client(server).call("POST", "/api/auth/sign-up", {
      name: "K",
      email: "k@example.com",
      password: "correct-horse-battery",
    });
    const { token } = (await signUp.json()) as { token: string };
    let api = client(server, token);
    const ids: string[] = [];
    for (let i = 0; i < ITEMS; i++) ids.push(await submit(server, api, i));
    const before = await statuses(api, ids);
    const doneBefore = before.filter((s) => s.indexing_status === "success").length;
    server.child.kill("SIGKILL");
    await server.exited;
    // The kill must land mid-ingestion for the test to mean anything.
    expect(doneBefore).toBeLessThan(ITEMS);

    // Info lines name the jobs the killed process left running and say when each completes.
    server = await spawnServer({ ...env, LOG_LEVEL: "info" });
    api = client(server, token);
    const after = await waitUntil(
      "every memory to leave in_progress after the restart",
      async () => {
        const now = await statuses(api, ids);
        return now.every((s) => s.indexing_status !== "in_progress") && now;
      },
      { timeoutMs: 90_000, intervalMs: 500 },
    );
    expect(after.filter((s) => s.indexing_status !== "success")).toEqual([]);
    if (kind === "postgres") {
      // A memory reads "success" as soon as its index job's work commits; the job itself is marked
      // completed with its batch a moment later. Stop only once every job says so (PostgreSQL can
      // be read beside the running server; PGlite only after it stops).
      const live = await openDatabase({ databaseUrl: env.DATABASE_URL });
      try {
        await waitUntil(
          "every index job to be marked completed",
          async () =>
            (
              await queryRows<{ n: number }>(
                live.db,
                sql`select count(distinct data->>'sourceId')::int as n from pgboss.job where name = 'ingest.index' and state = 'completed'`,
              )
            )[0]?.n === ITEMS,
          { timeoutMs: 30_000, intervalMs: 200 },
        );
      } finally {
        await live.close();
      }
    }
    if (kind === "pglite") {
      // PGlite cannot be read beside the server: its log says which index jobs the killed process
      // left running (retried at start, one process a data dir) and when each completes.
      const running = server;
      const lines = () =>
        running
          .output()
          .split("\n")
          .flatMap((l): { msg?: string; resumed?: { name: string; id: string }[]; id?: string }[] => {
            try {
              return l.startsWith("{") ? [JSON.parse(l)] : [];
            } catch {
              return []; // a line still being written
            }
          });
      const resumed = await waitUntil(
        "the restarted server to retry what the killed one left running",
        async () =>
          lines().find((l) => l.msg === "jobs left running by a stopped process are retried")?.resumed,
        { timeoutMs: 30_000, intervalMs: 200 },
      );
      const indexJobs = resumed.filter((j) => j.name === "ingest.index").map((j) => j.id);
      await waitUntil(
        "every retried index job to complete",
        async () => {
          const done = new Set(
            lines()
              .filter((l) => l.msg === "a job left running by a stopped process completed")
              .map((l) => l.id),
          );
          return indexJobs.every((id) => done.has(id));
        },
        { timeoutMs: 60_000, intervalMs: 200 },
      );
    }
    await server.stop("SIGTERM");
    server = undefined;

    const database = await openDatabase(
      kind === "postgres" ? { databaseUrl: env.DATABASE_URL } : { pgliteDir: path.join(dataDir, "pglite") },
    );
    try {
      const perSource = await queryRows<{ source_id: string; n: number }>(
        database.db,
        sql`select source_id, count(*)::int as n from chunk group by source_id`,
      );
      expect(perSource.length).toBe(ITEMS);
      expect(perSource.every((r) => Number(r.n) === 1)).toBe(true);
      const indexRuns = await queryRows<{ source_id: string; n: number }>(
        database.db,
        sql`select data->>'sourceId' as source_id, count(*)::int as n from pgboss.job where name = 'ingest.index' and state = 'completed' group by 1`,
      );
      expect(indexRuns.length).toBe(ITEMS);
      expect(indexRuns.every((r) => Number(r.n) === 1)).toBe(true);
    } finally {
      await database.close();
    }
  }, 240_000);
});
