import { runSandboxed, type RunLimits } from "../../../platform/sandbox/runner.ts";
import { sandboxTask } from "../../../platform/sandbox/task.ts";
import type * as Extractors from "./index.ts";
import type { ExtractInput, ExtractResult } from "./types.ts";

/** File extraction (`index.ts` `extract`), run in the sandbox. */
export const extractTask = sandboxTask<typeof Extractors.extract>(
  new URL("./index.ts", import.meta.url),
  "extract",
);

/** A PDF by its signature (`%PDF-` within the first 1,024 bytes, as readers accept it). */
function looksLikePdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).includes("%PDF-");
}

/**
 * Runs `extract` in the sandbox (see `runSandboxed`) with the run's page, output and unzip limits.
 * A PDF is read in a process without `--optimize-for-size` (`compact: false`): its text layer is
 * CPU-bound JavaScript that holds little (docs/decisions.md "PDF text: pdf.js's own inflate, a
 * process without --optimize-for-size").
 */
export function runExtraction(input: ExtractInput, limits: RunLimits = {}): Promise<ExtractResult> {
  const { maxPages, maxOutputChars, maxUnzippedBytes } = limits;
  const extractLimits = Object.fromEntries(
    Object.entries({ ...input.limits, maxPages, maxOutputChars, maxUnzippedBytes }).filter(
      ([, v]) => v !== undefined,
    ),
  );
  return runSandboxed(
    extractTask,
    { ...input, limits: extractLimits },
    { ...(looksLikePdf(input.bytes) ? { compact: false } : {}), ...limits },
  );
}
