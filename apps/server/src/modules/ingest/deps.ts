/**
 * The one place the pipeline reaches other modules' engines (extractors, link fetcher, search
 * indexer). Stand-ins sit here until the real functions land, so switching is a one-file change.
 */
import type { Config } from "../../config.ts";
import type { ExtractInput, ExtractResult } from "./extractors/types.ts";
import { ExtractError } from "./extractors/types.ts";
import { extract } from "./extractors/index.ts";
import type { FetchedPage } from "../links/types.ts";
import { linkFetchOptions } from "../links/fetch-options.ts";
import { safeFetch } from "../links/safe-fetch.ts";
export { indexSourceContent } from "../search/indexer.ts";

export { supportedFileExtensions } from "./extractors/index.ts";

/**
 * Runs the extractor for a file with a deadline (in-process until the sandboxed `runExtraction`
 * lands; then this becomes a call to it with the same limits).
 */
export async function extractFile(input: ExtractInput, timeoutMs: number): Promise<ExtractResult> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ExtractError("Extraction took too long.", "timeout")), timeoutMs);
  });
  try {
    return await Promise.race([extract(input), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ")
    .replace(/<\/(p|div|h[1-6]|li|br)>/gi, "\n")
    .replace(/<[^>]+>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/[ \t]+/g, " ")
    .trim();
}

function metaContent(html: string, name: string): string {
  const re = new RegExp(`<meta[^>]+(?:name|property)=["']${name}["'][^>]*content=["']([^"']*)["']`, "i");
  return re.exec(html)?.[1]?.trim() ?? "";
}

/** Fetches a link (stand-in until the links module's fetchLinkWithFallback lands). */
export async function fetchLink(url: string, config: Config): Promise<FetchedPage> {
  const res = await safeFetch(url, { ...linkFetchOptions(config), timeoutMs: 15_000 });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  const html = res.body.toString("utf8");
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1]?.trim() ?? "";
  const body = /<body[^>]*>([\s\S]*)<\/body>/i.exec(html)?.[1] ?? html;
  return {
    url,
    finalUrl: res.finalUrl,
    title,
    description: metaContent(html, "description") || metaContent(html, "og:description"),
    markdown: htmlToText(body),
    iframeSupport: !res.headers["x-frame-options"],
    kind: "webpage",
    meta: {},
  };
}

/** Title and description of a page (stand-in until fetchPageMetadata lands). */
export async function fetchMetadata(url: string, config: Config): Promise<{ title: string; description: string }> {
  const page = await fetchLink(url, config);
  return { title: page.title, description: page.description };
}
