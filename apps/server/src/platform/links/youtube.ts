/**
 * YouTube video links: title, description and duration from the watch page's player response,
 * transcript from its caption track (srv3 `<p>` or classic `<text>` timedtext XML). The watch-page
 * origin is configurable (`youtubeOrigin`) so tests serve a local fixture.
 */
import { FetchError, safeFetch, type SafeFetchOptions } from "./safe-fetch.ts";

export const DEFAULT_YOUTUBE_ORIGIN = "https://www.youtube.com";

export type CaptionTrack = { baseUrl: string; languageCode: string; kind?: string };

export type PlayerResponse = {
  videoDetails?: {
    videoId?: string;
    title?: string;
    lengthSeconds?: string;
    author?: string;
    shortDescription?: string;
  };
  captions?: { playerCaptionsTracklistRenderer?: { captionTracks?: CaptionTrack[] } };
};

export type YoutubeVideo = {
  videoId: string;
  title: string;
  description: string;
  author?: string;
  durationSeconds?: number;
  /** Transcript text, one caption line per line; empty when the video has no captions. */
  transcript: string;
  captionLanguage?: string;
};

/** The JSON object literal that starts at `start` (a "{"), respecting strings and escapes. */
function sliceJsonObject(text: string, start: number): string | undefined {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === "\\") i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === "{") depth++;
    else if (ch === "}" && --depth === 0) return text.slice(start, i + 1);
  }
  return undefined;
}

/** Reads `ytInitialPlayerResponse` from a watch page's HTML. */
export function parsePlayerResponse(html: string): PlayerResponse | undefined {
  const marker = /ytInitialPlayerResponse\s*=\s*\{/.exec(html);
  if (!marker) return undefined;
  const json = sliceJsonObject(html, marker.index + marker[0].length - 1);
  if (!json) return undefined;
  try {
    return JSON.parse(json) as PlayerResponse;
  } catch {
    return undefined;
  }
}

/** Prefers a human caption track in `language`, then an automatic one, then any. */
export function pickCaptionTrack(tracks: readonly CaptionTrack[], language = "en"): CaptionTrack | undefined {
  const inLanguage = tracks.filter(
    (t) => t.languageCode === language || t.languageCode.startsWith(`${language}-`),
  );
  return inLanguage.find((t) => t.kind !== "asr") ?? inLanguage[0] ?? tracks[0];
}

function decodeEntities(s: string): string {
  return s
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** Caption lines of a timedtext document (srv3 `<p>` or classic `<text>` elements). */
export function parseCaptions(xml: string): string[] {
  const lines: string[] = [];
  for (const match of xml.matchAll(/<(p|text)\b[^>]*>([\s\S]*?)<\/\1>/g)) {
    let text = decodeEntities(match[2].replace(/<[^>]+>/g, ""));
    if (/&(#\d+|#x[0-9a-f]+|[a-z]+);/i.test(text)) text = decodeEntities(text);
    text = text.replace(/\s+/g, " ").trim();
    if (text) lines.push(text);
  }
  return lines;
}

export type YoutubeFetchOptions = SafeFetchOptions & { youtubeOrigin?: string; language?: string };

/** Fetches a video's details and transcript through the SSRF-safe fetcher. */
export async function fetchYoutubeVideo(
  videoId: string,
  opts: YoutubeFetchOptions = {},
): Promise<YoutubeVideo> {
  const origin = opts.youtubeOrigin ?? DEFAULT_YOUTUBE_ORIGIN;
  const page = await safeFetch(`${origin}/watch?v=${encodeURIComponent(videoId)}&hl=en`, opts);
  if (!page.ok) throw new FetchError("http_status", `YouTube answered ${page.status}`, page.status);
  const player = parsePlayerResponse(page.body.toString("utf8"));
  const details = player?.videoDetails;
  if (!details?.title) throw new FetchError("unsupported_content", "No video details on the watch page");
  const seconds = Number(details.lengthSeconds);
  const video: YoutubeVideo = {
    videoId,
    title: details.title,
    description: details.shortDescription ?? "",
    author: details.author,
    durationSeconds: Number.isFinite(seconds) && seconds > 0 ? seconds : undefined,
    transcript: "",
  };
  const tracks = player?.captions?.playerCaptionsTracklistRenderer?.captionTracks ?? [];
  const track = pickCaptionTrack(tracks, opts.language);
  if (!track) return video;
  try {
    const captions = await safeFetch(track.baseUrl, {
      ...opts,
      accept: "text/xml,application/xml;q=0.9,*/*;q=0.5",
    });
    if (captions.ok) {
      video.transcript = parseCaptions(captions.body.toString("utf8")).join("\n");
      video.captionLanguage = track.languageCode;
    }
  } catch {
    // A caption track that cannot be read counts as no transcript (warning empty_transcript).
  }
  return video;
}
