import { Worker } from "node:worker_threads";
import type { Results, Transaction } from "@electric-sql/pglite";
import type { Call, Reply, StatementProfile } from "./pglite-worker.ts";

type QueryOptions = {
  rowMode?: "array" | "object";
  parsers?: Record<number, (v: string) => unknown>;
  paramTypes?: number[];
};
type Pending = { resolve(v: unknown): void; reject(e: unknown): void };
type Omit_<T> = T extends unknown ? Omit<T, "id"> : never;

/**
 * Embedded PGlite run on a worker thread (`pglite-worker.ts`): the part of PGlite's interface Mnemo
 * uses — `query`, `exec`, `transaction`, `listen`, `dumpDataDir`, `close` — each call one message to
 * the worker. The event loop never waits on PGlite's WebAssembly, and the database's work runs on
 * another core than the server's JavaScript.
 *
 * Transactions keep PGlite's semantics: the worker holds PGlite's own `transaction()` open between
 * calls, so statements from outside wait for it to end, as they do in-process.
 */
export class PgliteThread {
  #worker: Worker;
  #pending = new Map<number, Pending>();
  #next = 1;
  #closed = false;
  #heap = 0;
  #listeners = new Map<string, Set<(payload: string) => void>>();
  #onExit?: (message: string) => void;

  private constructor(worker: Worker, onExit?: (message: string) => void) {
    this.#worker = worker;
    this.#onExit = onExit;
    worker.unref();
    worker.on("message", (reply: Reply) => {
      if ("notify" in reply) {
        for (const fn of this.#listeners.get(reply.notify) ?? []) queueMicrotask(() => fn(reply.payload));
        return;
      }
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#pending.delete(reply.id);
      if (this.#pending.size === 0) worker.unref();
      this.#heap = reply.heap;
      if (reply.ok) pending.resolve(reply.result);
      else pending.reject(Object.assign(new Error(String(reply.error.message)), reply.error));
    });
    const fail = (err: Error) => {
      const wasOpen = !this.#closed;
      this.#closed = true;
      for (const p of this.#pending.values()) p.reject(err);
      this.#pending.clear();
      if (wasOpen) this.#onExit?.(err.message);
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`The database thread stopped (exit code ${code}).`)));
  }

  /**
   * Starts the worker and opens PGlite in it (`init` as PGlite's options, extensions included).
   * `onExit` hears of the worker stopping while the database is open; `script` is the worker's
   * module (tests give a stand-in).
   */
  static async create(
    init: { dataDir?: string; loadDataDir?: Blob; template?: boolean; postgresqlconf: string[] },
    onExit?: (message: string) => void,
    script = new URL("./pglite-worker.ts", import.meta.url),
  ): Promise<PgliteThread> {
    const worker = new Worker(script);
    const thread = new PgliteThread(worker, onExit);
    try {
      await thread.#call({ op: "init", init });
    } catch (err) {
      await worker.terminate();
      throw err;
    }
    return thread;
  }

  get closed() {
    return this.#closed;
  }

  /** PGlite's WebAssembly heap as last reported by the worker (bytes). */
  get wasmHeapBytes() {
    return this.#heap;
  }

  #call(call: Omit_<Call>): Promise<unknown> {
    if (this.#closed) return Promise.reject(new Error("PGlite is closed"));
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...call, id });
    });
  }

  async query<T>(text: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    return (await this.#call({ op: "query", text, params, options: plain(options), tx })) as Results<T>;
  }

  async exec(text: string, _options?: unknown, tx?: number): Promise<Results[]> {
    return (await this.#call({ op: "exec", text, tx })) as Results[];
  }

  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = (await this.#call({ op: "begin" })) as number;
    let closed = false;
    const check = () => {
      if (closed) throw new Error("Transaction is closed");
    };
    const tx = {
      query: async <R>(text: string, params?: unknown[], options?: QueryOptions) => {
        check();
        return this.query<R>(text, params, options, id);
      },
      sql: () => {
        throw new Error("tx.sql is not supported on the database thread");
      },
      exec: async (text: string) => {
        check();
        return this.exec(text, undefined, id);
      },
      rollback: async () => {
        check();
        closed = true;
        await this.#call({ op: "end", tx: id, commit: false });
      },
      listen: async (channel: string, cb: (payload: string) => void) => {
        check();
        return this.listen(channel, cb);
      },
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    try {
      const result = await fn(tx);
      if (!closed) {
        closed = true;
        await this.#call({ op: "end", tx: id, commit: true });
      }
      return result;
    } catch (err) {
      if (!closed) {
        closed = true;
        await this.#call({ op: "end", tx: id, commit: false }).catch(() => {});
      }
      throw err;
    }
  }

  async listen(channel: string, fn: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.#listeners.get(channel);
    if (!set) this.#listeners.set(channel, (set = new Set()));
    set.add(fn);
    await this.#call({ op: "listen", channel });
    return async () => {
      set.delete(fn);
      if (set.size === 0 && this.#listeners.get(channel) === set) {
        this.#listeners.delete(channel);
        if (!this.#closed) await this.#call({ op: "unlisten", channel });
      }
    };
  }

  async dumpDataDir(compression?: "none" | "gzip" | "auto"): Promise<Blob> {
    return (await this.#call({ op: "dump", compression })) as Blob;
  }

  /**
   * BENCHMARKS: starts the database thread's statement profile (its CPU per kind of statement, as
   * `insert chunk`), or stops it and returns it.
   */
  async statementProfile(start: boolean): Promise<StatementProfile> {
    return (await this.#call({ op: "profile", start })) as StatementProfile;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    await this.#call({ op: "close" }).catch(() => {});
    this.#closed = true;
    await this.#worker.terminate();
  }
}

/**
 * Query options as data: parsers cannot cross threads, and the only ones Mnemo passes (Drizzle's)
 * keep a type's text as it is — sent as the list of those types.
 */
function plain(options?: QueryOptions) {
  if (!options) return undefined;
  const { parsers, ...rest } = options;
  if (!parsers) return rest;
  const rawTypes = Object.entries(parsers).map(([oid, fn]) => {
    if (fn("\u0000probe") !== "\u0000probe")
      throw new Error(`A custom parser for type ${oid} cannot run on the database thread.`);
    return Number(oid);
  });
  return { ...rest, rawTypes };
}
