import { fork, type ChildProcess } from "node:child_process";
import module from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { SandboxArgPart, SandboxReply, SandboxRequest } from "./extract-process.ts";
import { ExtractError } from "./error.ts";
import type { SandboxTask } from "./task.ts";
import { concurrencyLane } from "../lib/concurrency.ts";
import { processRssMb } from "../lib/memory.ts";
import { joinReply, splitArg } from "./reply-parts.ts";

export type RunLimits = {
  /** Wall-clock limit of one task once the process is ready; the process is killed when it passes. */
  timeoutMs?: number;
  /** V8 old-generation heap limit of the extraction process (MB). */
  maxOldGenerationMb?: number;
  /**
   * Run in a process started with V8's `--optimize-for-size`: ~10 % less resident at its peak for
   * page reads, 25–40 % more CPU. By default only under a memory limit (`limitSandboxMemory`);
   * `false` for CPU-bound work that holds little whatever the limit, as a PDF's text layer
   * (docs/decisions.md "PDF text: pdf.js's own inflate, a process without --optimize-for-size",
   * and "Link ingestion against its floor"). Processes of each kind are kept warm apart.
   */
  compact?: boolean;
  /**
   * End the process once the task is done instead of keeping it warm: for a task that leaves a
   * large heap behind (an import's parse: ~15 MB more resident than a process that only reads
   * pages, kept until the process exits), so the pages read next get a fresh, smaller process.
   */
  recycle?: boolean;
  maxPages?: number;
  maxOutputChars?: number;
  maxUnzippedBytes?: number;
};

export const defaultRunLimits = { timeoutMs: 120_000, maxOldGenerationMb: 512 } as const;

/**
 * The largest heap a sandbox may have under a memory limit (MEMORY_LIMIT_MB, or the cgroup's):
 * 3/8 of it, between 128 and 512 MB. Under a 512 MB container the server itself holds 240–450 MB,
 * so a sandbox allowed 512 MB of heap would be ended by the kernel's OOM killer (or take the
 * server with it) before V8 stopped it; at 192 MB a hostile document ends in a clean "ran out of
 * memory". Without a limit, 512 MB.
 */
export function sandboxHeapCeilingMb(memoryLimitMb: number | undefined): number {
  if (!memoryLimitMb) return defaultRunLimits.maxOldGenerationMb;
  return Math.max(128, Math.min(defaultRunLimits.maxOldGenerationMb, Math.floor((memoryLimitMb * 3) / 8)));
}

let heapCeilingMb: number = defaultRunLimits.maxOldGenerationMb;
/** Whether tasks run under `--optimize-for-size` unless they say otherwise (`RunLimits.compact`). */
let compactByDefault = false;

/**
 * Sets the sandboxes' heap ceiling from the server's memory limit (bootstrap, once), and whether
 * they trade CPU for memory by default: only when there is a limit to stay under.
 */
export function limitSandboxMemory(memoryLimitMb: number | undefined): void {
  heapCeilingMb = sandboxHeapCeilingMb(memoryLimitMb);
  compactByDefault = Boolean(memoryLimitMb);
}

/**
 * Idle processes are kept this long for the next job (a fresh one costs ~0.2 s of CPU with the
 * compile cache, ~0.45 s without).
 */
const IDLE_MS = 30_000;
const MAX_IDLE_PER_SIZE = 2;
/** A process that has not said it is ready by then is given up. */
const STARTUP_MS = 60_000;
const STDERR_TAIL = 4_000;

const isTypeScript = import.meta.url.endsWith(".ts");
const entry = fileURLToPath(
  new URL(isTypeScript ? "./extract-process.ts" : "./extract-process.js", import.meta.url),
);

/**
 * The sandbox's environment: the server's, plus its compile cache when the server runs with one
 * (preload.mjs), so a fresh sandbox loads its task's modules compiled: measured at 170 instead of
 * 450 ms of CPU before a document extraction starts, 50 instead of 190 ms before indexing's
 * preparation (docs/decisions.md, "The sandbox shares the server's compile cache").
 */
export function sandboxEnv(dir = module.getCompileCacheDir()): NodeJS.ProcessEnv {
  // Node keeps each version's entries in a subfolder of the folder it is given.
  return dir ? { ...process.env, NODE_COMPILE_CACHE: path.dirname(dir) } : process.env;
}

