import { z } from "zod";
import { jsonDepthWithin } from "./json-depth.ts";
import { audioUploadExtensions } from "./transcribe.ts";

/**
 * Upload, indexing and page calls (spec 2 §3, §4, §7). The spec gives fields but not paths; the
 * server serves them under /api/upload/* (listed in /api/openapi.json).
 */

/** `source_type` of an upload (spec 2 §7). */
export const uploadSourceTypes = ["page", "image", "file"] as const;
export type UploadSourceType = (typeof uploadSourceTypes)[number];

/** `canvas_data_type` of a presigned upload (spec 3 §7): a canvas's document or its PNG screenshot. */
export const canvasDataTypes = ["canvas", "canvas_screenshot"] as const;
export type CanvasDataType = (typeof canvasDataTypes)[number];

/** Source status on the server (spec 2 §3 meta.status). */
export const sourceStatuses = ["in_progress", "success", "errored"] as const;
export type SourceStatus = (typeof sourceStatuses)[number];

export const zGetPresignedUrlInput = z.object({
  /** Extension or MIME type of the file, e.g. "pdf" or "application/pdf". */
  fileType: z.string().max(200),
  /** Re-upload into an existing memory (reindex); omitted for a new one. */
  file_id: z.string().min(1).max(100).optional(),
  /** Informational (the server always uses the signed-in user). */
  owner: z.string().max(320).optional(),
  /** A canvas save: its document (canvas) or its PNG screenshot (canvas_screenshot), spec 3 §7. */
  canvas_data_type: z.enum(canvasDataTypes).optional(),
  metadata: z.object({
    name_base64: z.string().min(1).max(4096),
    type: z.string().max(200).default(""),
    size: z.coerce.number().int().min(0),
    source_type: z.enum(uploadSourceTypes),
  }),
});
export type GetPresignedUrlInput = z.infer<typeof zGetPresignedUrlInput>;

export const zGetPresignedUrlResponse = z.object({
  presigned_url: z.string(),
  file_key: z.string(),
  /** The id to confirm with (the memory's id once confirmed). */
  file_id: z.string(),
});

/** Headers the client sends with the PUT to `presigned_url` (200 means success). */
export const uploadPutHeaders = [
  "x-amz-meta-name_base64",
  "x-amz-meta-type",
  "x-amz-meta-size",
  "x-amz-meta-source_type",
] as const;

export const zConfirmUploadInput = z.object({
  file_id: z.string().min(1).max(100),
  /** "success" when the PUT answered 200; anything else abandons the upload. */
  upload_status: z.string().max(40).default("success"),
  file_type: z.string().max(200).default(""),
  is_reindex: z.boolean().default(false),
  collections: z.array(z.string().max(100)).max(100).default([]),
  /** Canvas saves (`file_type` canvas): the keys of the uploaded document and screenshot. */
  canvas_key: z.string().max(400).optional(),
  screenshot_key: z.string().max(400).optional(),
  /** Canvas saves: the version the editor loaded; an older one than the stored is a conflict (409). */
  base_version: z.number().int().min(0).optional(),
});
export type ConfirmUploadInput = z.infer<typeof zConfirmUploadInput>;

export const zConfirmUploadResponse = z.object({
  id: z.string(),
  status: z.enum(sourceStatuses),
  /** Canvas saves: the version now stored (the next save's `base_version`). */
  content_version: z.number().optional(),
});

export const zWebPageInput = z.object({
  link: z.string().max(4096),
  note: z.string().max(10_000).default(""),
  description: z.string().max(10_000).default(""),
  title: z.string().max(1000).default(""),
  /** Content captured by the browser extension; when present the page is not fetched. */
  content: z.string().max(5_000_000).default(""),
  upload_source: z.string().max(40).default("webapp"),
});

export const zUploadWebPagesInput = z.object({
  web_pages: z.array(zWebPageInput).min(1).max(50),
  collectionId: z.string().max(100).nullish(),
});
export type UploadWebPagesInput = z.infer<typeof zUploadWebPagesInput>;

