import crypto from "node:crypto";
import { PgBoss, fromPglite } from "pg-boss";
import { sql } from "drizzle-orm";
import { queryRows, type Database } from "../db/client.ts";
import type { Logger } from "../logger.ts";
import { heavyConcurrency } from "./memory-guard.ts";
import { jobNames, jobRegistry, type JobHandlers, type JobName, type JobPayload } from "./registry.ts";

export type SendOptions = {
  /** Idempotency key: sending the same key twice to the same queue creates one job. */
  key?: string;
  startAfterSeconds?: number;
};

/** The job queue (pg-boss in the application database). */
export interface JobQueue {
  /** Installs/migrates pg-boss and the registry's queues; idempotent. */
  start(): Promise<void>;
  send<N extends JobName>(name: N, payload: JobPayload<N>, opts?: SendOptions): Promise<void>;
  /** Sends many jobs of one queue in one statement (an import queuing thousands); same keys as send. */
  sendMany<N extends JobName>(name: N, jobs: { payload: JobPayload<N>; key: string }[]): Promise<void>;
  /** Starts consuming every registered queue in this process. */
  work(handlers: JobHandlers): Promise<void>;
  /** Runs `fn` once, before the first job is sent (the in-process worker of tests starts lazily). */
  onFirstSend(fn: () => Promise<void>): void;
  /** Runs `fn` when the queue stops (after in-flight jobs end). */
  onStop(fn: () => Promise<void>): void;
  /** Stops taking jobs of the heavy queues (in-flight ones finish): the memory guard, near the limit. */
  pauseHeavy(): Promise<void>;
  /** Takes heavy jobs again. */
  resumeHeavy(): Promise<void>;
  /** Whether heavy jobs are paused for memory (the indexing status says so). */
  readonly heavyPaused: boolean;
  readonly working: boolean;
  stop(): Promise<void>;
}

