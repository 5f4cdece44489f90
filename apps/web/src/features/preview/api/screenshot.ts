import { endpoints, type ScreenshotStatus } from "@mnemo/contracts";
import { api } from "@/lib/api";

export type { ScreenshotStatus };

/** GET /api/screenshot/status: whether this server can take screenshots, and why not. */
export function getScreenshotStatus(signal?: AbortSignal): Promise<ScreenshotStatus> {
  return api.request(endpoints.screenshots.status, { signal });
}

/** POST /api/screenshot: a full-page screenshot; with `source_id` it becomes that memory's thumbnail. */
export function takeScreenshot(url: string, sourceId: string): Promise<string> {
  return api.request(endpoints.screenshots.take, { body: { url, source_id: sourceId } }).then((r) => r.s3Url);
}
