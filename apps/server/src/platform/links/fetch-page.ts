/**
 * Fetching a saved link (spec 2 §4 link items, §5 Links, §7 "Fetch page metadata", §8): the full
 * page (metadata + readable Markdown + iframe support), YouTube videos (title, transcript,
 * duration), and the blocked/errored fallback — title and description with empty content, an error
 * only when that fails too.
 */
import { links as linkLimits } from "@mnemo/contracts/constants";
import { socialNetworkOf, youtubeVideoId } from "@mnemo/contracts/links";
import { linkMessages } from "@mnemo/contracts/messages";
import type { PageMetadata, ReadPage } from "./extract.ts";
import { iframeSupport } from "./iframe-support.ts";
import {
  FetchError,
  resolveSafeTarget,
  safeFetch,
  type FetchFailure,
  type SafeResponse,
} from "./safe-fetch.ts";
import type { FetchedPage } from "./types.ts";
import { fetchYoutubeVideo, type YoutubeFetchOptions } from "./youtube.ts";

export type FetchPageOptions = YoutubeFetchOptions & {
  /** Origin of the Mnemo web app, for CSP frame-ancestors host sources; any third party when omitted. */
  embedderOrigin?: string;
  /**
   * Parses the fetched HTML. In this thread by default; the ingestion pipeline passes the
   * sandboxed version so a hostile page costs an errored memory, never a stalled server.
   */
  readHtml?: (input: { html: string; url: string }) => Promise<ReadPage>;
};

/** The lightweight metadata fetch reads at most this much of the page, within this time. */
const METADATA_MAX_BYTES = 512 * 1024;
const METADATA_TIMEOUT_MS = 8_000;

/** The HTML parsers (linkedom, defuddle, Readability, turndown) load with the first page saved. */
const loadExtractors = () => import("./extract.ts");

const HTML_TYPES = new Set(["text/html", "application/xhtml+xml", ""]);

