import crypto from "node:crypto";
import type { Actor } from "../../platform/context.ts";
import type { Db } from "../../platform/db/client.ts";
import type { Logger } from "../../platform/logger.ts";
import { linkMessages } from "@mnemo/contracts";
import { AppError, notFound, validation } from "../../platform/lib/errors.ts";
import type { BlobStore } from "../../platform/blobs/store.ts";
import type { SafeFetchOptions } from "../../platform/links/safe-fetch.ts";
import { findOwnedSource, mergeSourceMeta } from "../../core/sources/rows.ts";
import { checkScreenshotUrl, screenshotAvailability, takeScreenshot } from "./browser.ts";

export type ScreenshotDeps = {
  db: Db;
  blobs: BlobStore;
  log: Logger;
  chromiumPath: string;
  /** Read per call: FETCH_EXTRA_CA is a file that may appear after start-up. */
  fetch: () => SafeFetchOptions;
};

/** Whether screenshots are available here, and why not. */
export function screenshotStatus(deps: Pick<ScreenshotDeps, "chromiumPath">) {
  const a = screenshotAvailability(deps.chromiumPath);
  return { available: a.available, reason: a.available ? null : a.reason };
}

/**
 * A full-page screenshot of `url`, stored as a blob; with `sourceId` (an own memory) it becomes
 * that memory's thumbnail and preview fallback. Returns a signed URL of the image.
 */
export async function takeSourceScreenshot(
  deps: ScreenshotDeps,
  actor: Actor,
  input: { url: string; source_id?: string },
): Promise<{ s3Url: string }> {
  const a = screenshotAvailability(deps.chromiumPath);
  if (!a.available) throw new AppError("upstream", a.reason, undefined, 503);
  if (input.source_id && !(await findOwnedSource(deps.db, actor.id, input.source_id)))
    throw notFound("Memory not found.");
  const fetch = deps.fetch();
  // A memory whose page cannot be screenshotted says so from now on (issue 41): the wall stops
  // asking for it on every load (and running into the screenshots' rate limit).
  const unavailable = async (err: AppError) => {
    if (input.source_id)
      await mergeSourceMeta(deps.db, actor.id, input.source_id, { screenshot_failed: true });
    return err;
  };
  // https only, and an address the link fetcher may reach: data:, chrome:, file:, http: and local
  // or private hosts never reach the browser.
  if (!/^https:/i.test(input.url)) throw await unavailable(validation(linkMessages.insecureUrl));
  const refused = await checkScreenshotUrl(input.url, fetch).then(
    () => false,
    () => true,
  );
  if (refused) throw await unavailable(validation(linkMessages.screenshotAddressRefused));
  let png: Buffer;
  try {
    png = await takeScreenshot(input.url, { chromiumPath: a.path, fetch });
  } catch (err) {
    deps.log.warn({ err: (err as Error).message }, "screenshot failed");
    throw await unavailable(new AppError("upstream", "Couldn't take a screenshot of this page."));
  }
  const key = `${actor.id}/screenshots/${crypto.randomUUID()}.png`;
  await deps.blobs.put(key, new Uint8Array(png), { maxBytes: 20 * 1024 * 1024, contentType: "image/png" });
  if (input.source_id) await mergeSourceMeta(deps.db, actor.id, input.source_id, { screenshot_key: key });
  return { s3Url: await deps.blobs.presignGet(key, { expiresInSeconds: 3600 }) };
}
