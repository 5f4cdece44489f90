/**
 * The one place the pipeline reaches other modules' engines (extractors, link fetcher, search
 * indexer), so each is switched or stubbed in one file.
 */
import type { Config } from "../../platform/config.ts";
import { sandboxConcurrency } from "../../platform/jobs/memory-guard.ts";
import type { ExtractInput, ExtractResult } from "../../core/ingest/extractors/types.ts";
import {
  extractionProcessesRssMb,
  limitSandboxMemory,
  runSandboxed,
  sandboxLane,
  stopExtractionProcesses,
} from "../../platform/sandbox/runner.ts";
import { runExtraction } from "../../core/ingest/extractors/sandboxed.ts";
import { readPageTask } from "../../platform/links/sandbox-tasks.ts";
import type { FetchedPage } from "../../platform/links/types.ts";
import { linkFetchOptions } from "../../platform/links/fetch-options.ts";
import { fetchLinkWithFallback, fetchPageMetadata } from "../../platform/links/fetch-page.ts";
export { indexSourceContent } from "../../core/search/indexer.ts";
export { supportedFileExtensions } from "../../platform/files/kinds.ts";
export { extractionProcessesRssMb, limitSandboxMemory, stopExtractionProcesses };

/**
 * At most this many sandboxed extractions at once per process (`sandboxConcurrency`): at most two,
 * as the extractor keeps two warm processes and a cold one costs ~0.5 s of CPU; one on a 2-core
 * machine or under a small memory limit (each sandbox process holds ~110–130 MB).
 */
const lanes = new Map<number, ReturnType<typeof sandboxLane>>();
function extractionSlot(config: Pick<Config, "memoryLimitMb">) {
  const parallel = sandboxConcurrency(config.memoryLimitMb, 2);
  let lane = lanes.get(parallel);
  if (!lane) lanes.set(parallel, (lane = sandboxLane(parallel)));
  return lane;
}

/** Extracts a file in the sandboxed extraction process (time and heap limits). */
export function extractFile(
  input: ExtractInput,
  timeoutMs: number,
  config: Pick<Config, "memoryLimitMb">,
): Promise<ExtractResult> {
  return extractionSlot(config)(() => runExtraction(input, { timeoutMs }));
}

/** Thrown when a link cannot be saved even with the metadata fallback. */
export class LinkUnavailableError extends Error {}

function fetchOptions(config: Config) {
  return {
    ...linkFetchOptions(config),
    embedderOrigin: config.PUBLIC_URL,
    readHtml: (input: { html: string; url: string }) =>
      extractionSlot(config)(() => runSandboxed(readPageTask, input, { timeoutMs: config.PARSE_TIMEOUT_MS })),
  };
}

/** Fetches a link for saving: the full page, else title and description only (spec 2 §4). */
export async function fetchLink(url: string, config: Config): Promise<FetchedPage> {
  const outcome = await fetchLinkWithFallback(url, fetchOptions(config));
  if ("error" in outcome) throw new LinkUnavailableError(`${outcome.error} (${outcome.reason})`);
  return outcome.page;
}

/** Title and description of a page. */
export function fetchMetadata(url: string, config: Config): Promise<{ title: string; description: string }> {
  return fetchPageMetadata(url, fetchOptions(config));
}
