/**
 * The one place the pipeline reaches other modules' engines (extractors, link fetcher, search
 * indexer), so each is switched or stubbed in one file.
 */
import type { Config } from "../../platform/config.ts";
import type { ExtractInput, ExtractResult } from "./extractors/types.ts";
import {
  extractionProcessesRssMb,
  limitSandboxMemory,
  stopExtractionProcesses,
} from "../../platform/sandbox/runner.ts";
import { extractionSlot } from "../../platform/sandbox/lanes.ts";
import { runExtraction } from "./extractors/sandboxed.ts";
export { indexSourceContent } from "../search/indexer.ts";
export { supportedFileExtensions } from "../../platform/files/kinds.ts";
export { fetchLink, fetchMetadata, LinkUnavailableError } from "../../platform/links/read.ts";
export { extractionProcessesRssMb, limitSandboxMemory, stopExtractionProcesses };

/** Extracts a file in the sandboxed extraction process (time and heap limits). */
export function extractFile(
  input: ExtractInput,
  timeoutMs: number,
  config: Pick<Config, "memoryLimitMb">,
): Promise<ExtractResult> {
  return extractionSlot(config)(() => runExtraction(input, { timeoutMs }));
}
