import { z } from "zod";
import { api } from "@/lib/api";

const zStatus = z.object({ available: z.boolean(), reason: z.string().nullable() });
export type ScreenshotStatus = z.infer<typeof zStatus>;

/** GET /api/screenshot/status: whether this server can take screenshots, and why not. */
export function getScreenshotStatus(signal?: AbortSignal): Promise<ScreenshotStatus> {
  return api.request("/api/screenshot/status", { schema: zStatus, signal });
}

/** POST /api/screenshot: a full-page screenshot; with `source_id` it becomes that memory's thumbnail. */
export function takeScreenshot(url: string, sourceId: string): Promise<string> {
  return api
    .request("/api/screenshot", {
      method: "POST",
      body: { url, source_id: sourceId },
      schema: z.object({ s3Url: z.string() }),
    })
    .then((r) => r.s3Url);
}
