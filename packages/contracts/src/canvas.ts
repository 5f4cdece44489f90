import { z } from "zod";

/**
 * Canvas editor calls (spec 3 §2, §4, §7, §8). A canvas saves through the presigned upload flow
 * (`canvas_data_type` canvas, then canvas_screenshot, then confirm with `file_type` canvas); these
 * are the calls the spec leaves "not shown", designed in its style under /api/canvas. Imported as
 * "@mnemo/contracts/canvas" (not re-exported by the index: the wall's bundle does not carry it).
 */

export { canvasDataTypes, type CanvasDataType } from "./uploads.ts";

/** MIME type of a stored canvas document (Excalidraw's own JSON format). */
export const CANVAS_MIME = "application/vnd.excalidraw+json";

/** A canvas document larger than this is refused before it travels (images inside count). */
export const CANVAS_MAX_BYTES = 10 * 1024 * 1024;
/** The PNG screenshot of a canvas (scale 0.5) is refused past this size; the save goes on without it. */
export const CANVAS_SCREENSHOT_MAX_BYTES = 5 * 1024 * 1024;

/** Reasons of 'Failed to save canvas: {reason}' that the server decides. */
export const canvasServerReasons = {
  tooLarge: (p: { limitMb: number }): string => `the canvas is larger than ${p.limitMb} MB`,
  conflict: "it was changed in another tab or window",
} as const;

/** The `details` of a 409 answer to a canvas confirm whose `base_version` is no longer current. */
export const zCanvasConflictDetails = z.object({ current_version: z.number() });

export const zCanvas = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  status: z.enum(["in_progress", "success", "errored"]),
  /** Bumped by every save; a save names the version it started from (`base_version`). */
  content_version: z.number(),
  /** Whether the viewer may save (owner, or a write/admin member of a collection holding it). */
  editable: z.boolean(),
  /** Signed URL of the stored document; null for a canvas never saved with a document. */
  document_url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
});
export type Canvas = z.infer<typeof zCanvas>;

/** Spec 3 §7 "Description for canvas": generated when the editor is left. */
export const zCanvasDescriptionInput = z.object({ file_id: z.string().min(1).max(100) });
export const zCanvasDescriptionResponse = z.object({
  id: z.string(),
  description: z.string(),
  /** llm when a language model wrote it; text when it was taken from the canvas's text elements. */
  generated_by: z.enum(["llm", "text"]),
});