function execArgv(heapMb: number, compact: boolean): string[] {
  // A small young generation, as the server itself runs (package.json `serve`): the sandbox
  // parses one document at a time, and each MB of semi-space is resident in every process.
  // --optimize-for-size (`compact`): V8 grows the heap less eagerly and keeps less optimised
  // code; measured on a process reading 150 pages: 143–145 MB → 129–132 MB resident at its peak
  // (docs/decisions.md, "Import under 512 MB"), for 25–35 % more CPU per page read (issue 44).
  const heap = [
    `--max-old-space-size=${heapMb}`,
    "--max-semi-space-size=8",
    ...(compact ? ["--optimize-for-size"] : []),
  ];
  if (!isTypeScript) return heap;
  // The entry is TypeScript: run it with Node's own type stripping, as `npm run serve` runs the
  // server (no tsx loader and its transform cache in every sandbox: ~100 MB less per process).
  return ["--experimental-transform-types", "--disable-warning=ExperimentalWarning", ...heap];
}

type Job = {
  id: number;
  recycle: boolean;
  resolve: (r: unknown) => void;
  reject: (e: ExtractError) => void;
  timer: NodeJS.Timeout;
  timeoutMs: number;
  /** The result's long strings, received ahead of it (`reply-parts.ts`). */
  parts: string[];
};

/**
 * One extraction child process. A child process rather than a worker thread: a worker that
 * exhausts its `resourceLimits` with one large allocation aborts the whole process
 * (nodejs/node#47224; seen here with the zip-bomb DOCX), a child process dies alone.
 */
class ExtractionProcess {
  private readonly child: ChildProcess;
  private readonly ready: Promise<void>;
  private job: Job | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private stderr = "";
  dead = false;

  constructor(
    readonly heapMb: number,
    readonly compact: boolean,
    private readonly onIdle: (p: ExtractionProcess) => void,
  ) {
    this.child = fork(entry, [], {
      execArgv: execArgv(heapMb, compact),
      env: sandboxEnv(),
      serialization: "advanced",
      stdio: ["ignore", "ignore", "pipe", "ipc"],
    });
    live.add(this);
    this.child.stderr?.on("data", (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-STDERR_TAIL);
    });
    this.ready = new Promise((resolve) => {
      this.child.on("message", (reply: SandboxReply) => {
        if ("ready" in reply) resolve();
        else if ("started" in reply) this.start(reply.id);
        else if ("part" in reply) {
          if (this.job?.id === reply.id) this.job.parts.push(reply.part);
        } else this.settle(reply);
      });
    });
    this.child.on("error", (err) =>
      this.fail(new ExtractError(`Extraction could not run: ${err.message}`, "resource_limit")),
    );
    this.child.on("exit", (code, signal) => {
      const oom = /heap out of memory|Allocation failed/i.test(this.stderr);
      const why = oom ? "ran out of memory" : `stopped (${signal ?? `exit code ${code}`})`;
      this.fail(new ExtractError(`Extraction ${why}.`, oom ? "resource_limit" : "corrupt"));
    });
  }

  run(
    id: number,
    task: SandboxTask<unknown, unknown>,
    arg: unknown,
    timeoutMs: number,
    recycle = false,
  ): Promise<unknown> {
    clearTimeout(this.idleTimer);
    this.child.ref();
    this.child.channel?.ref();
    return new Promise((resolve, reject) => {
      // The budget counts the work, not a cold start nor the loading of the task's modules
      // (under tsx on a busy machine, seconds): it starts when the process reports "started".
      const startTimer = setTimeout(
        () => this.fail(new ExtractError("The sandbox did not start in time.", "resource_limit")),
        STARTUP_MS,
      );
      const job: Job = { id, recycle, resolve, reject, timer: startTimer, timeoutMs, parts: [] };
      this.job = job;
      void this.ready.then(async () => {
        try {
          // Large bytes go first, a slice per turn of the event loop (`reply-parts.ts`).
          const { skeleton, slices } = splitArg(arg);
          for (const argPart of slices) {
            if (this.job?.id !== id) return;
            this.child.send({ id, argPart } satisfies SandboxArgPart);
            await new Promise((resolve) => setImmediate(resolve));
          }
          if (this.job?.id !== id) return;
          const { module, fn, prepare } = task;
          this.child.send({
            id,
            module,
            fn,
            prepare,
            arg: skeleton,
            slices: slices.length,
          } satisfies SandboxRequest);
        } catch (err) {
          // Structured clone refuses some values (too deep, not cloneable): the input's fault.
          this.fail(new ExtractError(`The input could not be sent: ${String(err)}`, "corrupt"));
        }
      });
    });
  }

  /** The task's modules are loaded: its startup allowance ends and its time budget begins. */
  private start(id: number): void {
    const job = this.job;
    if (!job || job.id !== id) return;
    clearTimeout(job.timer);
    job.timer = setTimeout(
      () => this.fail(new ExtractError(`The work took longer than ${job.timeoutMs} ms.`, "timeout")),
      job.timeoutMs,
    );
  }

  private settle(reply: Extract<SandboxReply, { ok: boolean }>): void {
    const job = this.job;
    if (!job || job.id !== reply.id) return;
    this.job = undefined;
    clearTimeout(job.timer);
    if (!reply.ok) job.reject(new ExtractError(reply.message, reply.reason));
    else if (!reply.parted) job.resolve(reply.result);
    else {
      try {
        job.resolve(joinReply(reply.result, job.parts));
      } catch (err) {
        job.reject(new ExtractError(String(err instanceof Error ? err.message : err), "corrupt"));
      }
    }
    if (job.recycle) return this.stop();
    this.child.unref();
    this.child.channel?.unref();
    this.idleTimer = setTimeout(() => this.stop(), IDLE_MS).unref();
    this.onIdle(this);
  }

  /** Rejects the job in flight, if any, with `error` and ends the process. */
  fail(error: ExtractError): void {
    const job = this.job;
    this.job = undefined;
    if (job) {
      clearTimeout(job.timer);
      job.reject(error);
    }
    this.stop();
  }

  /** Resident memory of the process in MB (0 once it has gone). */
  rssMb(): number {
    return this.dead || this.child.pid === undefined ? 0 : processRssMb(this.child.pid);
  }

  stop(): void {
    clearTimeout(this.idleTimer);
    live.delete(this);
    if (this.dead) return;
    this.dead = true;
    this.child.kill("SIGKILL");
  }
}