/** A stable UUID for an idempotency key, so re-sending it hits pg-boss's primary key. */
export function jobIdFor(name: string, key: string): string {
  const h = crypto.createHash("sha256").update(`${name}\n${key}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16], 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

type Options = {
  /** How often idle workers poll (seconds); LISTEN/NOTIFY wakes them sooner where available. */
  pollingIntervalSeconds?: number;
  superviseIntervalSeconds?: number;
  /** MEMORY_LIMIT_MB: heavy queues run fewer jobs at once under a small limit. */
  memoryLimitMb?: number;
};

/**
 * pg-boss on the application database: through `fromPglite` in embedded mode, through its own pool
 * on PostgreSQL. Nothing touches the database until `start()` (or the first send).
 */
export function createJobQueue(database: Database, log: Logger, opts: Options = {}): JobQueue {
  const common = {
    schedule: false,
    superviseIntervalSeconds: opts.superviseIntervalSeconds ?? 5,
    // The monitor pass is also what fails a job whose worker stopped heart-beating (SIGKILL, a lost
    // machine) so it is retried: with several processes on PostgreSQL every 10 s (one process
    // claims each pass), so a killed worker's job moves on within ~heartbeat + 10 s, not up to
    // 70 s. Embedded mode is one process a data dir: its start retries at once what a stopped
    // process left running (resumeOrphans).
    monitorIntervalSeconds: database.pglite ? 60 : 10,
    // A job sent wakes the workers of its queue through LISTEN/NOTIFY (the queues are created with
    // `notify`; PGlite in-process, PostgreSQL on one more connection of pg-boss's own), so polling
    // is only the backstop for jobs that become due later (retries): every 2 s instead of 0.5 s.
    // An idle server's CPU: 46 → 20 ms a second (docs/decisions.md, "Link ingestion against its floor").
    useListenNotify: true,
  };
  let boss: PgBoss | undefined;
  let starting: Promise<PgBoss> | undefined;
  let working = false;
  let stopped = false;
  let heavyPaused = false;
  /** How to (re)start consuming each queue, kept so the heavy ones can resume after a pause. */
  const consumers = new Map<JobName, () => Promise<string>>();
  let firstSend: (() => Promise<void>) | undefined;
  const stopHooks: (() => Promise<void>)[] = [];
  const polling = opts.pollingIntervalSeconds ?? 0.5;

  /** Jobs a stopped process left running, retried by this one (logged when they complete). */
  const resumed = new Set<string>();
  /**
   * Embedded mode is one process a data dir (the data-dir lock): a job still marked active when it
   * starts was running in a process that is gone (SIGKILL, power loss). Retry it now instead of
   * after its heartbeat lapses and the next monitor pass (up to a minute on PGlite).
   */
  const resumeOrphans = async (b: PgBoss) => {
    const rows = await queryRows<{ name: string; id: string }>(
      database.db,
      sql`select name, id::text as id from pgboss.job where state = 'active'`,
    );
    const byName = new Map<string, string[]>();
    for (const r of rows) byName.set(r.name, [...(byName.get(r.name) ?? []), r.id]);
    for (const [name, ids] of byName) {
      await b.fail(name, ids, { message: "The process running this job stopped before it finished." });
      for (const id of ids) resumed.add(id);
    }
    const message = "jobs left running by a stopped process are retried";
    if (rows.length) log.warn({ resumed: rows }, message);
    else log.info({ resumed: [] }, message);
  };

  const start = () => {
    starting ??= (async () => {
      if (database.pglite) {
        boss = new PgBoss({ ...common, db: fromPglite(database.pglite), backend: "pglite" });
      } else {
        const connectionString = (database.pool?.options as { connectionString?: string } | undefined)
          ?.connectionString;
        if (!connectionString) throw new Error("The job queue needs the database connection string.");
        boss = new PgBoss({ ...common, connectionString, max: 4 });
      }
      boss.on("error", (err) => log.error({ err }, "job queue error"));
      await boss.start();
      for (const name of jobNames) {
        const p = jobRegistry[name].policy;
        const options = {
          retryLimit: p.retryLimit,
          retryDelay: p.retryDelay,
          retryBackoff: true,
          retryDelayMax: p.retryDelayMax,
          heartbeatSeconds: p.heartbeatSeconds,
          expireInSeconds: p.expireInSeconds,
          retentionSeconds: 7 * 24 * 3600,
          deleteAfterSeconds: 24 * 3600,
          notify: true,
        };
        if (await boss.getQueue(name)) await boss.updateQueue(name, options);
        else await boss.createQueue(name, options);
      }
      if (database.pglite) await resumeOrphans(boss);
      return boss;
    })();
    return starting;
  };

  return {
    get working() {
      return working;
    },
    async start() {
      await start();
    },
    onStop(fn) {
      stopHooks.push(fn);
    },
    onFirstSend(fn) {
      firstSend = fn;
    },
    async send(name, payload, sendOpts = {}) {
      const data = jobRegistry[name].payload.parse(payload);
      const b = await start();
      if (firstSend) {
        const fn = firstSend;
        firstSend = undefined;
        fn().catch((err: unknown) => log.error({ err }, "the worker did not start"));
      }
      await b.send(name, data, {
        id: sendOpts.key ? jobIdFor(name, sendOpts.key) : undefined,
        startAfter: sendOpts.startAfterSeconds,
      });
    },
    async sendMany(name, jobs) {
      if (!jobs.length) return;
      const b = await start();
      if (firstSend) {
        const fn = firstSend;
        firstSend = undefined;
        fn().catch((err: unknown) => log.error({ err }, "the worker did not start"));
      }
      await b.insert(
        name,
        jobs.map((j) => ({ id: jobIdFor(name, j.key), data: jobRegistry[name].payload.parse(j.payload) })),
      );
    },
    get heavyPaused() {
      return heavyPaused;
    },
    async pauseHeavy() {
      if (heavyPaused) return;
      heavyPaused = true;
      if (!boss) return;
      for (const name of jobNames)
        if (jobRegistry[name].policy.heavy && consumers.has(name)) await boss.offWork(name, { wait: false });
    },
    async resumeHeavy() {
      if (!heavyPaused) return;
      heavyPaused = false;
      if (stopped) return;
      for (const name of jobNames) if (jobRegistry[name].policy.heavy) await consumers.get(name)?.();
    },
    async work(handlers) {
      const b = await start();
      working = true;
      for (const name of jobNames) {
        const { payload: schema, policy } = jobRegistry[name];
        const handler = handlers[name] as (
          p: unknown,
          a: Parameters<JobHandlers[JobName]>[1],
        ) => Promise<void>;
        const consume = () =>
          b.work(
            name,
            {
              batchSize: policy.batchSize,
              localConcurrency: policy.heavy
                ? heavyConcurrency(opts.memoryLimitMb, policy.concurrency)
                : policy.concurrency,
              // Keep fetching while batches come back full, instead of waiting for the next poll.
              burstWhenBatchFull: policy.batchSize > 1,
              pollingIntervalSeconds: polling,
              notifyPollingIntervalSeconds: Math.max(polling, 2),
              includeMetadata: true,
              perJobResults: true,
            },
            async (jobs) =>
              Promise.all(
                jobs.map(async (job) => {
                  const parsed = schema.safeParse(job.data);
                  if (!parsed.success) {
                    log.error({ job: name, id: job.id }, "dropping a job with an invalid payload");
                    return { id: job.id, status: "deadletter" as const };
                  }
                  try {
                    await handler(parsed.data, {
                      id: job.id,
                      retryCount: job.retryCount,
                      retryLimit: job.retryLimit,
                      isLastAttempt: job.retryCount >= job.retryLimit,
                    });
                    if (resumed.delete(job.id))
                      log.info(
                        { job: name, id: job.id },
                        "a job left running by a stopped process completed",
                      );
                    return { id: job.id, status: "completed" as const };
                  } catch (err) {
                    log.warn({ err, job: name, id: job.id }, "job failed; it will be retried");
                    return {
                      id: job.id,
                      status: "failed" as const,
                      output: { message: (err as Error).message },
                    };
                  }
                }),
              ),
          );
        consumers.set(name, consume);
        if (!(policy.heavy && heavyPaused)) await consume();
      }
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      working = false;
      if (!starting) return;
      const b = await starting.catch(() => undefined);
      await b?.stop({ graceful: true, timeout: 5000, close: true });
      for (const fn of stopHooks) await fn().catch((err: unknown) => log.warn({ err }, "a stop hook failed"));
    },
  };
}
