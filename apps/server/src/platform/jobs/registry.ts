import { z } from "zod";

/**
 * Every background job of Mnemo, declared once with its payload schema, retry policy and
 * concurrency. Handlers live in their modules and are wired by name in `runner.ts`.
 */
export const zIngestJob = z.object({
  sourceId: z.string().min(1),
  /** The source's content_version when enqueued; a newer version makes the job a no-op. */
  contentVersion: z.number().int().min(1),
});

export type JobPolicy = {
  retryLimit: number;
  /** First retry delay in seconds; doubles each time (retryBackoff) up to retryDelayMax. */
  retryDelay: number;
  retryDelayMax: number;
  /** A claimed job whose worker stops heart-beating (crash, SIGKILL) is failed and retried. */
  heartbeatSeconds: number;
  expireInSeconds: number;
  /** Fetch loops per worker process; each runs up to `batchSize` jobs at once. */
  concurrency: number;
  batchSize: number;
  /**
   * Holds pages, files or parsed trees in memory (tens of MB a job): paused by the memory guard
   * near MEMORY_LIMIT_MB, and run one at a time on small machines.
   */
  heavy: boolean;
};

/** Extraction and indexing retry alike: a few quick retries, a short heartbeat. */
const ingestRetries = { retryLimit: 4, retryDelay: 2, retryDelayMax: 60, heartbeatSeconds: 10 };

/** Search maintenance after an upgrade: one batch a job, one job at a time, patient retries. */
const searchMaintenancePolicy = {
  retryLimit: 8,
  retryDelay: 5,
  retryDelayMax: 300,
  heartbeatSeconds: 30,
  expireInSeconds: 1800,
  concurrency: 1,
  batchSize: 1,
  heavy: false,
};

export const jobRegistry = {
  /** Reads the upload / link / page and stores its readable content (source_content). */
  "ingest.extract": {
    payload: zIngestJob,
    policy: {
      ...ingestRetries,
      expireInSeconds: 900,
      concurrency: 2,
      batchSize: 4,
      heavy: true,
    },
  },
  /** Chunks the stored content and writes the search index, then marks the source success. */
  "ingest.index": {
    payload: zIngestJob,
    policy: {
      ...ingestRetries,
      expireInSeconds: 600,
      concurrency: 1,
      batchSize: 4,
      heavy: false,
    },
  },
  /** Dense vectors of the indexed chunks (only when an embeddings provider is configured). */
  "ingest.embed": {
    payload: zIngestJob,
    policy: {
      retryLimit: 6,
      retryDelay: 5,
      retryDelayMax: 300,
      heartbeatSeconds: 15,
      expireInSeconds: 900,
      concurrency: 1,
      batchSize: 2,
      heavy: false,
    },
  },
  /**
   * Re-indexes a batch of memories analysed before per-language analysis, then enqueues the next
   * batch while any remain (modules/search/reanalyse.ts). Idempotent: re-indexing is.
   */
  "search.reanalyse": {
    payload: z.object({ done: z.number().int().min(0) }),
    policy: searchMaintenancePolicy,
  },
  /**
   * Writes again, a batch per job, the tsvectors of chunks stored before they were kept in their
   * rows (migration 0014), then enqueues the next batch until the task finishes
   * (modules/search/tsv-inline.ts). Idempotent: the cursor is in the database.
   */
  "search.tsv-inline": {
    payload: z.object({ done: z.number().int().min(0) }),
    policy: searchMaintenancePolicy,
  },
  /**
   * Syncs one connected account (modules/apps): reads what changed since its cursor and saves it
   * through the normal capture. A removed account makes it a no-op.
   */
  "apps.sync": {
    payload: z.object({ accountId: z.string().min(1) }),
    policy: {
      retryLimit: 2,
      retryDelay: 30,
      retryDelayMax: 300,
      heartbeatSeconds: 30,
      expireInSeconds: 900,
      concurrency: 1,
      batchSize: 2,
      heavy: false,
    },
  },
  /**
   * Parses an import file in the sandbox, then previews it (dry run) or applies it in batches
   * whose cursor moves with the rows (modules/transfer): a retry resumes where it stopped.
   */
  "transfer.import": {
    payload: z.object({ runId: z.string().min(1) }),
    policy: {
      retryLimit: 3,
      retryDelay: 5,
      retryDelayMax: 120,
      heartbeatSeconds: 30,
      expireInSeconds: 3600,
      concurrency: 1,
      batchSize: 1,
      heavy: true,
    },
  },
  /**
   * Makes a large collection's whole-collection brief (features/brief, issue 45), saving its
   * progress as it reads the memories a page at a time; the brief is kept until they change.
   */
  "brief.build": {
    payload: z.object({
      /** `c:<collection id>` or `u:<user id>` (everything). */
      scope: z.string().min(1),
      collectionId: z.string().min(1).nullable(),
      /** Who asked: everything is what they may read. */
      userId: z.string().min(1),
      email: z.string(),
    }),
    policy: {
      retryLimit: 2,
      retryDelay: 5,
      retryDelayMax: 60,
      heartbeatSeconds: 30,
      expireInSeconds: 900,
      concurrency: 1,
      batchSize: 1,
      heavy: true,
    },
  },
} as const satisfies Record<string, { payload: z.ZodType; policy: JobPolicy }>;

export type JobName = keyof typeof jobRegistry;
export type JobPayload<N extends JobName> = z.infer<(typeof jobRegistry)[N]["payload"]>;
export const jobNames = Object.keys(jobRegistry) as JobName[];

/** What a handler learns about its attempt. */
export type JobAttempt = { id: string; retryCount: number; retryLimit: number; isLastAttempt: boolean };

export type JobHandler<N extends JobName> = (payload: JobPayload<N>, attempt: JobAttempt) => Promise<void>;
export type JobHandlers = { [N in JobName]: JobHandler<N> };