/** Idle processes by heap size and flags (`poolKey`). */
const idle = new Map<string, ExtractionProcess[]>();
/** Every extraction process not yet ended, busy or idle. */
const live = new Set<ExtractionProcess>();
let nextId = 1;

const poolKey = (heapMb: number, compact: boolean) => `${heapMb}${compact ? "" : ":fast"}`;

function takeProcess(heapMb: number, compact: boolean): ExtractionProcess {
  const pool = idle.get(poolKey(heapMb, compact)) ?? [];
  let proc = pool.pop();
  while (proc?.dead) proc = pool.pop();
  return (
    proc ??
    new ExtractionProcess(heapMb, compact, (p) => {
      const key = poolKey(p.heapMb, p.compact);
      const list = idle.get(key) ?? [];
      if (list.length >= MAX_IDLE_PER_SIZE) return p.stop();
      list.push(p);
      idle.set(key, list);
    })
  );
}

/**
 * Runs one task (`task.ts`: a module's exported function, declared by its owner) in a separate
 * Node process with a heap limit and a hard timeout. A crash, an out-of-memory, a timeout or any
 * thrown error becomes a rejected ExtractError; the calling process never crashes or stalls.
 * Processes are reused between tasks and killed after a failure.
 */
export function runSandboxed<A, R>(
  task: SandboxTask<A, R>,
  arg: A,
  limits: Pick<RunLimits, "timeoutMs" | "maxOldGenerationMb" | "recycle" | "compact"> = {},
): Promise<R> {
  const timeoutMs = limits.timeoutMs ?? defaultRunLimits.timeoutMs;
  const heapMb = Math.min(limits.maxOldGenerationMb ?? defaultRunLimits.maxOldGenerationMb, heapCeilingMb);
  try {
    return takeProcess(heapMb, limits.compact ?? compactByDefault).run(
      nextId++,
      task as SandboxTask<unknown, unknown>,
      arg,
      timeoutMs,
      limits.recycle,
    ) as Promise<R>;
  } catch (err) {
    return Promise.reject(new ExtractError(`The sandbox could not start: ${String(err)}`, "resource_limit"));
  }
}

/**
 * A lane of sandbox work: at most `parallel` tasks at once and `queued` waiting. Past that the
 * caller is refused at once (`busy`) rather than kept waiting: a flood of hostile requests then
 * costs neither memory (one process each) nor everyone else's latency.
 */
export const sandboxLane = concurrencyLane;

/** Resident memory of every extraction process, busy or idle, in MB (what the memory guard counts). */
export function extractionProcessesRssMb(): number {
  let total = 0;
  for (const proc of live) total += proc.rssMb();
  return total;
}

/** Ends every idle extraction process (shutdown, tests, and the memory guard's pause). */
export function stopExtractionProcesses(): void {
  for (const proc of [...idle.values()].flat()) proc.stop();
  idle.clear();
}
