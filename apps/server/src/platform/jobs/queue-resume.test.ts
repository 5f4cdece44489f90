import { afterEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { openTestDatabase } from "../../test/harness.ts";
import { waitUntil } from "../../test/wait.ts";
import { queryRows, type Database } from "../db/client.ts";
import { createLogger } from "../logger.ts";
import { createJobQueue, jobIdFor, type JobQueue } from "./queue.ts";
import type { JobHandlers } from "./registry.ts";

const log = createLogger("silent");

/** Handlers that record which index jobs ran; any other job just succeeds. */
function recordingHandlers(ran: string[]): JobHandlers {
  return new Proxy({} as JobHandlers, {
    get: (_t, name) => async (payload: { sourceId?: string }) => {
      if (name === "ingest.index" && payload.sourceId) ran.push(payload.sourceId);
    },
  });
}

describe("a job left running by a stopped process (embedded PGlite)", () => {
  let database: Database | undefined;
  let queues: JobQueue[] = [];
  afterEach(async () => {
    for (const q of queues) await q.stop();
    queues = [];
    await database?.close();
    database = undefined;
  });

  it("runs again as soon as the next process starts, not after its heartbeat lapses", async () => {
    ({ database } = await openTestDatabase("pglite"));
    const first = createJobQueue(database, log);
    queues.push(first);
    await first.send("ingest.index", { sourceId: "src-killed", contentVersion: 1 }, { key: "src-killed:1" });
    const id = jobIdFor("ingest.index", "src-killed:1");
    // What a SIGKILL leaves behind: claimed by a worker (active, heart-beat a moment ago) and never
    // completed. The process that claimed it is gone; this one is the only one on the data dir.
    await database.db.execute(
      sql`update pgboss.job set state = 'active', started_on = now(), heartbeat_on = now() where id = ${id}::uuid`,
    );
    await first.stop();

    const ran: string[] = [];
    const second = createJobQueue(database, log);
    queues.push(second);
    await second.work(recordingHandlers(ran));
    // Heartbeat 10 s and PGlite's monitor every 60 s: without the start-up retry this waits over a
    // minute; with it, the retry delay (2 s) and a poll.
    await waitUntil("the killed job to run again", () => ran.includes("src-killed"), { timeoutMs: 20_000 });
    const [row] = await waitUntil(
      "the job to be marked completed",
      async () => {
        const rows = await queryRows<{ state: string; retry_count: number }>(
          database!.db,
          sql`select state, retry_count from pgboss.job where id = ${id}::uuid`,
        );
        return rows[0]?.state === "completed" && rows;
      },
      { timeoutMs: 20_000 },
    );
    expect(row.retry_count).toBe(1);
    expect(ran).toEqual(["src-killed"]);
  });
});
