/**
 * A saved page's preview image (og:image), fetched by the server so the wall never sends a
 * browser to the site (issue 41): the SSRF-safe fetcher, at most 5 MB, an image content type,
 * and bytes that are a raster image by their signature (SVG, which can carry script, is not).
 * The bytes are kept as they are: nothing is decoded, so a hostile file costs nothing to check.
 */
import { safeFetch, type SafeFetchOptions } from "./safe-fetch.ts";

export const PREVIEW_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
const PREVIEW_IMAGE_TIMEOUT_MS = 10_000;

export type PreviewImage = { bytes: Buffer; contentType: string; extension: string };

const FORMATS = [
  { type: "image/png", ext: "png" },
  { type: "image/jpeg", ext: "jpg" },
  { type: "image/gif", ext: "gif" },
  { type: "image/webp", ext: "webp" },
  { type: "image/avif", ext: "avif" },
] as const;

/** Which raster format the bytes are, by their signature (never by the Content-Type). Pure. */
export function sniffPreviewImage(b: Uint8Array): (typeof FORMATS)[number] | undefined {
  if (b.length < 12) return undefined;
  const at = (offset: number, ...sig: number[]) => sig.every((v, i) => b[offset + i] === v);
  const ascii = (offset: number, s: string) => at(offset, ...[...s].map((c) => c.charCodeAt(0)));
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return FORMATS[0];
  if (at(0, 0xff, 0xd8, 0xff)) return FORMATS[1];
  if (ascii(0, "GIF87a") || ascii(0, "GIF89a")) return FORMATS[2];
  if (ascii(0, "RIFF") && ascii(8, "WEBP")) return FORMATS[3];
  if (ascii(4, "ftyp") && (ascii(8, "avif") || ascii(8, "avis"))) return FORMATS[4];
  return undefined;
}

/**
 * Fetches a preview image; undefined (with the reason, for logs) when the address is refused,
 * the answer is not a 2xx image of an accepted format, or it is larger than the limit.
 */
export async function fetchPreviewImage(
  url: string,
  opts: SafeFetchOptions,
): Promise<{ image: PreviewImage } | { reason: string }> {
  let res;
  try {
    res = await safeFetch(url, {
      ...opts,
      maxBytes: PREVIEW_IMAGE_MAX_BYTES,
      timeoutMs: PREVIEW_IMAGE_TIMEOUT_MS,
      truncate: false,
      accept: "image/avif,image/webp,image/png,image/jpeg,image/gif;q=0.9",
    });
  } catch (err) {
    return { reason: (err as Error).message };
  }
  if (!res.ok) return { reason: `status ${res.status}` };
  if (!res.contentType.startsWith("image/")) return { reason: `not an image (${res.contentType})` };
  const format = sniffPreviewImage(res.body);
  if (!format) return { reason: `not a raster image (${res.contentType})` };
  return { image: { bytes: res.body, contentType: format.type, extension: format.ext } };
}
