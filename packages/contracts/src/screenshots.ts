import { z } from "zod";

/** POST /api/screenshot: a full-page screenshot of a URL. */
export const zScreenshotInput = z.object({
  url: z.string().trim().url("Enter a valid URL."),
  /** When given (own memory), the screenshot becomes its thumbnail and preview fallback. */
  source_id: z.string().optional(),
});
export type ScreenshotInput = z.input<typeof zScreenshotInput>;
/** Its answer: the stored screenshot's URL. */
export const zScreenshotResponse = z.object({ s3Url: z.string() });

/** GET /api/screenshot/status: whether screenshots are available here, and why not. */
export const zScreenshotStatus = z.object({ available: z.boolean(), reason: z.string().nullable() });
export type ScreenshotStatus = z.infer<typeof zScreenshotStatus>;