/** Per link: `in_progress` when accepted, else `error` or `blocked` with the reason in `message`. */
export const zWebPageResult = z.object({
  link: z.string(),
  id: z.string().nullable(),
  status: z.enum(["in_progress", "error", "blocked"]),
  warning: z.string().nullable(),
  message: z.string().optional(),
});
export const zUploadWebPagesResponse = z.object({ web_pages: z.array(zWebPageResult) });
export type WebPageResult = z.infer<typeof zWebPageResult>;

export const zFetchPageMetadataInput = z.object({ url: z.string().max(4096) });
export const zFetchPageMetadataResponse = z.object({ title: z.string(), description: z.string() });

export const zVerifyIndexingItem = z.object({ type: z.string().max(40), id: z.string().min(1).max(100) });
export const zVerifyIndexingInput = z.array(zVerifyIndexingItem).max(200);
export const zVerifyIndexingResult = z.object({
  id: z.string(),
  /** The source status: in_progress → the client shows indexing, errored → errored, else success. */
  indexing_status: z.enum(sourceStatuses),
  type: z.string(),
  error: z.string().nullable().optional(),
  warning: z.string().nullable().optional(),
});
export const zVerifyIndexingResponse = z.array(zVerifyIndexingResult);
export type VerifyIndexingResult = z.infer<typeof zVerifyIndexingResult>;

export const zProactiveMemoryQuery = z.object({ source_id: z.string().min(1).max(100) });
export const zProactiveMemoryResponse = z.object({
  source_id: z.string(),
  question: z.string(),
  /** The related memory's title and a snippet, or 'none' when nothing relates. */
  proactive_memory: z.string(),
  related_source_id: z.string().nullable().optional(),
});

export const zBlocknoteParserInput = z.object({ markdown: z.string().max(2_000_000) });
export const zBlocknoteParserResponse = z.object({ blocks: z.array(z.unknown()) });

/** How deep a page's block document may nest (≈ 30 levels of nested lists; deeper is hostile). */
export const MAX_PAGE_BLOCK_DEPTH = 100;

export const zSavePageInput = z.object({
  title: z.string().max(1000).default(""),
  blocks: z
    .array(z.unknown())
    .max(20_000)
    .refine((blocks) => jsonDepthWithin(blocks, MAX_PAGE_BLOCK_DEPTH), "The page is nested too deeply.")
    .default([]),
  /** Markdown of the blocks when the client has it; else the server derives it. */
  markdown: z.string().max(2_000_000).optional(),
  collections: z.array(z.string().max(100)).max(100).default([]),
});
export type SavePageInput = z.infer<typeof zSavePageInput>;

export const zPage = z.object({
  id: z.string(),
  title: z.string(),
  blocks: z.array(z.unknown()),
  markdown: z.string(),
  status: z.enum(sourceStatuses),
  content_version: z.number(),
  /** Whether the viewer may edit it (owner, or a write/admin member of a collection holding it). */
  editable: z.boolean().optional(),
});

/**
 * File extensions the upload validation accepts (spec 2 §5 Files), lower case, no dot. Mirrors the
 * server's extractor table (`supportedFileExtensions` in apps/server ingest/extractors) so the web
 * app can refuse a file before asking for an upload location.
 */
export const supportedUploadExtensions = [
  "pdf",
  "docx",
  "pptx",
  "xlsx",
  "csv",
  "tsv",
  "txt",
  "md",
  "markdown",
  "html",
  "htm",
  "png",
  "jpg",
  "jpeg",
  "webp",
  "gif",
  "bmp",
  // Recordings (kept and played; transcribed into pages).
  ...audioUploadExtensions,
] as const;

/** Extensions uploaded with `source_type` image (the rest are file). */
export const imageUploadExtensions = ["png", "jpg", "jpeg", "webp", "gif", "bmp"] as const;
