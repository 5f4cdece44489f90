/** Fetching a link to save it: SSRF-safe fetch, the page read in the sandbox (extraction lane). */
import type { Config } from "../config.ts";
import { runSandboxed } from "../sandbox/runner.ts";
import { extractionSlot } from "../sandbox/lanes.ts";
import type { FetchedPage } from "./types.ts";
import { linkFetchOptions } from "./fetch-options.ts";
import { fetchLinkWithFallback, fetchPageMetadata } from "./fetch-page.ts";
import { readPageTask } from "./sandbox-tasks.ts";

/** Thrown when a link cannot be saved even with the metadata fallback. */
export class LinkUnavailableError extends Error {
  constructor(
    message: string,
    /** The row's message: 'page not found' for a 404, else the spec's 'Webpage not responding…'. */
    readonly userMessage: string,
  ) {
    super(message);
  }
}

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
  if ("error" in outcome)
    throw new LinkUnavailableError(`${outcome.error} (${outcome.reason})`, outcome.error);
  return outcome.page;
}

/** Title and description of a page. */
export function fetchMetadata(url: string, config: Config): Promise<{ title: string; description: string }> {
  return fetchPageMetadata(url, fetchOptions(config));
}
