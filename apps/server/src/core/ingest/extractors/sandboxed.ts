import { runSandboxed, type RunLimits } from "../../../platform/sandbox/runner.ts";
import { sandboxTask } from "../../../platform/sandbox/task.ts";
import type * as Extractors from "./index.ts";
import type { ExtractInput, ExtractResult } from "./types.ts";

/** File extraction (`index.ts` `extract`), run in the sandbox. */
export const extractTask = sandboxTask<typeof Extractors.extract>(
  new URL("./index.ts", import.meta.url),
  "extract",
);

/** Runs `extract` in the sandbox (see `runSandboxed`) with the run's page, output and unzip limits. */
export function runExtraction(input: ExtractInput, limits: RunLimits = {}): Promise<ExtractResult> {
  const { maxPages, maxOutputChars, maxUnzippedBytes } = limits;
  const extractLimits = Object.fromEntries(
    Object.entries({ ...input.limits, maxPages, maxOutputChars, maxUnzippedBytes }).filter(
      ([, v]) => v !== undefined,
    ),
  );
  return runSandboxed(extractTask, { ...input, limits: extractLimits }, limits);
}
