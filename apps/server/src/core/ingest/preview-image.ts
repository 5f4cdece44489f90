import crypto from "node:crypto";
import type { PlatformContext } from "../../platform/context.ts";
import { linkFetchOptions } from "../../platform/links/fetch-options.ts";
import { fetchPreviewImage, PREVIEW_IMAGE_MAX_BYTES } from "../../platform/links/preview-image.ts";

/**
 * Fetches a saved page's preview image through the SSRF-safe fetcher and stores it as a blob of
 * the owner (`<owner>/thumbnails/…`); the wall hands it out with a reader-bound URL like any
 * memory's file. Returns the blob key, or undefined when there is no usable image (never throws:
 * a page saves without a thumbnail).
 */
export async function storePreviewImage(
  ctx: Pick<PlatformContext, "blobs" | "config" | "log">,
  ownerId: string,
  imageUrl: string,
): Promise<string | undefined> {
  const fetched = await fetchPreviewImage(imageUrl, linkFetchOptions(ctx.config));
  if ("reason" in fetched) {
    ctx.log.info({ reason: fetched.reason }, "page preview image not kept");
    return undefined;
  }
  const { bytes, contentType, extension } = fetched.image;
  const key = `${ownerId}/thumbnails/${crypto.randomUUID()}.${extension}`;
  try {
    await ctx.blobs.put(key, new Uint8Array(bytes), { maxBytes: PREVIEW_IMAGE_MAX_BYTES, contentType });
    return key;
  } catch (err) {
    ctx.log.warn({ err }, "page preview image could not be stored");
    return undefined;
  }
}
