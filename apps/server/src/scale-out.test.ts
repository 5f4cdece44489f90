import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// s3rver: a fake S3 server from npm (the same one modules/blobs/s3.test.ts uses).
import S3rver from "s3rver";
import { newChatItem, readChatStream } from "@mnemo/contracts/stream";
import { createPostgresDatabase } from "./test/harness.ts";
import { callServer, freePort, spawnServer, type ServerProcess } from "./test/process.ts";
import { sseReader } from "./test/sse.ts";
import { waitUntil } from "./test/wait.ts";
import { b64, textFileUpload } from "./core/ingest/test/helpers.ts";

/**
 * Scale-out (issue 12): two API processes (DISABLE_WORKER=true) and one `mnemo worker` on one
 * PostgreSQL database and S3-compatible storage. Sign-in, capture, indexing, events and chat work
 * whichever process a request reaches, and a worker killed with SIGKILL mid-job is replaced by a
 * new one that finishes the job.
 */
const BUCKET = "mnemo-scale";

type Api = {
  server: ServerProcess;
  call(method: string, p: string, body?: unknown, token?: string): Promise<Response>;
};

function api(server: ServerProcess): Api {
  return {
    server,
    call: (method, p, body, token) => callServer(server, method, p, body, token),
  };
}

async function json<T>(res: Response | Promise<Response>, status = 200): Promise<T> {
  const r = await res;
  const text = await r.text();
  if (r.status !== status) throw new Error(`HTTP ${r.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** The spec's presigned upload flow on `on`; the body goes straight to the S3 server. */
async function uploadFile(on: Api, token: string, name: string, text: string): Promise<string> {
  const p = await json<{ presigned_url: string; file_id: string }>(
    on.call("POST", "/api/upload/get_presigned_url", textFileUpload(name, text), token),
  );
  expect(p.presigned_url.startsWith("http://127.0.0.1:")).toBe(true);
  expect(p.presigned_url.startsWith(on.server.url)).toBe(false); // S3, not the API's own blob route
  const put = await fetch(p.presigned_url, {
    method: "PUT",
    body: text,
    headers: {
      "x-amz-meta-name_base64": b64(name),
      "x-amz-meta-type": "text/plain",
      "x-amz-meta-size": String(Buffer.byteLength(text)),
      "x-amz-meta-source_type": "file",
    },
  });
  expect(put.status).toBe(200);
  await json(
    on.call(
      "POST",
      "/api/upload/confirm_upload",
      { file_id: p.file_id, upload_status: "success", file_type: "txt" },
      token,
    ),
  );
  return p.file_id;
}

async function statuses(on: Api, token: string, items: { id: string; type: string }[]) {
  return json<{ id: string; indexing_status: string }[]>(
    on.call("POST", "/api/upload/verify_indexing", items, token),
  );
}

async function ask(on: Api, token: string, question: string) {
  const res = await on.call("POST", "/api/qna", { question }, token);
  expect(res.status).toBe(200);
  return readChatStream(res.body!, newChatItem(question));
}

/** A text of many distinct sentences: big enough that extracting and indexing it takes a while. */
function largeText(sentences: number): string {
  const out: string[] = [];
  for (let i = 0; i < sentences; i++)
    out.push(`Ledger line ${i}: crate ${i * 7} of amber tea left harbour ${i % 97} on day ${i % 365}.`);
  out.push("The last line says the warehouse cat is called Saffron.");
  return out.join(" ");
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "scale-out: two API processes, a worker, S3 (postgres)",
  () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mnemo-scale-"));
    const procs: ServerProcess[] = [];
    let s3: S3rver | undefined;
    let dropDb: (() => Promise<void>) | undefined;
    let env: Record<string, string>;
    let a: Api;
    let b: Api;
    let worker: ServerProcess;

    const startWorker = async () => {
      const w = await spawnServer(env, { command: "worker", readyText: "Mnemo worker is running" });
      procs.push(w);
      if (w.child.exitCode !== null) throw new Error(`the worker exited:\n${w.output()}`);
      return w;
    };

    beforeAll(async () => {
      const s3Port = await freePort();
      s3 = new S3rver({
        port: s3Port,
        address: "127.0.0.1",
        silent: true,
        directory: path.join(dir, "s3"),
        configureBuckets: [{ name: BUCKET, configs: [] }],
      });
      await s3.run();
      const created = await createPostgresDatabase();
      dropDb = created.drop;
      env = {
        DATABASE_URL: created.url,
        AUTH_SECRET: "scale-out-secret-scale-out-secret-1234",
        DATA_DIR: path.join(dir, "data"),
        DEFAULT_PLAN: "team",
        S3_BUCKET: BUCKET,
        S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
        S3_ACCESS_KEY_ID: "S3RVER",
        S3_SECRET_ACCESS_KEY: "S3RVER",
        S3_FORCE_PATH_STYLE: "true",
        DISABLE_WORKER: "true",
      };
      // Migrations once, as a deployment runs `mnemo migrate` before starting its processes.
      const migrate = await spawnServer(env, { command: "migrate" });
      expect(await migrate.exited, migrate.output()).toBe(0);
      const [apiA, apiB, w] = await Promise.all([spawnServer(env), spawnServer(env), startWorker()]);
      procs.push(apiA, apiB);
      for (const p of [apiA, apiB]) if (p.child.exitCode !== null) throw new Error(`exited:\n${p.output()}`);
      a = api(apiA);
      b = api(apiB);
      worker = w;
    }, 120_000);

    afterAll(async () => {
      await Promise.all(procs.map((p) => p.stop("SIGKILL")));
      await s3?.close();
      await dropDb?.();
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it("signs in, captures, indexes, streams events and answers across processes", async () => {
      const email = "scale@example.com";
      const password = "correct-horse-battery";
      const signedUp = await json<{ token: string }>(
        a.call("POST", "/api/auth/sign-up", { name: "Scale", email, password }),
      );
      // A session made on A is valid on B, and one made on B on A.
      const { token } = await json<{ token: string }>(
        b.call("POST", "/api/auth/sign-in", { email, password }),
      );
      expect((await b.call("GET", "/api/user/me", undefined, signedUp.token)).status).toBe(200);
      expect((await a.call("GET", "/api/user/me", undefined, token)).status).toBe(200);

      // Live streams are held by A and by B; the worker (a third process) does the indexing, and
      // its events reach a client on either API process.
      const watch = async (on: Api) => {
        const stream = await on.call("GET", "/api/events", undefined, token);
        expect(stream.status).toBe(200);
        const events = sseReader(stream);
        expect(await events.next()).toMatchObject({ event: "me" });
        const succeeded = new Set<string>();
        void (async () => {
          for (let e = await events.next(); e; e = await events.next()) {
            const d = e.data as { id?: string; indexing_status?: string };
            if (e.event === "indexing" && d.indexing_status === "success" && d.id) succeeded.add(d.id);
          }
        })().catch(() => {}); // ends when the stream is closed below
        return { events, succeeded };
      };
      const [onA, onB] = await Promise.all([watch(a), watch(b)]);

      const note = await json<{ id: string }>(
        a.call(
          "POST",
          "/api/pages",
          {
            title: "Lighthouse log",
            markdown: "The keeper on Skellig lit the lighthouse lamp at 19:40 every evening in March.",
          },
          token,
        ),
      );
      const fileId = await uploadFile(
        a,
        token,
        "kiln.txt",
        "Kiln schedule: the glaze firing peaks at 1240 degrees Celsius.",
      );
      const items = [
        { id: note.id, type: "page" },
        { id: fileId, type: "file" },
      ];
      const done = await waitUntil(
        "both memories indexed (polled on B)",
        async () => {
          const rows = await statuses(b, token, items);
          return rows.every((r) => r.indexing_status !== "in_progress") && rows;
        },
        { timeoutMs: 30_000, intervalMs: 100 },
      );
      expect(done.map((r) => r.indexing_status)).toEqual(["success", "success"]);

      // Both "success" events reached A's stream and B's stream from the worker process.
      for (const [name, w] of [
        ["A", onA],
        ["B", onB],
      ] as const) {
        await waitUntil(`both success events on ${name}'s stream`, () => w.succeeded.size >= 2, {
          timeoutMs: 15_000,
        });
        await w.events.close();
        expect([...w.succeeded].sort()).toEqual([note.id, fileId].sort());
      }

      const lamp = await ask(b, token, "When did the keeper light the lighthouse lamp?");
      expect(lamp.status).toBe("success");
      expect(lamp.response).toContain("19:40");
      expect(lamp.response).toMatch(/\[1\]/);
      expect(lamp.sourceIdMap["1"]).toBe(note.id);
      const kiln = await ask(b, token, "How hot does the glaze firing get in the kiln?");
      expect(kiln.response).toContain("1240");
      expect(Object.values(kiln.sourceIdMap)).toContain(fileId);
    });

    it("finishes a job whose worker was killed mid-job once a new worker starts", async () => {
      const { token } = await json<{ token: string }>(
        a.call("POST", "/api/auth/sign-up", {
          name: "Ledger",
          email: "ledger@example.com",
          password: "correct-horse-battery",
        }),
      );
      const fileId = await uploadFile(a, token, "ledger.txt", largeText(40_000));
      // Watch the queue from outside: kill the worker while it holds this memory's job.
      const watcher = new pg.Client({ connectionString: env.DATABASE_URL });
      await watcher.connect();
      try {
        // Its extraction (S3 read, the sandbox, saving 3.4 MB): the memory cannot be done before
        // its index job has run, so the kill always lands before the end.
        const active = await waitUntil(
          "the worker to start extracting the large upload",
          async () => {
            const { rows } = await watcher.query<{ name: string }>(
              "select name from pgboss.job where name = 'ingest.extract' and data->>'sourceId' = $1 and state = 'active'",
              [fileId],
            );
            return rows[0]?.name;
          },
          { timeoutMs: 30_000, intervalMs: 20 },
        );
        worker.child.kill("SIGKILL");
        await worker.exited;
        const [row] = await statuses(b, token, [{ id: fileId, type: "file" }]);
        expect(row.indexing_status, `killed during ${active}`).toBe("in_progress");
      } finally {
        await watcher.end();
      }

      worker = await startWorker();
      const [after] = await waitUntil(
        "the new worker to finish the job",
        async () => {
          const rows = await statuses(b, token, [{ id: fileId, type: "file" }]);
          return rows[0].indexing_status !== "in_progress" && rows;
        },
        { timeoutMs: 60_000, intervalMs: 250 },
      );
      expect(after.indexing_status).toBe("success");
      // The whole text was indexed: its last sentence answers.
      const cat = await ask(b, token, "What is the warehouse cat called?");
      expect(cat.response).toContain("Saffron");
      expect(Object.values(cat.sourceIdMap)).toContain(fileId);
    }, 120_000);
  },
);
