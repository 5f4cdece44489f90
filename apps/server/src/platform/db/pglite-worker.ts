/**
 * Embedded PGlite on its own thread (a `worker_threads` Worker started by `pglite-thread.ts`), so
 * its WebAssembly never runs on the server's event loop. It answers the main thread's calls over
 * the worker's port: one message per statement, results parsed here and sent as structured clones.
 * Transactions are PGlite's own `transaction()`, held open here between the main thread's calls.
 *
 * Plain JavaScript syntax only (no TypeScript-only constructs): Node strips the types of this file
 * itself when it starts the worker, in tests as in `mnemo serve`.
 */
import { parentPort } from "node:worker_threads";
import { PGlite, type PGliteOptions, type Transaction } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { vector } from "@electric-sql/pglite-pgvector";
import { pg_textsearch } from "@electric-sql/pglite-pg_textsearch";
import { initdbTemplate } from "./initdb-template.ts";

type Init = { dataDir?: string; loadDataDir?: Blob; template?: boolean; postgresqlconf: string[] };
type QueryOptions = { rowMode?: "array" | "object"; rawTypes?: number[]; paramTypes?: number[] };
export type Call =
  | { id: number; op: "init"; init: Init }
  | { id: number; op: "query"; text: string; params?: unknown[]; options?: QueryOptions; tx?: number }
  | { id: number; op: "exec"; text: string; tx?: number }
  | { id: number; op: "begin" }
  | { id: number; op: "end"; tx: number; commit: boolean }
  | { id: number; op: "listen"; channel: string }
  | { id: number; op: "unlisten"; channel: string }
  | { id: number; op: "dump"; compression?: "none" | "gzip" | "auto" }
  | { id: number; op: "profile"; start: boolean }
  | { id: number; op: "close" };
export type Reply =
  | { id: number; ok: true; result: unknown; heap: number }
  | { id: number; ok: false; error: Record<string, unknown>; heap: number }
  | { notify: string; payload: string };

const port = parentPort!;
let pglite: PGlite | undefined;
/** Open transactions by id: the handle PGlite gave, and how to end its `transaction()` call. */
const open = new Map<number, { tx: Transaction; end(commit: boolean): void; done: Promise<void> }>();
let nextTx = 1;
const listening = new Map<string, () => Promise<void>>();
const rolledBack = Symbol("rolled back");

const identity = (v: string) => v;

/**
 * The statement profile (benchmarks only: off until asked for): this thread's CPU per kind of
 * statement — the verb and the table, as `insert chunk`, `select source`. PGlite runs one statement
 * at a time, so the CPU spent since the previous call ended is the ending call's own work.
 */
export type StatementProfile = Record<string, { calls: number; cpuMs: number }>;
let profile: StatementProfile | undefined;
let lastEndCpu = 0;
const threadCpuMs = () => {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
};

