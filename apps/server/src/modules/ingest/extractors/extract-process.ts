/**
 * Entry of an extraction child process: runs `extract` for each request sent by `runner.ts` over
 * IPC (advanced serialization, so bytes travel as a Uint8Array). Exits when the parent goes away.
 */
import { extract } from "./index.ts";
import { ExtractError, type ExtractInput, type ExtractResult } from "./types.ts";

export type ExtractRequest = { id: number; input: ExtractInput };
export type ExtractReply =
  | { id: number; ok: true; result: ExtractResult }
  | { id: number; ok: false; message: string; reason: ExtractError["reason"] }
  | { ready: true };

if (!process.send) throw new Error("extract-process.ts must be started with an IPC channel");
const send = (reply: ExtractReply) => process.send?.(reply);

process.on("message", (request: ExtractRequest) => {
  extract(request.input).then(
    (result) => send({ id: request.id, ok: true, result }),
    (err: unknown) => {
      const reason = err instanceof ExtractError ? err.reason : "corrupt";
      send({ id: request.id, ok: false, message: err instanceof Error ? err.message : String(err), reason });
    },
  );
});
process.on("disconnect", () => process.exit(0));
send({ ready: true });
