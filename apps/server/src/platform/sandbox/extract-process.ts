/**
 * Entry of a sandboxed child process: runs one task (`task.ts`: a module's exported function) for
 * each request sent by `runner.ts` over IPC (advanced serialization, so bytes travel as a Uint8Array). Exits when
 * the parent goes away.
 */
import fs from "node:fs";
import module from "node:module";
import { ExtractError } from "./error.ts";
import { joinArg, splitReply } from "./reply-parts.ts";

/** `slices`: how many `argPart` messages came first with the argument's bytes (`reply-parts.ts`). */
export type SandboxRequest = {
  id: number;
  /** The task (`task.ts`): the module's URL, its function and the export awaited before the budget. */
  module: string;
  fn: string;
  prepare?: string;
  arg: unknown;
  slices?: number;
};
/** A slice of the next request's bytes. */
export type SandboxArgPart = { id: number; argPart: Uint8Array };
export type SandboxReply =
  /** `parted`: the result's long strings came first, as `part` messages (`reply-parts.ts`). */
  | { id: number; ok: true; result: unknown; parted: boolean }
  /** One long string (or a slice of one) of the result that follows. */
  | { id: number; part: string }
  | { id: number; ok: false; message: string; reason: ExtractError["reason"] }
  | { ready: true }
  /** The task's modules are loaded: its time budget starts now. */
  | { id: number; started: true };

if (!process.send) throw new Error("extract-process.ts must be started with an IPC channel");

// If the machine runs out of memory, the kernel ends this process first, never the server: a
// hostile document then costs one extraction, not the service. (Linux; raising one's own score
// needs no privilege. Elsewhere, nothing to do.)
try {
  fs.writeFileSync("/proc/self/oom_score_adj", "1000");
} catch {
  // Not Linux, or /proc is not mounted.
}
const send = (reply: SandboxReply) => process.send?.(reply);

/** Task modules this process has loaded (and written to the compile cache). */
const loaded = new Set<string>();

/** Slices of the argument of the request that follows them. */
let argSlices: Uint8Array[] = [];

process.on("message", (message: SandboxRequest | SandboxArgPart) => {
  if ("argPart" in message) {
    argSlices.push(message.argPart);
    return;
  }
  const request = message;
  const slices = argSlices;
  argSlices = [];
  Promise.resolve()
    .then(async () => {
      const mod = (await import(request.module)) as Record<string, unknown>;
      if (request.prepare) await (mod[request.prepare] as () => Promise<unknown>)();
      return mod;
    })
    .then((mod) => {
      // With the server's compile cache on (runner.ts passes it down), the modules just compiled
      // are written now: a sandbox is ended by a signal, so an exit-time write would never happen.
      if (!loaded.has(request.module)) module.flushCompileCache();
      loaded.add(request.module);
      send({ id: request.id, started: true });
      const task = mod[request.fn];
      if (typeof task !== "function") throw new Error(`The sandbox has no task ${request.fn}.`);
      return (task as (arg: unknown) => unknown)(request.slices ? joinArg(request.arg, slices) : request.arg);
    })
    .then(
      (result) => {
        const { skeleton, parts } = splitReply(result);
        for (const part of parts) send({ id: request.id, part });
        send({ id: request.id, ok: true, result: skeleton, parted: parts.length > 0 });
      },
      (err: unknown) => {
        const reason = err instanceof ExtractError ? err.reason : "corrupt";
        send({
          id: request.id,
          ok: false,
          message: err instanceof Error ? err.message : String(err),
          reason,
        });
      },
    );
});
process.on("disconnect", () => process.exit(0));
send({ ready: true });