/** `insert chunk`, `delete chunk`, `select source`, `with`, `begin`… of a statement's text. */
export function statementKind(call: Call): string {
  if (call.op !== "query" && call.op !== "exec") return call.op;
  const head = call.text.slice(0, 300).toLowerCase();
  const verb = /^\s*(\w+)/.exec(head)?.[1] ?? "other";
  // The job queue's statements name their schema; a bare call names its function (pg_notify).
  if (/\bpgboss\./.test(head)) return `${verb} pgboss`;
  const fn =
    verb === "select" && !/\bfrom\b/.test(head) ? /^\s*select\s+(\w+)\s*\(/.exec(head)?.[1] : undefined;
  if (fn) return `select ${fn}`;
  const table =
    verb === "insert"
      ? /^\s*insert\s+into\s+"?(\w+)/.exec(head)?.[1]
      : verb === "update"
        ? /^\s*update\s+"?(\w+)/.exec(head)?.[1]
        : verb === "delete"
          ? /^\s*delete\s+from\s+"?(\w+)/.exec(head)?.[1]
          : /\b(?:from|into|update)\s+"?(\w+)"?/.exec(head)?.[1];
  return table ? `${verb} ${table}` : verb;
}

function account(call: Call) {
  if (!profile || call.op === "profile") return;
  const now = threadCpuMs();
  const kind = statementKind(call);
  const entry = (profile[kind] ??= { calls: 0, cpuMs: 0 });
  entry.calls++;
  entry.cpuMs += now - lastEndCpu;
  lastEndCpu = now;
}

/** An error as plain fields (a DatabaseError's code, detail, constraint… survive the copy). */
function plainError(err: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = { message: String(err) };
  if (err instanceof Error) {
    out.message = err.message;
    out.name = err.name;
    for (const [k, v] of Object.entries(err)) {
      if (v === null || ["string", "number", "boolean"].includes(typeof v)) out[k] = v;
    }
  }
  return out;
}

function heap() {
  return pglite?.Module?.HEAPU8.byteLength ?? 0;
}

function on(tx: number | undefined) {
  if (tx === undefined) return pglite!;
  const t = open.get(tx);
  if (!t) throw new Error("Transaction is closed");
  return t.tx;
}

async function begin(): Promise<number> {
  const id = nextTx++;
  return new Promise<number>((started, failed) => {
    let entered = false;
    const done = pglite!
      .transaction(
        (tx) =>
          new Promise<void>((commit, rollback) => {
            entered = true;
            open.set(id, { tx, end: (c) => (c ? commit() : rollback(rolledBack)), done });
            started(id);
          }),
      )
      .catch((err: unknown) => {
        if (!entered) failed(err);
        if (err !== rolledBack) throw err;
      })
      .finally(() => open.delete(id));
    // A failed COMMIT reaches the caller through `end`; nothing is left unhandled meanwhile.
    done.catch(() => {});
  });
}

async function handle(call: Call): Promise<unknown> {
  switch (call.op) {
    case "init": {
      const options: PGliteOptions = {
        dataDir: call.init.dataDir,
        extensions: { pg_trgm, vector, pg_textsearch },
        loadDataDir: call.init.loadDataDir ?? (call.init.template ? initdbTemplate() : undefined),
        postgresqlconf: call.init.postgresqlconf,
      };
      pglite = await PGlite.create(options);
      delete options.loadDataDir;
      return null;
    }
    case "query": {
      const { rawTypes, ...rest } = call.options ?? {};
      const parsers = rawTypes ? Object.fromEntries(rawTypes.map((t) => [t, identity])) : undefined;
      return on(call.tx).query(call.text, call.params, { ...rest, parsers });
    }
    case "exec":
      return on(call.tx).exec(call.text);
    case "begin":
      return begin();
    case "end": {
      const t = open.get(call.tx);
      if (!t) return null;
      t.end(call.commit);
      await t.done;
      return null;
    }
    case "listen":
      if (!listening.has(call.channel)) {
        const channel = call.channel;
        listening.set(
          channel,
          await pglite!.listen(channel, (payload) =>
            port.postMessage({ notify: channel, payload } satisfies Reply),
          ),
        );
      }
      return null;
    case "unlisten": {
      const stop = listening.get(call.channel);
      listening.delete(call.channel);
      await stop?.();
      return null;
    }
    case "dump":
      return pglite!.dumpDataDir(call.compression);
    case "profile": {
      // Starting resets the profile; stopping returns it and turns it off.
      const taken = profile ?? {};
      profile = call.start ? {} : undefined;
      lastEndCpu = threadCpuMs();
      return taken;
    }
    case "close":
      if (pglite && !pglite.closed) await pglite.close();
      return null;
  }
}

port.on("message", (call: Call) => {
  handle(call).then(
    (result) => {
      port.postMessage({ id: call.id, ok: true, result, heap: heap() } satisfies Reply);
      account(call);
    },
    (err: unknown) => {
      port.postMessage({ id: call.id, ok: false, error: plainError(err), heap: heap() } satisfies Reply);
      account(call);
    },
  );
});