/** Decodes a body with the charset of its Content-Type or <meta charset>, UTF-8 otherwise. */
export function decodeBody(res: Pick<SafeResponse, "body" | "headers">): string {
  const header = String(res.headers["content-type"] ?? "");
  const head = res.body.subarray(0, 2048).toString("latin1");
  const charset =
    /charset=["']?([\w-]+)/i.exec(header)?.[1] ??
    /<meta[^>]+charset=["']?([\w-]+)/i.exec(head)?.[1] ??
    "utf-8";
  try {
    return new TextDecoder(charset).decode(res.body);
  } catch {
    return new TextDecoder("utf-8").decode(res.body);
  }
}

function ensureOk(res: SafeResponse): void {
  if (!res.ok) throw new FetchError("http_status", `The page answered ${res.status}`, res.status);
}

function kindOf(url: string): FetchedPage["kind"] {
  return socialNetworkOf(url) ? "social" : "webpage";
}

async function fetchVideo(url: string, videoId: string, opts: FetchPageOptions): Promise<FetchedPage> {
  const video = await fetchYoutubeVideo(videoId, opts);
  const parts = [
    video.description.trim(),
    video.transcript ? `## Transcript\n\n${video.transcript}` : "",
  ].filter(Boolean);
  return {
    url,
    finalUrl: url,
    title: video.title,
    description: video.description,
    ogImage: `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`,
    markdown: parts.join("\n\n"),
    iframeSupport: true,
    kind: "video",
    warning: video.transcript ? undefined : linkLimits.emptyTranscriptWarning,
    meta: {
      videoId,
      embedUrl: `https://www.youtube.com/embed/${videoId}`,
      durationSeconds: video.durationSeconds,
      author: video.author,
      captionLanguage: video.captionLanguage,
    },
  };
}

/**
 * A page's preview image URL when browsers may be sent to it: https, and a host that passes the
 * same address rules as the fetcher (so a thumbnail never points a viewer at a local address).
 */
export async function safeImageUrl(
  raw: string | undefined,
  opts: FetchPageOptions,
): Promise<string | undefined> {
  if (!raw) return undefined;
  try {
    const url = new URL(raw);
    await resolveSafeTarget(url, opts);
    return url.href;
  } catch {
    return undefined;
  }
}

/**
 * Fetches and extracts one link. Throws FetchError when the page cannot be fetched or is not a web
 * page (a PDF or image behind an extension-less URL gives `unsupported_content`).
 */
export async function fetchPage(url: string, opts: FetchPageOptions = {}): Promise<FetchedPage> {
  const videoId = youtubeVideoId(url);
  if (videoId) return fetchVideo(url, videoId, opts);
  const res = await safeFetch(url, opts);
  ensureOk(res);
  const text = decodeBody(res);
  const frameable = iframeSupport(res.headers, opts.embedderOrigin);
  if (res.contentType === "text/plain") {
    const firstLine =
      text
        .split("\n")
        .find((l) => l.trim())
        ?.trim() ?? "";
    return {
      url,
      finalUrl: res.finalUrl,
      title: firstLine.slice(0, 200),
      description: "",
      markdown: text.trim(),
      iframeSupport: frameable,
      kind: kindOf(url),
      meta: { contentType: res.contentType },
    };
  }
  if (!HTML_TYPES.has(res.contentType)) {
    throw new FetchError("unsupported_content", `Not a web page (${res.contentType})`);
  }
  const readHtml = opts.readHtml ?? (await loadExtractors()).readPage;
  const { metadata, readable } = await readHtml({ html: text, url: res.finalUrl });
  const ogImage = await safeImageUrl(metadata.ogImage, opts);
  return {
    url,
    finalUrl: res.finalUrl,
    title: metadata.title || new URL(res.finalUrl).hostname,
    description: metadata.description,
    ogImage,
    markdown: readable.markdown,
    iframeSupport: frameable,
    kind: kindOf(url),
    meta: {
      canonical: metadata.canonical,
      siteName: metadata.siteName,
      language: metadata.language,
      extractor: readable.extractor,
      wordCount: readable.wordCount,
      redirects: res.redirects,
      contentType: res.contentType,
    },
  };
}

async function readMetadata(
  url: string,
  opts: FetchPageOptions,
): Promise<{ metadata: PageMetadata; res: SafeResponse }> {
  const res = await safeFetch(url, {
    ...opts,
    truncate: true,
    maxBytes: Math.min(opts.maxBytes ?? METADATA_MAX_BYTES, METADATA_MAX_BYTES),
    timeoutMs: Math.min(opts.timeoutMs ?? METADATA_TIMEOUT_MS, METADATA_TIMEOUT_MS),
  });
  ensureOk(res);
  if (!HTML_TYPES.has(res.contentType))
    throw new FetchError("unsupported_content", `Not a web page (${res.contentType})`);
  const { extractMetadata } = await loadExtractors();
  return { metadata: extractMetadata(decodeBody(res), res.finalUrl), res };
}

/** Spec 2 §7 "Fetch page metadata": the page's title and description (reads only the page's start). */
export async function fetchPageMetadata(
  url: string,
  opts: FetchPageOptions = {},
): Promise<{ title: string; description: string }> {
  const { metadata } = await readMetadata(url, opts);
  return { title: metadata.title, description: metadata.description };
}

/** Failures the metadata retry cannot fix: the link itself is refused. */
const FINAL_FAILURES = new Set<FetchFailure>(["invalid_url", "insecure_url", "blocked_address"]);

export type LinkFetchOutcome =
  | { page: FetchedPage }
  | {
      error: typeof linkMessages.webpageNotResponding | typeof linkMessages.pageNotFound;
      reason: FetchFailure | "extraction";
    };

const reasonOf = (err: unknown): FetchFailure | "extraction" =>
  err instanceof FetchError ? err.reason : "extraction";

/** A page the site says does not exist (404, 410) is "not found"; anything else is not responding. */
const failureMessageOf = (err: unknown) =>
  err instanceof FetchError && err.reason === "http_status" && (err.status === 404 || err.status === 410)
    ? linkMessages.pageNotFound
    : linkMessages.webpageNotResponding;

/**
 * A link as the ingestion pipeline saves it (spec 2 §4): the full page when possible; for a
 * blocked or errored page, its title and description with empty content; the inline error
 * 'Webpage not responding. Use the chrome extension to save it.' only when that fails as well (a
 * page the site answers 404 or 410 for says it was not found instead, issue 41).
 */
export async function fetchLinkWithFallback(
  url: string,
  opts: FetchPageOptions = {},
): Promise<LinkFetchOutcome> {
  let failure: FetchFailure | "extraction";
  let message: ReturnType<typeof failureMessageOf>;
  try {
    return { page: await fetchPage(url, opts) };
  } catch (err) {
    failure = reasonOf(err);
    message = failureMessageOf(err);
    if (failure !== "extraction" && FINAL_FAILURES.has(failure))
      return { error: linkMessages.webpageNotResponding, reason: failure };
  }
  try {
    const { metadata, res } = await readMetadata(url, opts);
    const page: FetchedPage = {
      url,
      finalUrl: res.finalUrl,
      title: metadata.title || new URL(res.finalUrl).hostname,
      description: metadata.description,
      ogImage: await safeImageUrl(metadata.ogImage, opts),
      markdown: "",
      iframeSupport: iframeSupport(res.headers, opts.embedderOrigin),
      kind: youtubeVideoId(url) ? "video" : kindOf(url),
      meta: { fallback: true, failure, canonical: metadata.canonical },
    };
    return { page };
  } catch {
    return { error: message, reason: failure };
  }
}

/** A video's duration in seconds (for the plan's video cap), when the page is a video that has one. */
export function videoDurationSeconds(page: FetchedPage): number | undefined {
  const seconds = page.meta.durationSeconds;
  return page.kind === "video" && typeof seconds === "number" && Number.isFinite(seconds)
    ? seconds
    : undefined;
}

/** Whether a video is longer than the cap ('Saving upto 60 mins. Upgrade to save longer videos'). */
export function exceedsVideoCap(page: FetchedPage, capMinutes: number = linkLimits.videoMaxMinutes): boolean {
  const seconds = videoDurationSeconds(page);
  return seconds !== undefined && seconds > capMinutes * 60;
}
